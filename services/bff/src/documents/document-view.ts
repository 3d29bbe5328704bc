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
  /** Set for an entry of its court's docket: its number ('' when unnumbered); null for any other filing. */
  docketEntryNumber: string | null;
}

export interface AttorneyView {
  name: string;
  /** Firm, address, telephone and e-mail, one per line. */
  contact: string;
  roles: string[];
}

export interface PartyView {
  name: string;
  role: string;
  kind: string;
  representative: string;
  /** A court party's attorneys, as its docket lists them. */
  attorneys: AttorneyView[];
  /** The day the court terminated the party from the case (YYYY-MM-DD), or null. */
  dateTerminated: string | null;
}

/** What a court's own docket report says of a case. */
export interface DocketCourtView {
  courtId: string;
  courtName: string;
  judge: string;
  referredJudge: string;
  natureOfSuit: string;
  cause: string;
  jurisdiction: string;
  juryDemand: string;
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
  /** A court case's header, from its docket report; null for any other docket. */
  court: DocketCourtView | null;
}

/** One row of a docket's entries table. */
export interface DocketEntryView {
  documentId: string;
  /** As the court numbers it; '' for an unnumbered entry or an agency's filing. */
  number: string;
  filedAt: string | null;
  title: string;
  excerpt: string;
}

export interface DocketEntriesPage {
  entries: DocketEntryView[];
  /** Entries in the whole docket. */
  total: number;
  page: number;
  pageSize: number;
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

export interface FilingTypeCountView {
  native: string;
  category: string;
  count: number;
}

export interface SourceView {
  id: string;
  name: string;
  shortName: string;
  /** agency or court */
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
  filingTypes: FilingTypeCountView[];
}
