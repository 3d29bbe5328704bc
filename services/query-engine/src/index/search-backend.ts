import type { IndexedDocument, SearchHit } from '../domain/indexed-document';

export interface SearchQuery {
  /** The user's text, already validated (non-empty). */
  query: string;
  limit: number;
  offset: number;
}

export interface SearchResult {
  hits: SearchHit[];
  total: number;
}

/** What an upsert did: nothing (same content and metadata), a new document, or a changed one. */
export type UpsertOutcome = 'inserted' | 'updated' | 'unchanged';

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
 * The search index. SQLite FTS5 is the embedded implementation; an OpenSearch one follows (issue 4).
 * Methods are async so that a networked backend fits the same interface.
 */
export interface SearchBackend {
  /** Idempotent by document id. */
  upsert(document: IndexedDocument): Promise<UpsertOutcome>;
  /** Returns whether the document was in the index. */
  remove(documentId: string): Promise<boolean>;
  search(query: SearchQuery): Promise<SearchResult>;
  count(): Promise<number>;
  /** Starts a rebuild into a fresh index; only one build can be open at a time (an older one is aborted). */
  beginBuild(): Promise<IndexBuild>;
  close(): Promise<void>;
}
