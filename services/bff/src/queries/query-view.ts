// The REST shapes of a stored query (QueryService) as the frontend reads them.

export const analysisModes = ['extractive', 'generative'] as const;
export type AnalysisModeName = (typeof analysisModes)[number];

export interface QueryFiltersView {
  agencies: string[];
  filingTypes: string[];
  dockets: string[];
  parties: string[];
  /** Inclusive UTC dates, YYYY-MM-DD; null is an open end. */
  filedFrom: string | null;
  filedTo: string | null;
}

/** A passage of a document: [start, end) character offsets into its whole text, on `page` (0 when unpaged). */
export interface CitationView {
  documentId: string;
  documentTitle: string;
  start: number;
  end: number;
  page: number;
  quote: string;
}

export interface AnalysisSentenceView {
  text: string;
  citations: CitationView[];
}

export interface AnalysisSectionView {
  heading: string;
  sentences: AnalysisSentenceView[];
}

export interface KeyFactView {
  kind: string;
  text: string;
  normalized: string;
  citation: CitationView | null;
  slot: string;
  label: string;
  subject: string;
  status: '' | 'current' | 'superseded';
  filingCategory: string;
  filedAt: string;
}

export type QuestionKindName = 'amount' | 'date' | 'parties' | 'position' | 'outcome' | 'general';

export interface AnswerScopeView {
  kind: 'proceeding' | 'party' | 'comparison' | 'open';
  docketNumber: string;
  sourceId: string;
  sourceName: string;
  title: string;
  party: string;
  statement: string;
}

export interface ScopeRefinementView {
  docketNumber: string;
  sourceId: string;
  title: string;
  documents: number;
  /** Its first and latest filing among those retrieved (YYYY-MM-DD), and decided | open. */
  firstFiled: string;
  lastFiled: string;
  status: string;
}

export interface AnalysisView {
  /** null until the service says which mode produced the answer. */
  mode: AnalysisModeName | null;
  sections: AnalysisSectionView[];
  keyFacts: KeyFactView[];
  model: string;
  droppedSentences: number;
  notice: string;
  questionKind: QuestionKindName;
  scope: AnswerScopeView;
  refinements: ScopeRefinementView[];
}

export interface QueryDocumentView {
  documentId: string;
  title: string;
  sourceId: string;
  sourceName: string;
  docketNumber: string;
  filingCategory: string;
  filedAt: string | null;
  rank: number;
  score: number;
  passages: CitationView[];
}

export interface CountBucketView {
  key: string;
  label: string;
  count: number;
}

export interface ExtractedNumberView {
  kind: string;
  text: string;
  value: number;
  unit: string;
  citation: CitationView | null;
}

export interface FigureCountsView {
  resultCount: number;
  filingsByMonth: CountBucketView[];
  byAgency: CountBucketView[];
  byFilingType: CountBucketView[];
  byParty: CountBucketView[];
  byDocket: CountBucketView[];
  numbers: ExtractedNumberView[];
}

export interface FiguresView extends FigureCountsView {
  /** The docket the figures are limited to when the answer is about one proceeding ('' = everything retrieved). */
  scopeDocketNumber: string;
  /** When limited to one proceeding: the figures over everything retrieved. */
  retrieved: FigureCountsView | null;
}

export interface QueryTimingsView {
  retrievalMs: number;
  analysisMs: number;
  figuresMs: number;
  totalMs: number;
}

export interface QueryView {
  queryId: string;
  question: string;
  filters: QueryFiltersView;
  userId: string;
  workspaceId: string | null;
  requestId: string | null;
  createdAt: string | null;
  timings: QueryTimingsView;
  mode: AnalysisModeName | null;
  resultIds: string[];
  analysis: AnalysisView;
  documents: QueryDocumentView[];
  figures: FiguresView;
}

/** Who asked, as far as this BFF's users go (null when the account no longer exists). */
export interface QueryAuthorView {
  id: string;
  email: string;
  name: string;
}

/** One row of the administrators' query log, with e-mail and workspace name resolved. */
export interface QuerySummaryView {
  queryId: string;
  question: string;
  userId: string;
  userEmail: string | null;
  workspaceId: string | null;
  workspaceName: string | null;
  createdAt: string | null;
  totalMs: number;
  mode: AnalysisModeName | null;
  documentCount: number;
}

/** One server-sent event of POST /api/workspaces/:id/queries (and of GET /api/queries/:queryId/events). */
export type AskUpdate =
  | { event: 'started'; data: { queryId: string; requestId: string | null; question: string } }
  | { event: 'documents'; data: { documents: QueryDocumentView[] } }
  | { event: 'section'; data: AnalysisSectionView }
  | { event: 'figures'; data: FiguresView }
  | { event: 'completed'; data: { query: QueryView } };

/** End of an inclusive YYYY-MM-DD day, for "to" date filters. */
export function endOfDay(date: string): Date {
  return new Date(`${date}T23:59:59.999Z`);
}

export function startOfDay(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}
