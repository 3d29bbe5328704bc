import { InputError, UnavailableError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import { unary, type GrpcServiceBinding } from '@docket/service-kit';
import {
  SearchServiceService, SearchSort,
  type GetIndexStatsRequest, type GetIndexStatsResponse, type SearchRequest, type SearchResponse,
  type StartReindexRequest, type StartReindexResponse,
} from '@docket/proto/src/gen/research/query_engine/v1/search';
import type { QueryNode } from '@docket/query-language';
import type { SearchHit } from '../domain/indexed-document';
import { hasSearchFilters, restrictQuery, type SearchFilters } from '../domain/search-filters';
import { validateSearchRequest, type SearchSortOrder, type ValidSearchRequest } from '../domain/search-request';
import type { ProcessUpdates } from '../domain/process-update';
import type { SearchBackend, SearchResult } from '../index/search-backend';
import type { QueryBudget } from '../index/query-budget';
import { startReindex, type ReindexJobs } from '../workers/start-reindex';
import { callBudget } from './call-budget';

/**
 * What a search inside a workspace needs from workspaces (implemented by the workspace service):
 * `resolve` checks that the user may search there (throwing the house errors otherwise) and gives
 * the workspace's default filters; `record` adds the search to the workspace's log and returns the
 * request id. Only a search's first page is recorded, and only when the request says `record` (the
 * BFF's POST): later pages, and reads, are not new requests.
 */
export interface SearchWorkspaceScope {
  resolve(userId: string, workspaceId: string): Promise<{ defaultFilters: SearchFilters }>;
  record(search: {
    workspaceId: string;
    userId: string;
    text: string;
    normalizedQuery: string;
    /** The filters in force: the request's own, or the workspace's defaults when it brings none. */
    filters: SearchFilters;
    sort: SearchSortOrder;
    tookMs: number;
    total: number;
    totalIsLowerBound: boolean;
    hits: SearchHit[];
  }): Promise<string>;
}

export interface SearchServiceDeps {
  index: SearchBackend;
  processes: ProcessUpdates;
  jobs: ReindexJobs;
  logger: Logger;
  /** How long one search may work (the caller's deadline may cut it shorter). */
  budgetMs: number;
  /** Absent until workspaces are wired in: a search with a workspace_id is then refused. */
  workspaceScope?: SearchWorkspaceScope | undefined;
}

/** research.query_engine.v1.SearchService */
export function searchServiceBinding(deps: SearchServiceDeps): GrpcServiceBinding {
  const { index, processes, jobs, logger } = deps;
  return {
    definition: SearchServiceService,
    implementation: {
      search: unary<SearchRequest, SearchResponse>(logger, (request, call) => runSearch(deps, request, callBudget(call, deps.budgetMs, request.userId.trim() || undefined))),

      startReindex: unary<StartReindexRequest, StartReindexResponse>(logger, async (request) => {
        // The owner decides who may see the process; an ownerless one would be visible to admins only.
        if (!request.requestedBy.trim()) throw new InputError('who requested the re-index is required', [{ path: 'requested_by', message: 'must not be empty' }]);
        const processId = await startReindex({ processes, jobs, logger }, { ownerId: request.requestedBy, requestedBy: request.requestedBy });
        return { processId };
      }),

      getIndexStats: unary<GetIndexStatsRequest, GetIndexStatsResponse>(logger, async () => ({
        documents: String(await index.count()),
      })),
    },
  };
}

async function runSearch(deps: SearchServiceDeps, request: SearchRequest, budget: QueryBudget): Promise<SearchResponse> {
  const started = performance.now();
  const workspaceId = request.workspaceId.trim();
  const userId = request.userId.trim();
  const valid = validateSearchRequest({
    query: request.query,
    limit: request.limit,
    offset: request.offset,
    filters: request.filters,
    sort: sortOf(request.sort),
    cursor: request.cursor,
    includeFacets: request.includeFacets,
    // A workspace's default filters make an empty query meaningful; they are checked below.
    allowEmpty: workspaceId !== '',
  });

  let filters = valid.filters;
  if (workspaceId) {
    if (!deps.workspaceScope) throw new UnavailableError('searching inside a workspace is not available: this query-engine has no workspace service wired in');
    if (!userId) throw new InputError('a workspace search needs the user', [{ path: 'user_id', message: 'must not be empty with a workspace_id' }]);
    const { defaultFilters } = await deps.workspaceScope.resolve(userId, workspaceId);
    // As in the ask pipeline: the filter panel starts from the defaults, so the request's own replace them.
    if (!hasSearchFilters(filters)) filters = defaultFilters;
    if (valid.query.kind === 'and' && valid.query.children.length === 0 && !hasSearchFilters(filters)) {
      throw new InputError('invalid search request', [{ path: 'query', message: 'must not be empty: the workspace has no default filters and none were given' }]);
    }
  }

  const result = await searchWithOffset(deps.index, valid, restrictQuery(valid.query, filters), budget);
  const tookMs = Math.round((performance.now() - started) * 1000) / 1000;
  let requestId = '';
  if (request.record && workspaceId && deps.workspaceScope && !valid.cursor && valid.offset === 0) {
    requestId = await deps.workspaceScope.record({
      workspaceId, userId, text: request.query.trim(), normalizedQuery: valid.normalizedQuery, filters, sort: valid.sort,
      tookMs, total: result.total, totalIsLowerBound: result.totalIsLowerBound, hits: result.hits,
    });
  }
  return {
    hits: result.hits,
    total: String(result.total),
    tookMs,
    facets: result.facets.map((facet) => ({
      field: facet.field,
      buckets: facet.buckets.map((bucket) => ({ value: bucket.value, label: bucket.label, count: String(bucket.count) })),
    })),
    nextCursor: result.nextCursor ?? '',
    requestId,
    normalizedQuery: valid.normalizedQuery,
    facetsCounted: String(valid.facets ? (result.facetsCounted ?? result.total) : 0),
    totalIsLowerBound: result.totalIsLowerBound,
  };
}

/**
 * The first issue's offset paging, kept for its callers: the hits after the first offset of the
 * first offset + limit (the cursor that comes back continues after them).
 */
function searchWithOffset(index: SearchBackend, valid: ValidSearchRequest, query: QueryNode, budget: QueryBudget): Promise<SearchResult> {
  return index.search({ query, sort: valid.sort, limit: valid.offset + valid.limit, skip: valid.offset, cursor: valid.cursor, facets: valid.facets }, budget);
}

function sortOf(sort: SearchSort): SearchSortOrder {
  switch (sort) {
    case SearchSort.SEARCH_SORT_UNSPECIFIED:
    case SearchSort.SEARCH_SORT_RELEVANCE:
      return 'relevance';
    case SearchSort.SEARCH_SORT_FILED_NEWEST:
      return 'filed_newest';
    case SearchSort.SEARCH_SORT_FILED_OLDEST:
      return 'filed_oldest';
    default:
      throw new InputError('invalid search request', [{ path: 'sort', message: 'must be relevance, filed_newest or filed_oldest' }]);
  }
}
