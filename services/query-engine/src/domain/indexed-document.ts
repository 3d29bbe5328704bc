import { createHash } from 'node:crypto';

/** A document as the search index sees it: what is searched (title, text) and what is shown or filtered. */
export interface IndexedDocument {
  id: string;
  title: string;
  text: string;
  sourceId: string;
  docketNumber: string;
  filingType: string;
  filedAt?: Date | undefined;
  /** Content hash of title + text; an upsert with an unchanged hash does not re-tokenize the text. */
  sha256: string;
}

export interface SearchHit {
  documentId: string;
  title: string;
  /** HTML-safe excerpt: the document's own text is escaped; matched terms are wrapped in <mark></mark>. */
  snippet: string;
  /** Higher is better (negated BM25 for the SQLite backend). */
  score: number;
  filedAt?: Date | undefined;
  sourceId: string;
  docketNumber: string;
  filingType: string;
}

/**
 * The documents service sends the sha256 of the content; should one arrive without it, hash it
 * here, since an empty hash would make every later version look "unchanged".
 */
export function contentHashOr(sha256: string, title: string, text: string): string {
  return sha256 || createHash('sha256').update(title).update('\n').update(text).digest('hex');
}
