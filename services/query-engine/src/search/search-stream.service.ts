import { InputError, UnavailableError } from '@docket/errors';
import type { SearchHit } from '../domain/indexed-document';
import { hasSearchFilters, restrictQuery, type SearchFilters } from '../domain/search-filters';
import { validateSearchRequest, type SearchSortOrder } from '../domain/search-request';
import type { QueryBudget } from './index/query-budget';
import type { SearchBackend } from './index/search-backend';

export const DEFAULT_STREAM_BATCH = 500;
export const MAX_STREAM_BATCH = 5_000;

export interface SearchStreamInput {
  query: string;
  filters?: Partial<SearchFilters> | undefined;
  sort: SearchSortOrder;
  /** Resume after this cursor; '' starts at the first hit. */
  cursor: string;
  /** 0 means DEFAULT_STREAM_BATCH. */
  batchSize: number;
  /** Stop after this many hits; 0 means every hit. */
  maxHits: number;
  workspaceId: string;
  userId: string;
}

export interface SearchBatch {
  hits: SearchHit[];
  /** The cursor after this batch; undefined after the last one. */
  nextCursor: string | undefined;
  /** How many match (first batch only; 0 afterwards), and whether counting stopped at the backend's limit. */
  total: number;
  totalIsLowerBound: boolean;
}

export interface SearchStreamDeps {
  index: SearchBackend;
  /** The run check with a workspace's default filters; absent: a workspace stream is refused. */
  workspaces?: { resolve(userId: string, workspaceId: string): Promise<{ defaultFilters: SearchFilters }> } | undefined;
}

/**
 * Every hit of a search, batch after batch through the backend's cursor, for exports: nothing is
 * recorded and no facets are counted. The caller pulls: the next batch is read only when the
 * previous one was taken (gRPC backpressure), so memory holds one batch whatever the size.
 */
export class SearchStreamService {
  constructor(private readonly deps: SearchStreamDeps) {}

  /** `budget` makes a fresh budget for each batch: the stream as a whole may run for minutes. */
  async *batches(
    input: SearchStreamInput,
    budget: () => QueryBudget,
    signal?: AbortSignal,
  ): AsyncGenerator<SearchBatch> {
    const batchSize = input.batchSize === 0 ? DEFAULT_STREAM_BATCH : input.batchSize;
    if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_STREAM_BATCH) {
      throw new InputError('invalid stream request', [
        { path: 'batch_size', message: `must be between 1 and ${MAX_STREAM_BATCH}` },
      ]);
    }
    if (!Number.isInteger(input.maxHits) || input.maxHits < 0) {
      throw new InputError('invalid stream request', [{ path: 'max_hits', message: 'must not be negative' }]);
    }
    const workspaceId = input.workspaceId.trim();
    const valid = validateSearchRequest({ ...input, limit: 1, includeFacets: false, allowEmpty: workspaceId !== '' });
    const filters = await this.filtersInForce(valid.filters, workspaceId, input.userId.trim());

    const query = restrictQuery(valid.query, filters);
    let cursor = valid.cursor;
    let sent = 0;
    let first = true;
    while (!signal?.aborted) {
      const limit = input.maxHits > 0 ? Math.min(batchSize, input.maxHits - sent) : batchSize;
      const result = await this.deps.index.search({ query, sort: valid.sort, limit, cursor, facets: false }, budget());
      sent += result.hits.length;
      const done = !result.nextCursor || result.hits.length === 0 || (input.maxHits > 0 && sent >= input.maxHits);
      yield {
        hits: result.hits,
        nextCursor: done && !result.nextCursor ? undefined : result.nextCursor,
        total: first ? result.total : 0,
        totalIsLowerBound: first ? result.totalIsLowerBound : false,
      };
      first = false;
      if (done) return;
      cursor = result.nextCursor;
    }
  }

  /** As a workspace search: the request's own filters replace the workspace's defaults. */
  private async filtersInForce(filters: SearchFilters, workspaceId: string, userId: string): Promise<SearchFilters> {
    if (!workspaceId) return filters;
    if (!this.deps.workspaces)
      throw new UnavailableError('streaming a workspace search is not available: no workspace service wired in');
    if (!userId)
      throw new InputError('a workspace search needs the user', [
        { path: 'user_id', message: 'must not be empty with a workspace_id' },
      ]);
    const { defaultFilters } = await this.deps.workspaces.resolve(userId, workspaceId);
    return hasSearchFilters(filters) ? filters : defaultFilters;
  }
}
