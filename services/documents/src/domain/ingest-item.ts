import type { DocketEntryMark } from './docket-entries';
import type { ExtractionFailureReason } from './document.types';

export interface IngestParty {
  name: string;
  role: string;
  kind?: string;
  representative?: string;
  /** A court party's attorneys, as its docket lists them. */
  attorneys?: Array<{ name: string; contact: string; roles: string[] }>;
  /** The day the court terminated the party from the case (YYYY-MM-DD), when its docket says. */
  dateTerminated?: string;
}

/** What a court's own docket says of a case: its court, judges and nature. */
export interface DocketCourt {
  courtId: string;
  courtName: string;
  judge: string;
  referredJudge: string;
  natureOfSuit: string;
  cause: string;
  jurisdiction: string;
  juryDemand: string;
}

/** A file that comes with a document: read from `path` (streamed) or given as `bytes`. */
export interface IngestFile {
  fileName: string;
  contentType?: string;
  path?: string;
  bytes?: Buffer;
  /** The size of the regular file at `path`, when the caller has just read it (saves a stat). */
  size?: number;
  /** Page texts already known (the generated corpus renders its PDFs from them): no extraction needed. */
  knownPages?: string[];
}

/** One document as any connector hands it to the ingestion pipeline. */
export interface IngestItem {
  sourceId: string;
  /** files, federal-register, courtlistener, corpus, manual */
  connector: string;
  /** Stable id at the source (a path for files): the same id again is the same document, perhaps changed. */
  sourceDocumentId: string;
  sourceUrl?: string;
  runId?: string;
  createdBy?: string;
  title?: string;
  filingTypeNative?: string;
  docketNumber?: string;
  docketNumberRaw?: string;
  docketTitle?: string;
  docketStatus?: string;
  docketOpenedAt?: Date;
  docketClosedAt?: Date;
  industry?: string;
  parties?: IngestParty[];
  /** The court's docket report describes the case: its header and parties replace what was stored. */
  court?: DocketCourt;
  filedAt?: Date;
  filers?: string[];
  description?: string;
  /** Set when the filing is an entry of its court's docket (the docket lists its entries apart from other filings). */
  docketEntry?: DocketEntryMark;
  /** Text pages when the connector has the text itself; otherwise the primary file's text is used. */
  pages?: string[];
  /** The first file is the primary one (the text comes from it unless `pages` is given). */
  files?: IngestFile[];
}

export type IngestOutcomeKind = 'new' | 'updated' | 'duplicate' | 'failed';

export interface IngestOutcome {
  outcome: IngestOutcomeKind;
  documentId: string;
  /** For `failed`: why the file could not be read. */
  reason?: ExtractionFailureReason | 'invalid';
  message?: string;
}
