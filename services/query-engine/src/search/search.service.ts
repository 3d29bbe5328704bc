import { InputError, UnavailableError } from '@docket/errors';
import type { UserActivity } from '@docket/service-kit';
import type { SearchHit } from '../domain/indexed-document';
import { hasSearchFilters, restrictQuery, type SearchFilters } from '../domain/search-filters';
import { validateSearchRequest, type SearchRequestInput, type ValidSearchRequest } from '../domain/search-request';
import type { RecordRequestInput } from '../domain/workspace-request';
import type { QueryBudget } from './index/query-budget';
import type { SearchBackend, SearchQuery, SearchResult } from './index/search-backend';

/** A search as a caller asks for it; `workspaceId` and `userId` are empty outside a workspace. */
export interface SearchInput extends Omit<SearchRequestInput, 'allowEmpty'> {
  workspaceId: string;
  userId: string;
  /** Add the search to the workspace's log (the BFF's POST); reads and later pages do not. */
  record: boolean;
}

export interface SearchOutcome {
  result: SearchResult;
  tookMs: number;
  normalizedQuery: string;
  /** The workspace log entry of a recorded search, else ''. */
  requestId: string;
  /** How many hits the facets counted (0 when facets were not asked for). */
  facetsCounted: number;
}

/** What a search needs from workspaces (WorkspaceScope): the run check with default filters, and the log. */
export interface SearchWorkspaces {
  resolve(userId: string, workspaceId: string): Promise<{ defaultFilters: SearchFilters }>;
  recordRequest(request: RecordRequestInput): Promise<string>;
}

/** The stored query behind a logged search, so its log entry opens on the same views as a question. */
export interface SearchQueries {
  recordSearch(search: {
    text: string;
    filters: SearchFilters;
    userId: string;
    workspaceId: string;
    tookMs: number;
    hits: SearchHit[];
  }): Promise<string>;
  setRequestId(queryId: string, requestId: string): Promise<void>;
}

export interface SearchServiceDeps {
  index: SearchBackend;
  /** Absent until workspaces are wired in: a search with a workspace id is then refused. */
  workspaces?: { scope: SearchWorkspaces; queries: SearchQueries } | undefined;
  /** Counts each search as a user's request, so background work waits for it (see UserActivity). */
  users?: Pick<UserActivity, 'during'> | undefined;
}

/**
 * Runs a search: validates it, applies a workspace's default filters when the request brings none,
 * searches within the caller's time budget and, for the first page of a recorded workspace search,
 * writes it to the workspace's log.
 */
export class SearchService {
  constructor(private readonly deps: SearchServiceDeps) {}

  search(input: SearchInput, budget: QueryBudget): Promise<SearchOutcome> {
    const users = this.deps.users;
    return users ? users.during(() => this.run(input, budget)) : this.run(input, budget);
  }

  private async run(input: SearchInput, budget: QueryBudget): Promise<SearchOutcome> {
    const started = performance.now();
    const workspaceId = input.workspaceId.trim();
    const userId = input.userId.trim();
    // A workspace's default filters make an empty query meaningful; they are checked below.
    const valid = validateSearchRequest({ ...input, allowEmpty: workspaceId !== '' });

    let filters = valid.filters;
    if (workspaceId) {
      const workspaces = this.deps.workspaces;
      if (!workspaces)
        throw new UnavailableError(
          'searching inside a workspace is not available: this query-engine has no workspace service wired in',
        );
      if (!userId)
        throw new InputError('a workspace search needs the user', [
          { path: 'user_id', message: 'must not be empty with a workspace_id' },
        ]);
      const { defaultFilters } = await workspaces.scope.resolve(userId, workspaceId);
      // As in the ask pipeline: the filter panel starts from the defaults, so the request's own replace them.
      if (!hasSearchFilters(filters)) filters = defaultFilters;
      if (valid.query.kind === 'and' && valid.query.children.length === 0 && !hasSearchFilters(filters)) {
        throw new InputError('invalid search request', [
          { path: 'query', message: 'must not be empty: the workspace has no default filters and none were given' },
        ]);
      }
    }

    const result = await this.deps.index.search(pageOf(valid, filters), budget);
    const tookMs = Math.round((performance.now() - started) * 1000) / 1000;
    // Only a search's first page is a new request.
    const recorded = input.record && workspaceId !== '' && !valid.cursor;
    const requestId = recorded
      ? await this.record({ workspaceId, userId, text: input.query.trim(), valid, filters, tookMs, result })
      : '';
    return {
      result,
      tookMs,
      requestId,
      normalizedQuery: valid.normalizedQuery,
      facetsCounted: valid.facets ? (result.facetsCounted ?? result.total) : 0,
    };
  }

  /**
   * Three writes: the stored query, the log entry that points at it, then the query's link back.
   * A crash in between leaves a query no log entry shows, never a log entry without its query.
   */
  private async record(search: {
    workspaceId: string;
    userId: string;
    text: string;
    valid: ValidSearchRequest;
    filters: SearchFilters;
    tookMs: number;
    result: SearchResult;
  }): Promise<string> {
    const { scope, queries } = this.deps.workspaces!;
    const { workspaceId, userId, text, filters, tookMs, result } = search;
    const queryId = await queries.recordSearch({ text, filters, userId, workspaceId, tookMs, hits: result.hits });
    const requestId = await scope.recordRequest({
      workspaceId,
      userId,
      kind: 'search',
      text,
      filters,
      sort: search.valid.sort,
      tookMs,
      resultCount: result.total,
      resultCountIsLowerBound: result.totalIsLowerBound,
      queryId,
      facets: result.facets,
    });
    await queries.setRequestId(queryId, requestId);
    return requestId;
  }
}

/** The query ANDed with the filters in force, one page of it (after the cursor, if any). */
function pageOf(valid: ValidSearchRequest, filters: SearchFilters): SearchQuery {
  return {
    query: restrictQuery(valid.query, filters),
    sort: valid.sort,
    limit: valid.limit,
    cursor: valid.cursor,
    facets: valid.facets,
  };
}
