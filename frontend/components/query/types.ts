// Shapes of the BFF's query and workspace-log API (GET /api/queries/:id, POST /api/workspaces/:id/queries,
// GET /api/admin/queries, GET /api/workspaces/:id[/requests[/:requestId]]) as the query pages read them.

export type AnalysisMode = 'extractive' | 'generative';

export interface Filters {
  agencies: string[];
  filingTypes: string[];
  dockets: string[];
  parties: string[];
  filedFrom: string | null;
  filedTo: string | null;
}

export interface Citation {
  documentId: string;
  documentTitle: string;
  /** [start, end) character offsets into the document's whole text. */
  start: number;
  end: number;
  /** 1-based page; 0 for a document without pages. */
  page: number;
  quote: string;
}

export interface AnalysisSentence {
  text: string;
  citations: Citation[];
}

export interface AnalysisSection {
  heading: string;
  sentences: AnalysisSentence[];
}

export interface KeyFact {
  kind: string;
  text: string;
  normalized: string;
  citation: Citation | null;
}

export interface Analysis {
  mode: AnalysisMode | null;
  sections: AnalysisSection[];
  keyFacts: KeyFact[];
  model: string;
  droppedSentences: number;
  notice: string;
}

export interface QueryDocument {
  documentId: string;
  title: string;
  sourceId: string;
  sourceName: string;
  docketNumber: string;
  filingCategory: string;
  filedAt: string | null;
  rank: number;
  score: number;
  passages: Citation[];
}

export interface CountBucket {
  key: string;
  label: string;
  count: number;
}

export interface ExtractedNumber {
  kind: string;
  text: string;
  value: number;
  unit: string;
  citation: Citation | null;
}

export interface Figures {
  resultCount: number;
  filingsByMonth: CountBucket[];
  byAgency: CountBucket[];
  byFilingType: CountBucket[];
  byParty: CountBucket[];
  byDocket: CountBucket[];
  numbers: ExtractedNumber[];
}

export interface Query {
  queryId: string;
  question: string;
  filters: Filters;
  userId: string;
  workspaceId: string | null;
  requestId: string | null;
  createdAt: string | null;
  timings: { retrievalMs: number; analysisMs: number; figuresMs: number; totalMs: number };
  mode: AnalysisMode | null;
  resultIds: string[];
  analysis: Analysis;
  documents: QueryDocument[];
  figures: Figures;
}

export interface Person {
  id: string;
  name: string;
  email: string;
}

export interface QueryWithAuthor {
  query: Query;
  author: Person | null;
}

export interface QuerySummary {
  queryId: string;
  question: string;
  userId: string;
  userEmail: string | null;
  workspaceId: string | null;
  workspaceName: string | null;
  createdAt: string | null;
  totalMs: number;
  mode: AnalysisMode | null;
  documentCount: number;
}

export type WorkspaceRole = 'owner' | 'editor' | 'viewer';

export interface Workspace {
  id: string;
  name: string;
  description: string;
  defaultFilters: Filters;
  role: WorkspaceRole | null;
  can: { run: boolean; edit: boolean; manageMembers: boolean };
  memberCount: number;
  lastUsedAt: string | null;
  requestCount: number;
}

export type RequestKind = 'search' | 'query';

export interface WorkspaceRequest {
  id: string;
  workspaceId: string;
  kind: RequestKind;
  text: string;
  filters: Filters;
  sort: 'relevance' | 'filed_newest' | 'filed_oldest';
  createdAt: string | null;
  tookMs: number;
  resultCount: number;
  /** A search matched more than resultCount (counting stops at a limit). */
  resultCountIsLowerBound: boolean;
  queryId: string | null;
  user: Person & { active: boolean };
}

export const QUERY_VIEWS = ['analysis', 'documents', 'figures'] as const;
export type QueryViewName = (typeof QUERY_VIEWS)[number];

export function isQueryView(value: string): value is QueryViewName {
  return (QUERY_VIEWS as readonly string[]).includes(value);
}
