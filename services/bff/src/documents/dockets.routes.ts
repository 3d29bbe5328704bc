import type { ApiRouter } from '../http/api-router';
import type { DocumentsGateway } from './documents.gateway';
import { DocketEntriesQuery, DocketEntriesResponse, DocketParams, DocketResponse } from './documents.schemas';

export function registerDocketRoutes(
  api: ApiRouter,
  deps: { documents: Pick<DocumentsGateway, 'getDocket' | 'listDocketEntries'> },
): void {
  const { documents } = deps;

  api.route(
    {
      method: 'get',
      path: '/api/dockets/:docketId',
      tag: 'dockets',
      access: 'user',
      params: DocketParams,
      summary:
        'A docket: number, title, status, dates and parties; ' +
        "a court case's header (court, judges, nature of suit, …) and its parties' attorneys",
      responses: {
        200: { description: 'The docket with its source', schema: DocketResponse },
        404: { description: 'No such docket' },
      },
    },
    async ({ params }, _req, res) => {
      res.json(await documents.getDocket(params.docketId));
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/dockets/:docketId/entries',
      tag: 'dockets',
      access: 'user',
      params: DocketParams,
      query: DocketEntriesQuery,
      summary:
        "A page of a docket's entries in court order (entry date, then number); " +
        "an agency's docket lists its filings by date",
      responses: {
        200: { description: 'The page (empty past the last one)', schema: DocketEntriesResponse },
        404: { description: 'No such docket' },
      },
    },
    async ({ params, query }, _req, res) => {
      res.json(await documents.listDocketEntries(params.docketId, query.page, query.pageSize));
    },
  );
}
