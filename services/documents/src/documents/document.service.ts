import type { Readable } from 'node:stream';
import { InputError, NotFoundError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import type { BlobStore } from '../blob/blob-store';
import type { Docket } from '../domain/docket.types';
import { pageSizeOf, validateNewDocument, type NewDocumentInput } from '../domain/document';
import type { Attachment, Document } from '../domain/document.types';
import type { IngestOutcome } from '../domain/ingest-item';
import { UPLOADS_SOURCE } from '../domain/known-sources';
import type { Source } from '../domain/source.types';
import type { DocketRepository } from '../store/docket.repository';
import { isDocumentId, type DocumentRepository } from '../store/document.repository';
import type { SourceRepository } from '../store/source.repository';
import { documentDeletedEvent, type DocumentsTopics } from './document-changes.event';
import type { IngestService, OutboxKicker } from './ingest.service';

export interface DocumentPage {
  documents: Document[];
  nextPageToken: string;
  totalSize: number;
}

export interface DocumentView {
  document: Document;
  docket?: Docket;
  source?: Source;
  /** Offset of `document.text` (a page range) in the whole text. */
  textOffset: number;
  textLength: number;
}

export const DEFAULT_TEXT_PAGES = 5;
/** Ids one StreamDocuments call may ask for (an export asks batch by batch). */
export const MAX_STREAM_IDS = 5_000;
/** Documents read from the store at once while streaming: whole texts, so few. */
const STREAM_CHUNK = 50;
const MAX_TEXT_PAGES = 50;
const MAX_DOCKET_ID_CHARS = 200;

/** Reading, adding by hand, deleting documents and opening their files. */
export class DocumentService {
  constructor(
    private readonly deps: {
      documents: DocumentRepository;
      dockets: DocketRepository;
      sources: SourceRepository;
      blobs: BlobStore;
      ingest: IngestService;
      outbox: OutboxKicker;
      topics: DocumentsTopics;
      logger: Logger;
    },
  ) {}

  /**
   * A document typed in by a user (the admin form): deduplicated by content like any other. Its source
   * must exist (UnknownSourceError otherwise); none named files it under the built-in uploads source.
   */
  async create(input: NewDocumentInput): Promise<{ document: Document; created: boolean }> {
    const valid = validateNewDocument(input);
    const outcome: IngestOutcome = await this.deps.ingest.ingest({
      sourceId: valid.sourceId || UPLOADS_SOURCE.id,
      connector: 'manual',
      sourceDocumentId: `manual:${valid.sha256}`,
      createdBy: valid.createdBy,
      title: valid.title,
      filingTypeNative: valid.filingType,
      docketNumber: valid.docketNumber,
      filedAt: valid.filedAt,
      pages: [valid.text],
    });
    return { document: await this.get(outcome.documentId), created: outcome.outcome === 'new' };
  }

  async get(id: string): Promise<Document> {
    const document = await this.deps.documents.findById(id);
    if (!document) throw new NotFoundError(`document ${id} not found`);
    return document;
  }

  /** A docket by id, with its source when that is still known. */
  async docket(id: string): Promise<{ docket: Docket; source?: Source }> {
    // Ids are derived (24 hex characters); anything far longer is no docket and is not looked up.
    const docket = id && id.length <= MAX_DOCKET_ID_CHARS ? await this.deps.dockets.find(id) : undefined;
    if (!docket) throw new NotFoundError(`no docket ${JSON.stringify(id.slice(0, MAX_DOCKET_ID_CHARS))}`);
    return { docket, source: await this.deps.sources.findRecent(docket.sourceId) };
  }

  /** The document with `pageCount` pages of text from `firstPage` (1-based), its docket and source. */
  async view(id: string, firstPage: number, pageCount: number): Promise<DocumentView> {
    const document = await this.deps.documents.findForView(id);
    if (!document) throw new NotFoundError(`document ${id} not found`);
    // Usually kept from an earlier page (a docket has many documents), so one MongoDB read in all.
    const [docket, source] = await Promise.all([
      document.docketId ? this.deps.dockets.findRecent(document.docketId) : undefined,
      document.sourceId ? this.deps.sources.findRecent(document.sourceId) : undefined,
    ]);
    const count = Math.min(pageCount > 0 ? pageCount : DEFAULT_TEXT_PAGES, MAX_TEXT_PAGES);
    const spans = document.pages.length > 0 ? document.pages : [{ number: 1, start: 0, end: document.text.length }];
    const first = Math.min(Math.max(firstPage, 1), spans.length);
    const range = spans.slice(first - 1, first - 1 + count);
    const start = range[0]?.start ?? 0;
    const end = range.at(-1)?.end ?? document.text.length;
    const mentions = document.mentions.filter((m) => m.start >= start && m.end <= end);
    return {
      document: { ...document, text: document.text.slice(start, end), mentions },
      docket,
      source,
      textOffset: start,
      textLength: document.text.length,
    };
  }

  async list(pageSize: number, pageToken: string): Promise<DocumentPage> {
    const limit = pageSizeOf(pageSize);
    if (pageToken && !isDocumentId(pageToken)) {
      throw new InputError('invalid page token', [
        { path: 'pageToken', message: 'is not a token from a previous page' },
      ]);
    }
    const [page, totalSize] = await Promise.all([
      this.deps.documents.listAfter(pageToken || undefined, limit + 1),
      this.deps.documents.count(),
    ]);
    const documents = fitPage(page.slice(0, limit));
    const more = page.length > documents.length;
    return { documents, nextPageToken: more ? (documents.at(-1)?.id ?? '') : '', totalSize };
  }

  /**
   * Documents by id with their whole text, in the order asked, a few at a time; unknown and deleted ids are skipped.
   */
  async *byIds(ids: string[]): AsyncGenerator<Document> {
    if (ids.length > MAX_STREAM_IDS)
      throw new InputError('too many documents', [{ path: 'ids', message: `at most ${MAX_STREAM_IDS} per call` }]);
    for (let start = 0; start < ids.length; start += STREAM_CHUNK) {
      const chunk = ids.slice(start, start + STREAM_CHUNK);
      const found = new Map(
        (await this.deps.documents.findManyWithText(chunk)).map((document) => [document.id, document]),
      );
      for (const id of chunk) {
        const document = found.get(id);
        if (document) yield document;
      }
    }
  }

  async delete(id: string, reason: string, deletedBy: string): Promise<void> {
    if (!isDocumentId(id)) throw new NotFoundError(`document ${id} not found`);
    const event = documentDeletedEvent(id, reason || 'deleted', this.deps.topics.deleted);
    const deleted = await this.deps.documents.markDeleted(id, event);
    if (!deleted) throw new NotFoundError(`document ${id} not found`);
    this.deps.logger.info({ documentId: id, deletedBy, reason }, 'document deleted');
    // Blobs are content-addressed and may be shared with another document, so they stay.
    void this.deps.outbox.kick([id]);
  }

  /** The attachment (the primary one when no id is given) and a stream of its bytes. */
  async openAttachment(
    documentId: string,
    attachmentId: string,
  ): Promise<{ attachment: Attachment; content: Readable }> {
    const document = await this.get(documentId);
    const attachment = attachmentId
      ? document.attachments.find((a) => a.id === attachmentId)
      : (document.attachments.find((a) => a.primary) ?? document.attachments[0]);
    if (!attachment)
      throw new NotFoundError(
        attachmentId
          ? `attachment ${attachmentId} of document ${documentId} not found`
          : `document ${documentId} has no attachment`,
      );
    // A file that could not be read (an executable, a corrupt PDF, an image named .pdf) is kept for
    // its import's report, never handed out: nobody vouches for what it is.
    if (attachment.failureReason)
      throw new NotFoundError(
        `${attachment.fileName || 'this file'} could not be imported (${attachment.failureReason}); ` +
          `it is kept for the import report and not served`,
      );
    return { attachment, content: await this.deps.blobs.open(attachment.blobKey) };
  }
}

/**
 * Texts run up to several MB: a page stops growing at about 3 MB (always at least one document) so a
 * page of many large documents does not exceed gRPC message limits.
 */
const PAGE_BYTES_SOFT_MAX = 3 * 1024 * 1024;

function fitPage(documents: Document[]): Document[] {
  let bytes = 0;
  let count = 0;
  for (const document of documents) {
    bytes += Buffer.byteLength(document.text, 'utf8') + Buffer.byteLength(document.title, 'utf8');
    if (count > 0 && bytes > PAGE_BYTES_SOFT_MAX) break;
    count += 1;
  }
  return documents.slice(0, count);
}
