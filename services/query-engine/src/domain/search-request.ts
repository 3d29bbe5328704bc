import { InputError, type FieldIssue } from '@docket/errors';
import { formatQuery, parseQuery, QuerySyntaxError, type QueryNode } from '@docket/query-language';
import { checkSearchFilters, hasSearchFilters, type SearchFilters } from './search-filters';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
export const MAX_QUERY_LENGTH = 1_000;

export type SearchSortOrder = 'relevance' | 'filed_newest' | 'filed_oldest';

export interface SearchRequestInput {
  query: string;
  limit: number;
  filters?: Partial<SearchFilters> | undefined;
  sort: SearchSortOrder;
  cursor: string;
  includeFacets: boolean;
  /** An empty query with no filters is fine (a workspace's default filters will apply). */
  allowEmpty?: boolean | undefined;
}

export interface ValidSearchRequest {
  /** The user's query alone (an empty AND when only filters were given). */
  query: QueryNode;
  filters: SearchFilters;
  /** The query printed back in canonical form, for "showing results for". */
  normalizedQuery: string;
  limit: number;
  sort: SearchSortOrder;
  cursor?: string | undefined;
  facets: boolean;
}

/**
 * Validates a search request as it comes off the wire and parses its query. A syntax error comes
 * out as the parser's QuerySyntaxError (an InputError naming the column and what was expected);
 * everything else wrong is listed in one InputError. proto3 cannot tell "unset" from 0, so a limit
 * of 0 means the default.
 */
export function validateSearchRequest(input: SearchRequestInput): ValidSearchRequest {
  const issues: FieldIssue[] = [];
  const text = input.query.trim();
  let query: QueryNode = { kind: 'and', children: [] };
  let syntaxError: QuerySyntaxError | undefined;
  if (text.length > MAX_QUERY_LENGTH) {
    issues.push({ path: 'query', message: `must be at most ${MAX_QUERY_LENGTH} characters` });
  } else if (text !== '') {
    try {
      query = parseQuery(text);
    } catch (error) {
      if (!(error instanceof QuerySyntaxError)) throw error;
      syntaxError = error;
    }
  }
  const { filters, issues: filterIssues } = checkSearchFilters(input.filters);
  issues.push(...filterIssues);
  if (text === '' && !hasSearchFilters(filters) && !input.allowEmpty)
    issues.push({ path: 'query', message: 'must not be empty unless filters are given' });

  const limit = input.limit === 0 ? DEFAULT_LIMIT : input.limit;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    issues.push({ path: 'limit', message: `must be between 1 and ${MAX_LIMIT}` });
  const cursor = input.cursor.trim();

  if (syntaxError && issues.length === 0) throw syntaxError;
  if (syntaxError) issues.unshift(...syntaxError.issues);
  if (issues.length > 0) throw new InputError(describeIssues(issues), issues);
  return {
    query,
    filters,
    normalizedQuery: printable(query),
    limit,
    sort: input.sort,
    cursor: cursor === '' ? undefined : cursor,
    facets: input.includeFacets,
  };
}

function printable(query: QueryNode): string {
  try {
    return formatQuery(query);
  } catch {
    return ''; // only trees the parser cannot produce fail to print
  }
}

function describeIssues(issues: FieldIssue[]): string {
  return `invalid search request: ${issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}`;
}
