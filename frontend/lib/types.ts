// Shapes of the BFF REST API (see the team brief); the frontend only ever reads these.
export type Role = 'admin' | 'member';

export interface User {
  id: string;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  organisationId: string;
  organisationName: string;
  mustChangePassword: boolean;
  createdAt: string;
}

export interface PageSpan {
  number: number;
  start: number;
  end: number;
}

export interface Attachment {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  pageCount: number;
  failureReason: string | null;
  failureMessage: string | null;
  primary: boolean;
}

export interface DocketDocument {
  id: string;
  title: string;
  /** The requested page range of the text (see textOffset / textLength). */
  text: string;
  textOffset: number;
  textLength: number;
  sourceId: string;
  docketId: string;
  docketNumber: string;
  filingType: string;
  filingCategory: string;
  filers: string[];
  description: string;
  language: string;
  filedAt: string | null;
  createdAt: string | null;
  sha256: string;
  pages: PageSpan[];
  attachments: Attachment[];
  provenance: { connector: string; sourceDocumentId: string; sourceUrl: string; runId: string } | null;
  failureReason: string | null;
}

export interface Party {
  name: string;
  role: string;
  kind: string;
  representative: string;
}

export interface Docket {
  id: string;
  sourceId: string;
  number: string;
  numberRaw: string;
  title: string;
  status: string;
  openedAt: string | null;
  closedAt: string | null;
  parties: Party[];
  industry: string;
  documentCount: number;
}

export interface EntityRef {
  id: string;
  kind: string;
  name: string;
  count: number;
}

export interface DocumentDetail {
  document: DocketDocument;
  docket: Docket | null;
  source: Source | null;
  entities: EntityRef[];
  mentions: { entityId: string; start: number; end: number }[];
}

export interface Source {
  id: string;
  name: string;
  shortName: string;
  kind: string;
  jurisdiction: string;
  state: string;
  homeUrl: string;
  docketPattern: string;
  publishesNativeFilingTypes: boolean;
  industries: string[];
  documentCount: number;
  docketCount: number;
  firstFiledAt: string | null;
  lastFiledAt: string | null;
  filingTypes: { native: string; category: string; count: number }[];
}

export interface Release {
  id: string;
  version: string;
  releasedAt: string | null;
  recordCounts: { entity: string; count: number }[];
  changeLog: { kind: string; entity: string; count: number }[];
  addedColumns: string[];
  removedColumns: string[];
}

export interface DataProduct {
  id: string;
  name: string;
  description: string;
  cadence: string;
  fields: { name: string; type: string; description: string }[];
  sourceIds: string[];
  releases: Release[];
}

export interface IngestionRun {
  id: string;
  sourceId: string;
  connector: string;
  startedAt: string | null;
  finishedAt: string | null;
  status: string;
  seen: number;
  new: number;
  updated: number;
  duplicate: number;
  failed: number;
  errors: { item: string; reason: string; message: string }[];
  processId: string | null;
}

export type SourceHealth = 'healthy' | 'lagging' | 'failing' | 'idle';

export interface SourceStatus {
  source: Source;
  status: SourceHealth;
  lastSuccessAt: string | null;
  lagSeconds: number;
  documentsLast24h: number;
  documentsLast7d: number;
  errorRate: number;
  recentRuns: IngestionRun[];
  history: { day: string; documents: number; failed: number }[];
}

export interface EntityProfile {
  entity: {
    id: string;
    kind: string;
    name: string;
    aliases: string[];
    mentionCount: number;
    documentCount: number;
    firstSeenAt: string | null;
    lastSeenAt: string | null;
  };
  mentionsByMonth: { month: string; mentions: number }[];
  documents: { documentId: string; title: string; filedAt: string | null; docketNumber: string; sourceId: string; excerpt: string }[];
  dockets: { docketId: string; number: string; title: string; documents: number }[];
  cooccurring: EntityRef[];
}

export type UploadOutcome = 'new' | 'updated' | 'duplicate' | 'failed';

export interface UploadResult {
  fileName: string;
  outcome: UploadOutcome;
  documentId: string | null;
  title: string | null;
  reason: string | null;
}

export interface SearchHit {
  documentId: string;
  title: string;
  snippet: string;
  score: number;
  filedAt?: string | null;
  sourceId?: string | null;
  docketNumber?: string | null;
  filingType?: string | null;
}

export interface SearchResult {
  hits: SearchHit[];
  total: number;
  tookMs: number;
}

export type ProcessStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface Process {
  id: string;
  kind: string;
  title: string;
  status: ProcessStatus;
  total: number;
  done: number;
  message: string;
  createdAt: string | null;
  updatedAt: string | null;
  finishedAt: string | null;
}

export const FINAL_PROCESS_STATUSES: readonly ProcessStatus[] = ['succeeded', 'failed'];

export function isFinalStatus(status: ProcessStatus): boolean {
  return FINAL_PROCESS_STATUSES.includes(status);
}

/** Newest first by last update (processes without timestamps last). */
export function byLatestUpdate(a: Process, b: Process): number {
  return (b.updatedAt ?? b.createdAt ?? '').localeCompare(a.updatedAt ?? a.createdAt ?? '');
}

/** Process health of a stack run by `npm start` (GET /api/stack/status; null elsewhere). */
export interface StackPartStatus {
  name: string;
  kind: 'infrastructure' | 'service' | 'frontend';
  state: 'up' | 'restarting' | 'down';
  pid?: number;
  since: string;
  restarts: number;
  crashes: { at: string; code: number | null; signal: string | null }[];
  nextRestartAt?: string;
}

export interface StackStatus {
  supervisor: string;
  startedAt: string;
  updatedAt: string;
  policy: { maxCrashes: number; windowMs: number };
  parts: StackPartStatus[];
}
