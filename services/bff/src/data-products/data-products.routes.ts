import { pipeline } from 'node:stream/promises';
import type { UploadLimits } from '../documents';
import type { ApiRouter } from '../http/api-router';
import { authOf } from '../http/auth-context';
import { clientGoneSignal } from '../http/client-gone';
import { contentDisposition } from '../http/content-disposition';
import { ProductSummary } from './data-product-summary.schemas';
import type { DataProductsGateway } from './data-products.gateway';
import {
  ChangedRowsQuery,
  ChangedRowsResponse,
  DataProductDetail,
  DataProductParams,
  filtersOf,
  PublishReleaseResponse,
  ReleaseDownloadQuery,
  ReleaseParams,
  ReleaseRowsQuery,
  ReleaseRowsResponse,
  ReleaseUploadForm,
} from './data-products.schemas';
import { receiveReleaseUpload } from './release-upload';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * /api/data-products/{id}: a product with its schema and releases; its rows, a release at a time,
 * filtered, sorted and paged on the server; the rows a release added, removed or changed.
 */
export function registerDataProductRoutes(
  api: ApiRouter,
  deps: { dataProducts: DataProductsGateway; uploadLimits: Pick<UploadLimits, 'maxFileBytes'> },
): void {
  const { dataProducts } = deps;

  api.route(
    {
      method: 'post',
      path: '/api/data-products/:id/releases',
      tag: 'catalog',
      access: 'admin',
      params: DataProductParams,
      streamedBody: { contentType: 'multipart/form-data', schema: ReleaseUploadForm },
      summary:
        "Publish a release from a CSV or JSON Lines file, checked against the product's schema " +
        '(a 400 names each bad row by line and column, and nothing is published)',
      responses: {
        201: { description: 'The release, with its change log against the one before', schema: PublishReleaseResponse },
      },
    },
    async ({ params }, req, res) => {
      const published = await receiveReleaseUpload(
        req,
        { dataProducts, maxFileBytes: deps.uploadLimits.maxFileBytes },
        { dataProductId: params.id, publishedBy: authOf(req).user.id },
      );
      res.status(published.outcome === 'published' ? 201 : 200).json(published);
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/data-products/:id',
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
      path: '/api/data-products/:id/rows',
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
      path: '/api/data-products/:id/download',
      tag: 'catalog',
      access: 'user',
      params: DataProductParams,
      query: ReleaseDownloadQuery,
      summary:
        "A release's rows as CSV, or as XLSX with format=xlsx (the latest by default; filtered and sorted as " +
        'the table is), streamed',
      responses: {
        200: {
          description: `The CSV file, with a header row; with format=xlsx, a workbook (${XLSX_TYPE})`,
          contentType: 'text/csv',
        },
        404: { description: 'No such data product, or it has no release yet (or not the one asked for)' },
      },
    },
    async ({ params, query }, _req, res) => {
      const { release, body } = await dataProducts.download(params.id, {
        releaseId: query.release ?? '',
        filters: filtersOf(query.filter),
        sortColumn: query.sort ?? '',
        descending: query.desc,
        format: query.format,
      });
      const type = query.format === 'xlsx' ? XLSX_TYPE : 'text/csv';
      res.set({
        'Content-Type': query.format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8',
        'Content-Disposition': contentDisposition(
          `${params.id}-${release.version}.${query.format}`,
          type,
          'attachment',
        ),
        'X-Content-Type-Options': 'nosniff',
      });
      try {
        await pipeline(body, res);
      } catch (error) {
        // Headers are gone already: the response is cut short; a browser that left needs nothing more.
        if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
      }
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/data-products/:id/summary',
      tag: 'catalog',
      access: 'user',
      params: DataProductParams,
      summary:
        'A data product at a glance: totals, the next expected release, the latest release by each ' +
        'low-cardinality column, and rows, changes, sums and medians per release (the last 24)',
      responses: {
        200: { description: 'The summary', schema: ProductSummary },
        404: { description: 'No such data product' },
      },
    },
    async ({ params }, _req, res) => {
      res.json(await dataProducts.summary(params.id, clientGoneSignal(res)));
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/data-products/:id/releases/:releaseId/changes',
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
