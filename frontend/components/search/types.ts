// GET /api/search as the workspace search page reads it.

export interface SearchHit {
  documentId: string;
  title: string;
  /** Title with matched terms in <mark>; HTML-escaped otherwise. */
  titleHtml: string;
  /** Excerpt with matched terms in <mark>; HTML-escaped otherwise. */
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

export type FacetField = 'agency' | 'filing_type' | 'docket' | 'year' | 'party';

export interface SearchFacet {
  field: FacetField;
  buckets: { value: string; label: string; count: number }[];
}

export interface SearchPage {
  hits: SearchHit[];
  total: number;
  /** More than `total` match (the index stops counting at a limit). */
  totalIsLowerBound: boolean;
  tookMs: number;
  facets: SearchFacet[];
  facetsCounted: number;
  nextCursor: string | null;
  requestId: string | null;
  normalizedQuery: string;
}
