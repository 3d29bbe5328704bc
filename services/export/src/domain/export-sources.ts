import type { Readable } from 'node:stream';
import type { ExportSource, SearchFiltersSpec, SearchSortOrder } from './export';

/** One search hit as exported (snippet as plain text). */
export interface ExportHit {
  documentId: string;
  title: string;
  snippet: string;
  score: number;
  filedAt?: Date | undefined;
  sourceId: string;
  sourceName: string;
  docketNumber: string;
  filingType: string;
  filingCategory: string;
  parties: string[];
}

export interface HitBatch {
  hits: ExportHit[];
  /** The cursor after this batch ('' after the last one). */
  nextCursor: string;
  /** First batch: how many match (a lower bound when counting stopped). */
  total: number;
  totalIsLowerBound: boolean;
}

export interface SearchSpec {
  text: string;
  filters: SearchFiltersSpec;
  sort: SearchSortOrder;
  userId: string;
  workspaceId: string;
  cursor: string;
  maxHits: number;
  batchSize?: number;
}

export interface FileDescription {
  attachmentId: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface DocumentContent {
  documentId: string;
  text: string;
  files: FileDescription[];
}

export interface Passage {
  documentId: string;
  documentTitle: string;
  quote: string;
  page: number;
}

export interface AnalysisSectionView {
  heading: string;
  sentences: Array<{ text: string; citations: Passage[] }>;
}

/** A key fact of the answer, as its card on the answer page shows it. */
export interface KeyFactView {
  /** date | deadline | amount | percentage | party | outcome */
  kind: string;
  /** As written in the filing ("$4.2 million"). */
  text: string;
  /** For a reader ("Requested increase"); empty for a fact only read from a sentence. */
  label: string;
  /** For or by whom ("Ameren Illinois"). */
  subject: string;
  /** A date a later filing replaced is 'superseded'. */
  status: 'current' | 'superseded' | '';
  filingCategory: string;
  /** YYYY-MM-DD. */
  filedAt: string;
  citation?: Passage | undefined;
}

/** What the answer is about, said at its top. */
export interface AnswerScopeView {
  /** proceeding | party | comparison | open */
  kind: string;
  statement: string;
}

/** Another proceeding the question may have meant. */
export interface ScopeRefinementView {
  docketNumber: string;
  title: string;
  /** Its first and latest filing among those retrieved (YYYY-MM-DD), and decided | open. */
  firstFiled: string;
  lastFiled: string;
  status: string;
}

export interface QueryDocumentView {
  rank: number;
  documentId: string;
  title: string;
  sourceName: string;
  docketNumber: string;
  filingCategory: string;
  filedAt?: Date | undefined;
  score: number;
}

export interface FigureSeries {
  /** filings_by_month | by_agency | by_filing_type | by_party | by_docket */
  name: string;
  title: string;
  buckets: Array<{ key: string; label: string; count: number }>;
}

/** A stored query, whole, as an export writes it. */
export interface QueryView {
  queryId: string;
  question: string;
  createdAt?: Date | undefined;
  /** Which mode wrote the answer; the model's name in generative mode. */
  mode: 'extractive' | 'generative' | '';
  model: string;
  scope: AnswerScopeView;
  refinements: ScopeRefinementView[];
  notice: string;
  /** Generative mode: sentences left out because their citation did not check out. */
  droppedSentences: number;
  sections: AnalysisSectionView[];
  keyFacts: KeyFactView[];
  documents: QueryDocumentView[];
  figures: FigureSeries[];
  numbers: Array<{ kind: string; text: string; value: number; unit: string; citation?: Passage | undefined }>;
}

export interface RequestView {
  requestId: string;
  createdAt?: Date | undefined;
  resultCount: number;
  source: ExportSource & { kind: 'search' | 'query' };
}

/**
 * What exports read from the other services (over gRPC, server streaming where it is big). Every
 * call checks the user's membership of the workspace: a non-member gets NotFoundError.
 */
export interface ExportSources {
  request(userId: string, workspaceId: string, requestId: string): Promise<RequestView>;
  /**
   * The workspace as the caller sees it: its name, and whether they may run its searches and
   * questions (owners and editors; viewers may only read). NotFoundError for a non-member.
   */
  workspace(userId: string, workspaceId: string): Promise<{ name: string; mayRun: boolean }>;
  /** The workspace's log, oldest first. */
  requests(userId: string, workspaceId: string): AsyncIterable<RequestView>;
  searchHits(spec: SearchSpec, signal: AbortSignal): AsyncIterable<HitBatch>;
  query(userId: string, queryId: string): Promise<QueryView>;
  /** Documents by id (at most 5,000 a call), in the order asked; missing ones skipped. */
  documents(ids: string[], includeText: boolean, signal: AbortSignal): AsyncIterable<DocumentContent>;
  openFile(documentId: string, attachmentId: string, signal: AbortSignal): Promise<Readable>;
}
