/** What the BFF answers for a search (GET and POST /api/search), and what it asks the query-engine. */

export type SearchSortView = 'relevance' | 'newest' | 'oldest';

export interface SearchParams {
  q: string;
  agencies: string[];
  filingTypes: string[];
  dockets: string[];
  parties: string[];
  /** Inclusive UTC days, YYYY-MM-DD. */
  filedFrom?: string | undefined;
  filedTo?: string | undefined;
  sort: SearchSortView;
  cursor?: string | undefined;
  facets: boolean;
  limit: number;
  /** Search inside a workspace, as this user. */
  workspaceId?: string | undefined;
  /** Add the search to the workspace's log (POST only: a GET never writes). */
  record?: boolean | undefined;
  userId: string;
}

export interface SearchHitView {
  documentId: string;
  title: string;
  titleHtml: string;
  snippet: string;
  score: number;
  filedAt: string | null;
  sourceId: string;
  sourceName: string;
  docketNumber: string;
  filingType: string;
  filingCategory: string;
  parties: string[];
}

export type SearchFacetField = 'agency' | 'filing_type' | 'docket' | 'year' | 'party';

export interface SearchFacetView {
  field: SearchFacetField;
  buckets: { value: string; label: string; count: number }[];
}

export interface SearchResultView {
  hits: SearchHitView[];
  total: number;
  /** More than `total` match (the index stops counting at a limit). */
  totalIsLowerBound: boolean;
  tookMs: number;
  facets: SearchFacetView[];
  facetsCounted: number;
  nextCursor: string | null;
  requestId: string | null;
  normalizedQuery: string;
}

/**
 * The query-engine names request fields as the proto does (`query`, `filters.agencies[0]`,
 * `filters.filed_from`); the API's callers sent `q`, `agency`, `from`: issues name what they sent.
 */
export function searchIssuePath(path: string): string {
  const renames: [RegExp, string][] = [
    [/^query$/u, 'q'],
    [/^filters\.agencies/u, 'agency'],
    [/^filters\.filing_types/u, 'type'],
    [/^filters\.dockets/u, 'docket'],
    [/^filters\.parties/u, 'party'],
    [/^filters\.filed_from$/u, 'from'],
    [/^filters\.filed_to$/u, 'to'],
    [/^workspace_id$/u, 'workspace'],
  ];
  for (const [pattern, name] of renames) if (pattern.test(path)) return path.replace(pattern, name);
  return path;
}
