import type { QueryNode } from '@docket/query-language';
import type { IndexedDocument, SearchHit } from '../../domain/indexed-document';
import type { QueryBudget } from './query-budget';

/**
 * relevance: BM25, best first (a backend may rank very large result sets in tiers, newest first;
 * without positive free text there is nothing to rank and it lists newest first). filed_newest /
 * filed_oldest: by UTC filing day; undated documents last in both; within a day, any stable order.
 */
export type SearchSortOrder = 'relevance' | 'filed_newest' | 'filed_oldest';

/** The facets a search can ask for; each counts every match, not only the page shown. */
export const FACET_FIELDS = ['agency', 'filing_type', 'docket', 'year', 'party'] as const;
export type FacetField = (typeof FACET_FIELDS)[number];
export const FACET_BUCKETS = 20;

/** The budget of a read whose caller gives none (internal callers: re-rankers, tests, benches). */
export const DEFAULT_READ_BUDGET_MS = 30_000;

export interface SearchQuery {
  /**
   * The whole query as one tree: the user's query ANDed with the structured filters (turned into
   * field nodes by domain/search-filters). Semantics are those of @docket/query-language's
   * matchesDocument, with the description searched as a third field next to title and text (a
   * phrase never spans two fields); an empty `and` matches every document.
   */
  query: QueryNode;
  sort: SearchSortOrder;
  limit: number;
  /** Opaque, made by the same backend for the same query and sort; absent for the first page. */
  cursor?: string | undefined;
  facets: boolean;
}

export interface FacetBucket {
  value: string;
  label: string;
  count: number;
}

export interface Facet {
  field: FacetField;
  /** Largest counts first (ties in any order), at most FACET_BUCKETS. */
  buckets: FacetBucket[];
}

export interface SearchResult {
  hits: SearchHit[];
  /** How many match, or (totalIsLowerBound) how many were counted before counting stopped. */
  total: number;
  /** More than `total` match: the backend stops counting at a limit to stay fast. */
  totalIsLowerBound: boolean;
  /** Only when the query asked for facets. */
  facets: Facet[];
  /**
   * How many matches the facets counted (when asked for): `total`; when totalIsLowerBound, the
   * newest `total` ones.
   */
  facetsCounted?: number | undefined;
  /** Absent on the last page. */
  nextCursor?: string | undefined;
}

/** How many documents of a query were filed on one UTC day. */
export interface DayCount {
  /** YYYY-MM-DD */
  day: string;
  count: number;
}

/** One document of a ranking; higher scores are better. */
export interface RankedDocument {
  documentId: string;
  score: number;
}

/** What an upsert did: nothing (same content and metadata), a new document, or a changed one. */
export type UpsertOutcome = 'inserted' | 'updated' | 'unchanged';

export interface WriteCost {
  documents: number;
  cpuMs: number;
}

/**
 * A fresh index being filled from the source of truth while the live index keeps serving.
 * `commit` swaps it in atomically; `abort` throws it away. Writes made to the live index through
 * the backend while a build is open are applied to the build too (see the implementation).
 */
export interface IndexBuild {
  /** Adds documents read from the source of truth; returns how many were written. */
  addFromSource(documents: IndexedDocument[]): Promise<number>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/**
 * The search index. SQLite FTS5 is the embedded implementation, OpenSearch the one for scale; both
 * pass test/shared/search-backend.suite.ts. Methods are async so that a networked backend fits.
 */
export interface FetchOptions {
  /**
   * Texts may be cut to their first `textChars` characters (a backend may also return them whole):
   * a reader that needs the documents' metadata and openings only (a question's result set beyond
   * the documents it analyses) does not inflate and carry whole filings between threads.
   */
  textChars?: number | undefined;
}

export interface SearchBackend {
  /** Idempotent by document id. */
  upsert(document: IndexedDocument): Promise<UpsertOutcome>;
  /**
   * Many documents at once, idempotent by id like upsert (a backend that writes them together is far
   * cheaper per document); without it, callers upsert one by one.
   */
  upsertMany?(documents: IndexedDocument[]): Promise<void>;
  /** Returns whether the document was in the index. */
  remove(documentId: string): Promise<boolean>;
  /**
   * Without a budget, the backend's default one (DEFAULT_READ_BUDGET_MS). When the budget is spent it
   * rejects with budgetSpentError; when the budget's signal aborts, with cancelledError.
   */
  search(query: SearchQuery, budget?: QueryBudget): Promise<SearchResult>;
  /**
   * Retrieval for a natural-language question: the documents holding any of `words` (folded words)
   * in an English-stemmed form in their title, text or description, best BM25 first, within `scope`
   * (field and date filters, as a workspace sets; null for every document); at most `k`. Unlike
   * search, whose words match exactly, a question's "vaccination" also finds "vaccinated".
   */
  rankForQuestion(words: string[], scope: QueryNode | null, k: number, budget?: QueryBudget): Promise<RankedDocument[]>;
  /**
   * How many documents match per UTC filing day, oldest day first; undated documents and days with
   * none are left out. The caller bounds the work with a `filed` range in the query (an alert's
   * expected volume counts the last N days).
   */
  countByDay(query: QueryNode, budget?: QueryBudget): Promise<DayCount[]>;
  /** The stored documents (text, pages, metadata) by id, in the order asked; unknown ids are left out. */
  fetch(documentIds: string[], budget?: QueryBudget, options?: FetchOptions): Promise<IndexedDocument[]>;
  count(): Promise<number>;
  /**
   * What writing has cost so far, when the backend measures it: documents written and CPU milliseconds
   * of the thread that wrote them (for the indexing progress line and the benches).
   */
  writeCost?(): WriteCost | undefined;
  /** Starts a rebuild into a fresh index; only one build can be open at a time (an older one is aborted). */
  beginBuild(): Promise<IndexBuild>;
  close(): Promise<void>;
}
