import type { ApiRouter } from '../http/api-router';
import { authOf } from '../http/auth-context';
import { clientGoneSignal } from '../http/client-gone';
import type { SearchGateway } from './search.gateway';
import {
  RecordedSearchBody,
  RETIRED_SEARCH_PARAMETERS,
  SearchCoverageResponse,
  SearchResponse,
  SearchUrlQuery,
} from './search.schemas';

/**
 * /api/search: GET reads a page, POST runs a workspace search and logs it. Both stop when the client
 * goes away. /api/search/coverage says whether the index has caught up with the documents.
 */
export function registerSearchRoutes(api: ApiRouter, deps: { search: SearchGateway }): void {
  const { search } = deps;

  api.route(
    {
      method: 'get',
      path: '/api/search',
      tag: 'search',
      access: 'user',
      query: SearchUrlQuery,
      retiredQuery: RETIRED_SEARCH_PARAMETERS,
      summary:
        'Search the documents with the query language, filters, facets, ' +
        'sort and cursor paging (a read: nothing is logged)',
      responses: {
        200: {
          description: "Hits in the order asked for, with total, facets and the next page's cursor",
          schema: SearchResponse,
        },
      },
    },
    async ({ query }, req, res) => {
      res.json(
        await search.search(
          {
            q: query.q,
            agencies: query.agency,
            filingTypes: query.type,
            dockets: query.docket,
            parties: query.party,
            filedFrom: query.from,
            filedTo: query.to,
            sort: query.sort,
            cursor: query.cursor,
            facets: query.facets,
            limit: query.limit,
            workspaceId: query.workspace,
            userId: authOf(req).user.id,
          },
          clientGoneSignal(res),
        ),
      );
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/search',
      tag: 'search',
      access: 'user',
      body: RecordedSearchBody,
      summary:
        "Run a search inside a workspace and add it to the workspace's log (its first page); " +
        'later pages are GET /api/search with the cursor',
      responses: {
        201: { description: 'The first page, with requestId: the log entry it became', schema: SearchResponse },
      },
    },
    async ({ body }, req, res) => {
      res.status(201).json(
        await search.search(
          {
            q: body.q,
            agencies: body.agency,
            filingTypes: body.type,
            dockets: body.docket,
            parties: body.party,
            filedFrom: body.from,
            filedTo: body.to,
            sort: body.sort,
            facets: body.facets,
            limit: body.limit,
            workspaceId: body.workspace,
            record: true,
            userId: authOf(req).user.id,
          },
          clientGoneSignal(res),
        ),
      );
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/search/coverage',
      tag: 'search',
      access: 'user',
      summary:
        'How many documents the search index holds and how many changes it has still to take in ' +
        '(results may be incomplete until it has)',
      responses: { 200: { description: 'The two counts', schema: SearchCoverageResponse } },
    },
    async (_input, _req, res) => {
      const { documents, pending } = await search.indexStats();
      res.json({ indexed: documents, pending, behind: pending > 0 });
    },
  );
}
