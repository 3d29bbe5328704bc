import { InputError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import {
  SearchServiceService,
  SearchSort,
  type EstimateVolumeRequest,
  type EstimateVolumeResponse,
  type GetIndexStatsRequest,
  type GetIndexStatsResponse,
  type SearchRequest,
  type SearchResponse,
  type StartReindexRequest,
  type StartReindexResponse,
  type StreamSearchRequest,
  type StreamSearchResponse,
} from '@docket/proto/src/search';
import { serverStream, unary, type GrpcServiceBinding } from '@docket/service-kit';
import type { SearchSortOrder } from '../domain/search-request';
import { callBudget } from './call-budget';
import type { IndexCoverageService } from './index-coverage.service';
import type { SearchBackend } from './index/search-backend';
import { streamSearchCall } from './search-stream.grpc';
import { SearchStreamService } from './search-stream.service';
import type { SearchInput, SearchOutcome, SearchService } from './search.service';
import { VolumeService } from './volume.service';

export interface SearchServiceDeps {
  search: SearchService;
  /** Default: counted over `index`. */
  volume?: VolumeService | undefined;
  /** Default: over `index`, without workspaces (a workspace stream is refused). */
  stream?: SearchStreamService | undefined;
  index: SearchBackend;
  /** Default: the index's count, nothing pending. */
  coverage?: Pick<IndexCoverageService, 'coverage'> | undefined;
  /** Starts a re-index as a process owned by whoever asked for it; answers the process id. */
  startReindex: (requestedBy: string) => Promise<string>;
  logger: Logger;
  /** How long one search may work (the caller's deadline may cut it shorter). */
  budgetMs: number;
}

/** research.query_engine.v1.SearchService */
export function searchServiceBinding(deps: SearchServiceDeps): GrpcServiceBinding {
  const { index, logger } = deps;
  const volume = deps.volume ?? new VolumeService({ index });
  const stream = deps.stream ?? new SearchStreamService({ index });
  return {
    definition: SearchServiceService,
    implementation: {
      search: unary<SearchRequest, SearchResponse>(logger, async (request, call) => {
        const budget = callBudget(call, deps.budgetMs, request.userId.trim() || undefined);
        return searchResponseOf(await deps.search.search(searchInputOf(request), budget));
      }),

      startReindex: unary<StartReindexRequest, StartReindexResponse>(logger, async (request) => {
        // The owner decides who may see the process; an ownerless one would be visible to admins only.
        if (!request.requestedBy.trim())
          throw new InputError('who requested the re-index is required', [
            { path: 'requested_by', message: 'must not be empty' },
          ]);
        return { processId: await deps.startReindex(request.requestedBy) };
      }),

      getIndexStats: unary<GetIndexStatsRequest, GetIndexStatsResponse>(logger, async () => {
        const { documents, pending } = deps.coverage
          ? await deps.coverage.coverage()
          : { documents: await index.count(), pending: 0 };
        return { documents: String(documents), pending: String(pending) };
      }),

      // Under the same time budget as a search (an alert form asks it as the user types).
      estimateVolume: unary<EstimateVolumeRequest, EstimateVolumeResponse>(logger, async (request, call) => {
        const estimate = await volume.estimate(
          { query: request.query, filters: request.filters, days: request.days },
          callBudget(call, deps.budgetMs, undefined),
        );
        return {
          total: String(estimate.total),
          perDay: estimate.perDay,
          from: estimate.from,
          to: estimate.to,
          days: estimate.days.map(({ day, count }) => ({ day, count: String(count) })),
        };
      }),

      streamSearch: serverStream<StreamSearchRequest, StreamSearchResponse>(logger, (call) =>
        streamSearchCall(call, stream, { budgetMs: deps.budgetMs, sortOf }),
      ),
    },
  };
}

/** The wire's request as the search service takes it. */
function searchInputOf(request: SearchRequest): SearchInput {
  return {
    query: request.query,
    limit: request.limit,
    filters: request.filters,
    sort: sortOf(request.sort),
    cursor: request.cursor,
    includeFacets: request.includeFacets,
    workspaceId: request.workspaceId,
    userId: request.userId,
    record: request.record,
  };
}

function searchResponseOf({
  result,
  tookMs,
  requestId,
  normalizedQuery,
  facetsCounted,
}: SearchOutcome): SearchResponse {
  return {
    hits: result.hits,
    total: String(result.total),
    tookMs,
    facets: result.facets.map((facet) => ({
      field: facet.field,
      buckets: facet.buckets.map((bucket) => ({
        value: bucket.value,
        label: bucket.label,
        count: String(bucket.count),
      })),
    })),
    nextCursor: result.nextCursor ?? '',
    requestId,
    normalizedQuery,
    facetsCounted: String(facetsCounted),
    totalIsLowerBound: result.totalIsLowerBound,
  };
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
      throw new InputError('invalid search request', [
        { path: 'sort', message: 'must be relevance, filed_newest or filed_oldest' },
      ]);
  }
}
