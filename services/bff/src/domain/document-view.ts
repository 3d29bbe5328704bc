export interface PageSpanView {
  number: number;
  /** Character offsets into the whole text. */
  start: number;
  end: number;
}

export interface AttachmentView {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  pageCount: number;
  /** null when extraction succeeded; else encrypted, corrupt, empty, too_large, unsupported, timeout. */
  failureReason: string | null;
  failureMessage: string | null;
  primary: boolean;
}

export interface ProvenanceView {
  connector: string;
  sourceDocumentId: string;
  sourceUrl: string;
  runId: string;
}

export interface DocumentView {
  id: string;
  title: string;
  /** The whole text, or the requested page range (see textOffset / textLength). */
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
  pages: PageSpanView[];
  attachments: AttachmentView[];
  provenance: ProvenanceView | null;
  failureReason: string | null;
}

export interface PartyView {
  name: string;
  role: string;
  kind: string;
  representative: string;
}

export interface DocketView {
  id: string;
  sourceId: string;
  number: string;
  numberRaw: string;
  title: string;
  status: string;
  openedAt: string | null;
  closedAt: string | null;
  parties: PartyView[];
  industry: string;
  documentCount: number;
}

export interface EntityRefView {
  id: string;
  kind: string;
  name: string;
  /** Mentions in the document, or co-occurrences next to an entity. */
  count: number;
}

export interface MentionView {
  entityId: string;
  start: number;
  end: number;
}

export interface NewDocument {
  title: string;
  text: string;
  docketNumber?: string | undefined;
  filingType?: string | undefined;
  sourceId?: string | undefined;
  filedAt?: Date | undefined;
}

export const uploadOutcomes = ['new', 'updated', 'duplicate', 'failed'] as const;
export type UploadOutcome = (typeof uploadOutcomes)[number];

/** What became of one uploaded file. */
export interface UploadResultView {
  fileName: string;
  outcome: UploadOutcome;
  documentId: string | null;
  title: string | null;
  /** Why the file failed or could not be read; null otherwise. */
  reason: string | null;
}
