import type { ApiRouter } from '../http/api-router';
import { clientGoneSignal } from '../http/client-gone';
import type { DataProductsGateway } from './data-products.gateway';
import {
  ChangedRowsQuery,
  ChangedRowsResponse,
  DataProductDetail,
  DataProductParams,
  filtersOf,
  ReleaseParams,
  ReleaseRowsQuery,
  ReleaseRowsResponse,
} from './data-products.schemas';

/**
 * /api/data-products/{id}: a product with its schema and releases; its rows, a release at a time,
 * filtered, sorted and paged on the server; the rows a release added, removed or changed.
 */
export function registerDataProductRoutes(api: ApiRouter, deps: { dataProducts: DataProductsGateway }): void {
  const { dataProducts } = deps;

  api.route(
    {
      method: 'get',
      path: '/api/data-products/{id}',
      tag: 'catalog',
      access: 'user',
      params: DataProductParams,
      summary: 'A data product: its columns, key and releases (newest first) with their change logs',
      responses: { 200: { description: 'The product', schema: DataProductDetail } },
    },
    async ({ params }, _req, res) => {
      res.json(await dataProducts.product(params.id, clientGoneSignal(res)));
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/data-products/{id}/rows',
      tag: 'catalog',
      access: 'user',
      params: DataProductParams,
      query: ReleaseRowsQuery,
      summary: "A page of a release's rows (the latest by default), filtered and sorted on the server",
      responses: { 200: { description: 'The rows and how many match', schema: ReleaseRowsResponse } },
    },
    async ({ params, query }, _req, res) => {
      const page = await dataProducts.rows(
        params.id,
        {
          releaseId: query.release ?? '',
          filters: filtersOf(query.filter),
          sortColumn: query.sort ?? '',
          descending: query.desc,
          offset: query.offset,
          limit: query.limit,
        },
        clientGoneSignal(res),
      );
      res.json(page);
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/data-products/{id}/releases/{releaseId}/changes',
      tag: 'catalog',
      access: 'user',
      params: ReleaseParams,
      query: ChangedRowsQuery,
      summary: 'The rows a release added, removed or changed against the release before, old and new side by side',
      responses: { 200: { description: 'A page of changed rows, in key order', schema: ChangedRowsResponse } },
    },
    async ({ params, query }, _req, res) => {
      const rows = await dataProducts.changedRows(params.id, params.releaseId, query, clientGoneSignal(res));
      res.json({ rows });
    },
  );
}
