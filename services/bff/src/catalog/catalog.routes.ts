import type { ApiRouter } from '../http/api-router';
import { authOf } from '../http/auth-context';
import { IdParams } from '../http/common.schemas';
import type { SearchGateway } from '../search';
import type { CatalogGateway } from './catalog.gateway';
import {
  CatalogStatusResponse,
  CreateSourceBody,
  DataProductsResponse,
  EntityResponse,
  SourceResponse,
  SourcesResponse,
} from './catalog.schemas';
import { corpusLoadView } from './corpus-load-view';

export function registerCatalogRoutes(
  api: ApiRouter,
  deps: { catalog: CatalogGateway; search: Pick<SearchGateway, 'indexStats'> },
): void {
  const { catalog, search } = deps;

  api.route(
    {
      method: 'get',
      path: '/api/catalog/sources',
      tag: 'catalog',
      access: 'user',
      summary: 'Every source (agency or court) with its counts, coverage dates and filing types',
      responses: { 200: { description: 'The sources', schema: SourcesResponse } },
    },
    async (_input, _req, res) => {
      res.json({ sources: await catalog.sources() });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/catalog/sources',
      tag: 'catalog',
      access: 'admin',
      body: CreateSourceBody,
      summary: 'Add a source (agency or court); uploads and imports may then name it, and only sources that exist',
      responses: {
        201: { description: 'The new source', schema: SourceResponse },
        409: { description: 'A source with this id exists' },
      },
    },
    async ({ body }, req, res) => {
      res.status(201).json({ source: await catalog.createSource(body, authOf(req).user.id) });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/catalog/data-products',
      tag: 'catalog',
      access: 'user',
      summary: 'Every data product with its releases, newest first',
      responses: { 200: { description: 'The data products', schema: DataProductsResponse } },
    },
    async (_input, _req, res) => {
      res.json({ dataProducts: await catalog.dataProducts() });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/catalog/status',
      tag: 'catalog',
      access: 'user',
      summary:
        'How fresh every source is: health, lag, recent runs and 30 days of history; ' +
        "and the default corpus's load until it is searchable",
      responses: {
        200: { description: 'One entry per source, and the corpus load (or null)', schema: CatalogStatusResponse },
      },
    },
    async (_input, _req, res) => {
      const { sources, corpusLoad } = await catalog.status();
      // The index is asked only when the documents service ran a load; a busy query-engine leaves the count out,
      // not the page.
      const indexed = corpusLoad
        ? await search.indexStats().then(
            (stats) => stats.documents,
            () => undefined,
          )
        : undefined;
      res.json({ sources, corpusLoad: corpusLoadView(corpusLoad, indexed, new Date()) });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/entities/:id',
      tag: 'entities',
      access: 'user',
      params: IdParams,
      summary:
        'An entity (organisation, person, agency, docket, …) with its mentions, documents, dockets and neighbours',
      responses: {
        200: { description: 'The entity profile', schema: EntityResponse },
        404: { description: 'No such entity' },
      },
    },
    async ({ params }, _req, res) => {
      res.json(await catalog.entity(params.id));
    },
  );
}
