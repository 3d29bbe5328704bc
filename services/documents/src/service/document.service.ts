import { InputError, NotFoundError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import { pageSizeOf, validateNewDocument, type NewDocumentInput, type StoredDocument } from '../domain/document';
import type { PendingEvent } from '@docket/events';
import { isDocumentId, type DocumentRepository, type InsertOutcome } from '../store/document.repository';

export interface DocumentPage {
  documents: StoredDocument[];
  nextPageToken: string;
  totalSize: number;
}

/** Something that publishes outbox events soon after a write (the OutboxRelay). */
export interface OutboxKicker {
  kick(): Promise<void>;
}

/** The documents use cases: validation, deduplication, outbox event, paging. */
export class DocumentService {
  constructor(
    private readonly repository: DocumentRepository,
    private readonly outbox: OutboxKicker,
    private readonly ingestedEvent: (document: Omit<StoredDocument, 'createdAt' | 'createdBy'>) => PendingEvent,
    private readonly logger: Logger,
  ) {}

  async create(input: NewDocumentInput): Promise<InsertOutcome> {
    const document = validateNewDocument(input);
    const existing = await this.repository.findBySha256(document.sha256);
    if (existing) return { document: existing, created: false };

    const id = this.repository.newId();
    const outcome = await this.repository.insertWithEvents(id, document, new Date(), [this.ingestedEvent({ id, ...document })]);
    if (outcome.created) {
      this.logger.info({ documentId: id, sha256: document.sha256 }, 'document created');
      // Publish now rather than at the next poll; the poller covers a failure or a crash here.
      void this.outbox.kick();
    }
    return outcome;
  }

  async get(id: string): Promise<StoredDocument> {
    const document = await this.repository.findById(id);
    if (!document) throw new NotFoundError(`document ${id} not found`);
    return document;
  }

  async list(pageSize: number, pageToken: string): Promise<DocumentPage> {
    const limit = pageSizeOf(pageSize);
    if (pageToken && !isDocumentId(pageToken)) {
      throw new InputError('invalid page token', [{ path: 'pageToken', message: 'is not a token from a previous page' }]);
    }
    const [page, totalSize] = await Promise.all([
      this.repository.listAfter(pageToken || undefined, limit + 1),
      this.repository.count(),
    ]);
    const documents = fitPage(page.slice(0, limit));
    const more = page.length > documents.length;
    return { documents, nextPageToken: more ? (documents.at(-1)?.id ?? '') : '', totalSize };
  }
}

/**
 * Texts run up to 5 MB: a page stops growing at about 3 MB (always at least one document) so a
 * page of many large documents does not exceed gRPC message limits.
 */
const PAGE_BYTES_SOFT_MAX = 3 * 1024 * 1024;

function fitPage(documents: StoredDocument[]): StoredDocument[] {
  let bytes = 0;
  let count = 0;
  for (const document of documents) {
    bytes += Buffer.byteLength(document.text, 'utf8') + Buffer.byteLength(document.title, 'utf8');
    if (count > 0 && bytes > PAGE_BYTES_SOFT_MAX) break;
    count += 1;
  }
  return documents.slice(0, count);
}
