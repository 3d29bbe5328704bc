import type { EntityRefView, SourceView } from '../documents/document-view';

/** A source an administrator adds (CreateSourceBody); the documents service validates it again, finally. */
export interface NewSource {
  id: string;
  name: string;
  kind: string;
  shortName: string;
  jurisdiction?: string | undefined;
  state: string;
  homeUrl: string;
  docketPattern: string;
}

export interface ReleaseView {
  id: string;
  version: string;
  releasedAt: string | null;
  recordCounts: { entity: string; count: number }[];
  changeLog: { kind: string; entity: string; count: number }[];
  addedColumns: string[];
  removedColumns: string[];
}

export interface DataProductView {
  id: string;
  name: string;
  description: string;
  cadence: string;
  fields: { name: string; type: string; description: string }[];
  sourceIds: string[];
  /** Newest first. */
  releases: ReleaseView[];
}

export interface IngestionRunView {
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

export const sourceHealth = ['healthy', 'lagging', 'failing', 'idle'] as const;
export type SourceHealth = (typeof sourceHealth)[number];

export interface SourceStatusView {
  source: SourceView;
  status: SourceHealth;
  lastSuccessAt: string | null;
  lagSeconds: number;
  documentsLast24h: number;
  documentsLast7d: number;
  errorRate: number;
  recentRuns: IngestionRunView[];
  /** The last 30 days, oldest first. */
  history: { day: string; documents: number; failed: number }[];
}

export interface EntityView {
  id: string;
  kind: string;
  name: string;
  aliases: string[];
  mentionCount: number;
  documentCount: number;
  firstSeenAt: string | null;
  lastSeenAt: string | null;
}

export interface EntityProfileView {
  entity: EntityView;
  mentionsByMonth: { month: string; mentions: number }[];
  documents: {
    documentId: string;
    title: string;
    filedAt: string | null;
    docketNumber: string;
    sourceId: string;
    excerpt: string;
  }[];
  dockets: { docketId: string; number: string; title: string; documents: number }[];
  cooccurring: EntityRefView[];
}
