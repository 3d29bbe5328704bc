import type { CatalogGateway } from '../../grpc/catalog.gateway';
import type { ApiRouter } from '../api-router';
import { CatalogStatusResponse, DataProductsResponse, EntityResponse, IdParams, SourcesResponse } from '../schemas';

export function registerCatalogRoutes(api: ApiRouter, deps: { catalog: CatalogGateway }): void {
  const { catalog } = deps;

  api.route(
    {
      method: 'get', path: '/api/catalog/sources', tag: 'catalog', access: 'user',
      summary: 'Every source (agency or court) with its counts, coverage dates and filing types',
      responses: { 200: { description: 'The sources', schema: SourcesResponse } },
    },
    async (_input, _req, res) => {
      res.json({ sources: await catalog.sources() });
    },
  );

  api.route(
    {
      method: 'get', path: '/api/catalog/data-products', tag: 'catalog', access: 'user',
      summary: 'Every data product with its releases, newest first',
      responses: { 200: { description: 'The data products', schema: DataProductsResponse } },
    },
    async (_input, _req, res) => {
      res.json({ dataProducts: await catalog.dataProducts() });
    },
  );

  api.route(
    {
      method: 'get', path: '/api/catalog/status', tag: 'catalog', access: 'user',
      summary: 'How fresh every source is: health, lag, recent runs and 30 days of history',
      responses: { 200: { description: 'One entry per source', schema: CatalogStatusResponse } },
    },
    async (_input, _req, res) => {
      res.json({ sources: await catalog.status() });
    },
  );

  api.route(
    {
      method: 'get', path: '/api/entities/:id', tag: 'entities', access: 'user', params: IdParams,
      summary: 'An entity (organisation, person, agency, docket, …) with its mentions, documents, dockets and neighbours',
      responses: { 200: { description: 'The entity profile', schema: EntityResponse }, 404: { description: 'No such entity' } },
    },
    async ({ params }, _req, res) => {
      res.json(await catalog.entity(params.id));
    },
  );
}
