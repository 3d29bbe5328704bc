import { NotFoundError } from '@docket/errors';
import {
  docketListingPrefix,
  documentIdOfListingKey,
  entriesOffsetOf,
  entriesPageSizeOf,
} from '../domain/docket-entries';
import type { DocketRepository } from '../store/docket.repository';
import type { DocumentRepository } from '../store/document.repository';

export interface DocketEntryView {
  documentId: string;
  /** As the court numbers it; '' for an unnumbered entry or a filing that is no court entry. */
  number: string;
  filedAt?: Date;
  title: string;
  /** The start of its text; an entry's without its heading. */
  excerpt: string;
}

export interface DocketEntryPage {
  entries: DocketEntryView[];
  nextPageToken: string;
  totalSize: number;
}

/** Longer is no docket id (they are derived: 24 hex characters), so it is not looked up. */
const MAX_DOCKET_ID_CHARS = 200;

/** A docket's entries as its court lists them, a page at a time. */
export class DocketEntryService {
  constructor(private readonly deps: { documents: DocumentRepository; dockets: DocketRepository }) {}

  /**
   * The docket's entries in court order (day, then number). A docket none of whose filings is a
   * court's entry (an agency's) lists its filings the same way, so every docket has its table.
   */
  async list(docketId: string, pageSize: number, pageToken: string): Promise<DocketEntryPage> {
    const size = entriesPageSizeOf(pageSize);
    const offset = entriesOffsetOf(pageToken);
    const docket =
      docketId && docketId.length <= MAX_DOCKET_ID_CHARS ? await this.deps.dockets.findRecent(docketId) : undefined;
    if (!docket) throw new NotFoundError(`no docket ${JSON.stringify(docketId.slice(0, MAX_DOCKET_ID_CHARS))}`);
    const { documents } = this.deps;
    let keys = await documents.docketListingKeys(docketListingPrefix(docket.id, 'entries'));
    if (keys.length === 0) keys = await documents.docketListingKeys(docketListingPrefix(docket.id, 'filings'));
    const rows = await documents.docketListingRows(keys.slice(offset, offset + size).map(documentIdOfListingKey));
    return {
      entries: rows.map((row) => ({
        documentId: row.id,
        number: row.docketEntry?.number ?? '',
        filedAt: row.filedAt,
        title: row.title,
        excerpt: row.lead,
      })),
      nextPageToken: offset + size < keys.length ? String(offset + size) : '',
      totalSize: keys.length,
    };
  }
}
