/** What the BFF answers for a search (GET and POST /api/search), and what it asks the query-engine. */

import type { z } from 'zod';
import type { SearchFacet, SearchHit, SearchResponse } from './search.schemas';

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

/** One matching document, its title and snippet marked up. */
export type SearchHitView = z.output<typeof SearchHit>;

/** The fields a search's facets count by. */
export type SearchFacetField = SearchFacetView['field'];

/** A facet: the largest buckets of one field over every match. */
export type SearchFacetView = z.output<typeof SearchFacet>;

/** A page of a search's results. */
export type SearchResultView = z.output<typeof SearchResponse>;

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
