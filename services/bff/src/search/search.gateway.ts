import { InputError } from '@docket/errors';
import * as searchV1 from '@docket/proto/src/search';
import { grpcCall } from '@docket/service-kit';
import { isoOrNull } from '../grpc/timestamps';
import {
  searchIssuePath,
  type SearchFacetField,
  type SearchParams,
  type SearchResultView,
  type SearchSortView,
} from './search-view';

const SORTS: Record<SearchSortView, searchV1.SearchSort> = {
  relevance: searchV1.SearchSort.SEARCH_SORT_RELEVANCE,
  newest: searchV1.SearchSort.SEARCH_SORT_FILED_NEWEST,
  oldest: searchV1.SearchSort.SEARCH_SORT_FILED_OLDEST,
};

/** The BFF's view of the query-engine's SearchService. */
export class SearchGateway {
  constructor(private readonly client: searchV1.SearchServiceClient) {}

  /** `signal`: the HTTP client went away; the engine stops working on the search (gRPC cancellation). */
  async search(params: SearchParams, signal?: AbortSignal): Promise<SearchResultView> {
    const request = searchV1.SearchRequest.fromPartial({
      query: params.q,
      limit: params.limit,
      filters: {
        agencies: params.agencies,
        filingTypes: params.filingTypes,
        dockets: params.dockets,
        parties: params.parties,
        filedFrom: params.filedFrom ?? '',
        filedTo: params.filedTo ?? '',
      },
      sort: SORTS[params.sort],
      cursor: params.cursor ?? '',
      includeFacets: params.facets,
      userId: params.userId,
      workspaceId: params.workspaceId ?? '',
      record: params.record ?? false,
    });
    let response: searchV1.SearchResponse;
    try {
      response = await grpcCall(this.client, 'search', request, { signal });
    } catch (error) {
      if (error instanceof InputError)
        throw new InputError(
          error.message,
          error.issues.map((issue) => ({ ...issue, path: searchIssuePath(issue.path) })),
        );
      throw error;
    }
    return {
      hits: response.hits.map((h) => ({
        documentId: h.documentId,
        title: h.title,
        titleHtml: h.titleHtml,
        snippet: h.snippet,
        score: h.score,
        filedAt: isoOrNull(h.filedAt),
        sourceId: h.sourceId,
        sourceName: h.sourceName,
        docketNumber: h.docketNumber,
        filingType: h.filingType,
        filingCategory: h.filingCategory,
        parties: h.parties,
      })),
      total: Number(response.total),
      totalIsLowerBound: response.totalIsLowerBound,
      tookMs: response.tookMs,
      facets: response.facets.map((facet) => ({
        field: facet.field as SearchFacetField,
        buckets: facet.buckets.map((bucket) => ({
          value: bucket.value,
          label: bucket.label,
          count: Number(bucket.count),
        })),
      })),
      facetsCounted: Number(response.facetsCounted),
      nextCursor: response.nextCursor || null,
      requestId: response.requestId || null,
      normalizedQuery: response.normalizedQuery,
    };
  }

  async startReindex(requestedBy: string): Promise<string> {
    const response = await grpcCall(this.client, 'startReindex', { requestedBy });
    return response.processId;
  }

  async indexStats(): Promise<{ documents: number; pending: number }> {
    const response = await grpcCall(this.client, 'getIndexStats', {});
    return { documents: Number(response.documents), pending: Number(response.pending) };
  }
}
