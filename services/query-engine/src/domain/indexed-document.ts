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
