import type { DocketEntryMark } from './docket-entries';
import type { DocumentEntity, DocumentMention, DocumentValue } from './text-analysis';

/** A page as a half-open range [start, end) of character offsets into a document's text. */
export interface PageSpan {
  number: number;
  start: number;
  end: number;
}

/** Why a file's text could not be read (the document is kept, with no text). */
export type ExtractionFailureReason = 'encrypted' | 'corrupt' | 'empty' | 'too_large' | 'unsupported' | 'timeout';

/** One file of a document; the primary one carries the document's text. */
export interface Attachment {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  pageCount: number;
  blobKey: string;
  primary: boolean;
  failureReason?: string;
  failureMessage?: string;
  /** Extracted text of a secondary attachment (the primary one's text is the document's text). */
  text?: string;
}

export interface Provenance {
  connector: string;
  sourceDocumentId: string;
  sourceUrl: string;
  /** The run that last wrote its content. */
  runId: string;
  /** The run that first stored it (absent on documents stored before it was recorded). */
  createdByRunId?: string;
  /** Why the file importer's recognisers did not read the file (absent when one did, or none was asked). */
  unrecognisedReason?: string;
}

/** A filing as stored: metadata, text with page spans, attachments, entities and provenance. */
export interface Document {
  id: string;
  title: string;
  text: string;
  pages: PageSpan[];
  sourceId: string;
  docketId: string;
  docketNumber: string;
  filingType: string;
  filingCategory: string;
  filedAt?: Date;
  filers: string[];
  description: string;
  /** Set for an entry of its court's docket. */
  docketEntry?: DocketEntryMark;
  language: string;
  sha256: string;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  attachments: Attachment[];
  provenance: Provenance;
  failureReason?: string;
  failureMessage?: string;
  entities: DocumentEntity[];
  mentions: DocumentMention[];
  values: DocumentValue[];
  /**
   * A new document's entities, mentions and values are still to be found (DocumentAnalyser does it in
   * the background, seconds after the import): they are empty until then.
   */
  analysisPending?: boolean;
  /** When DocumentAnalyser found them; its entity profiles are counted by it, not by the StatsProjector. */
  analysedAt?: Date;
}
