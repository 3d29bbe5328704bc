import type { z } from 'zod';
import type {
  Attachment,
  Attorney,
  Docket,
  DocketCourt,
  DocketEntriesResponse,
  DocketEntry,
  Document,
  EntityRef,
  FilingTypeCount,
  Mention,
  PageSpan,
  Party,
  Provenance,
  Source,
  UploadResult,
} from './documents.schemas';

export { uploadOutcomes, type UploadOutcome } from './upload-outcomes';

/** A page of a document's text: character offsets into the whole text. */
export type PageSpanView = z.output<typeof PageSpan>;

/** A file of a document, and whether its text could be read. */
export type AttachmentView = z.output<typeof Attachment>;

/** Where a document was collected from. */
export type ProvenanceView = z.output<typeof Provenance>;

/** A document with the requested page range of its text. */
export type DocumentView = z.output<typeof Document>;

/** An attorney of a court party. */
export type AttorneyView = z.output<typeof Attorney>;

/** A party to a docket. */
export type PartyView = z.output<typeof Party>;

/** What a court's own docket report says of a case. */
export type DocketCourtView = z.output<typeof DocketCourt>;

/** A docket (a proceeding or a court case). */
export type DocketView = z.output<typeof Docket>;

/** One row of a docket's entries table. */
export type DocketEntryView = z.output<typeof DocketEntry>;

/** A page of a docket's entries, with how many the whole docket has. */
export type DocketEntriesPage = z.output<typeof DocketEntriesResponse>;

/** An entity named in a document, or next to another entity. */
export type EntityRefView = z.output<typeof EntityRef>;

/** Where an entity is named in a document's text. */
export type MentionView = z.output<typeof Mention>;

export interface NewDocument {
  title: string;
  text: string;
  docketNumber?: string | undefined;
  filingType?: string | undefined;
  sourceId?: string | undefined;
  filedAt?: Date | undefined;
}

/** What became of one uploaded file. */
export type UploadResultView = z.output<typeof UploadResult>;

/** How many documents of a source have one native filing type. */
export type FilingTypeCountView = z.output<typeof FilingTypeCount>;

/** A source (an agency or a court) with counts of what it holds. */
export type SourceView = z.output<typeof Source>;
