/**
 * The analysis as the query-engine keeps it; names mirror research.query_engine.v1 (queries.proto)
 * so the gRPC mapping is field for field.
 */
export type AnalysisModeName = 'extractive' | 'generative';

/** A passage of a document: [start, end) character offsets into its text; `quote` is that slice. */
export interface Citation {
  documentId: string;
  start: number;
  end: number;
  /** 1-based page holding `start`. */
  page: number;
  quote: string;
  documentTitle: string;
}

export interface AnalysisSentence {
  text: string;
  /** Never empty: no citation, no claim. */
  citations: Citation[];
}

export interface AnalysisSection {
  heading: string;
  sentences: AnalysisSentence[];
}

export type KeyFactKind = 'date' | 'deadline' | 'amount' | 'percentage' | 'party';

export interface KeyFact {
  kind: KeyFactKind;
  /** As written in the document ("$4.2 million", "March 3, 2025"). */
  text: string;
  /** Machine form: ISO date, number, or canonical name. */
  normalized: string;
  citation: Citation;
}

export interface Analysis {
  mode: AnalysisModeName;
  sections: AnalysisSection[];
  keyFacts: KeyFact[];
  /** Generative mode: the model's name. */
  model: string;
  /** Generative mode: sentences dropped because their citation did not check out. */
  droppedSentences: number;
  /** Why there is no answer, or why another mode answered (empty when all went as asked). */
  notice: string;
}

export interface PageSpan {
  number: number;
  start: number;
  end: number;
}

/** What the analysis reads of a retrieved document (a subset of the index's IndexedDocument). */
export interface AnalysedDocument {
  id: string;
  title: string;
  text: string;
  /** Character spans of the pages in `text`; none means one page. */
  pages?: readonly PageSpan[] | undefined;
  parties?: readonly string[] | undefined;
  filers?: readonly string[] | undefined;
}

/** A retrieved document with its fused retrieval score; lists of them are in rank order. */
export interface RetrievedDocument<D extends AnalysedDocument = AnalysedDocument> {
  document: D;
  score: number;
}
