import { Readable } from 'node:stream';
import { fromGrpcError, NotFoundError } from '@docket/errors';
import type * as documentsV1 from '@docket/proto/src/documents';
import { grpcCall, streamFileToCall } from '@docket/service-kit';
import { byteStreamOf } from '../grpc/byte-stream';
import type {
  AttachmentView,
  DocketEntriesPage,
  DocketView,
  DocumentView,
  EntityRefView,
  MentionView,
  NewDocument,
  SourceView,
  UploadOutcome,
} from './document-view';
import {
  toAttachmentView,
  toDocketEntryView,
  toDocketView,
  toDocumentView,
  toEntityRefView,
  toSourceView,
} from './documents.mapper';
import { RecentDocumentViews } from './recent-document-views';

export interface DocumentDetailView {
  document: DocumentView;
  docket: DocketView | null;
  source: SourceView | null;
  entities: EntityRefView[];
  mentions: MentionView[];
}

export interface OpenedAttachment {
  attachment: AttachmentView;
  /** The file's bytes, read from the gRPC stream as the consumer asks for them; destroying it cancels the call. */
  body: Readable;
}

export interface UploadHeader {
  fileName: string;
  contentType: string;
  sourceId: string;
  uploadedBy: string;
  sidecarJson: string;
}

export interface UploadAnswer {
  outcome: UploadOutcome;
  document: DocumentView | null;
}

/** The BFF's view of DocumentsService: documents, their files, uploads and imports. */
export class DocumentsGateway {
  constructor(
    private readonly client: documentsV1.DocumentsServiceClient,
    /** Documents just shown; deletes and re-uploads through this gateway forget them. */
    private readonly recent = new RecentDocumentViews<DocumentDetailView>(),
  ) {}

  async create(input: NewDocument, createdBy: string): Promise<{ document: DocumentView; created: boolean }> {
    const response = await grpcCall(this.client, 'createDocument', {
      title: input.title,
      text: input.text,
      sourceId: input.sourceId ?? '',
      docketNumber: input.docketNumber ?? '',
      filingType: input.filingType ?? '',
      filedAt: input.filedAt,
      createdBy,
    });
    if (!response.document) throw new Error('CreateDocument returned no document');
    return { document: toDocumentView(response.document), created: response.created };
  }

  /** Tells the documents service that users are active (its background work steps back). */
  async noteUserActivity(): Promise<void> {
    await grpcCall(this.client, 'noteUserActivity', {}, { deadlineMs: 2_000 });
  }

  /**
   * The document with `textPages` pages of text from `textPage` on (0 lets the service choose), as
   * answered at most DOCUMENT_VIEW_TTL_MS ago (RecentDocumentViews).
   */
  get(id: string, textPage = 0, textPages = 0): Promise<DocumentDetailView> {
    return this.recent.get(id, textPage, textPages, () => this.read(id, textPage, textPages));
  }

  private async read(id: string, textPage: number, textPages: number): Promise<DocumentDetailView> {
    const response = await grpcCall(this.client, 'getDocument', { id, textPage, textPages });
    if (!response.document) throw new NotFoundError(`no document ${id}`);
    return {
      document: toDocumentView(response.document),
      docket: response.docket ? toDocketView(response.docket) : null,
      source: response.source ? toSourceView(response.source) : null,
      entities: response.entities.map(toEntityRefView),
      mentions: response.mentions.map((m) => ({ entityId: m.entityId, start: m.start, end: m.end })),
    };
  }

  /** A docket by its id (NotFoundError for anything else), with its source when that is known. */
  async getDocket(docketId: string): Promise<{ docket: DocketView; source: SourceView | null }> {
    const response = await grpcCall(this.client, 'getDocket', { docketId });
    if (!response.docket) throw new NotFoundError(`no docket ${docketId}`);
    return { docket: toDocketView(response.docket), source: response.source ? toSourceView(response.source) : null };
  }

  /** Page `page` (1-based) of the docket's entries in court order; NotFoundError for an unknown docket. */
  async listDocketEntries(docketId: string, page: number, pageSize: number): Promise<DocketEntriesPage> {
    // The service's page token is the number of entries before the page, so any page can be asked for.
    const response = await grpcCall(this.client, 'listDocketEntries', {
      docketId,
      pageSize,
      pageToken: page > 1 ? String((page - 1) * pageSize) : '',
    });
    return {
      entries: response.entries.map(toDocketEntryView),
      total: Number(response.totalSize || '0'),
      page,
      pageSize,
    };
  }

  async delete(id: string, deletedBy: string, reason: string): Promise<void> {
    await grpcCall(this.client, 'deleteDocument', { id, deletedBy, reason });
    this.recent.forget(id);
  }

  /**
   * Resolves once the service has sent the attachment's metadata (so "not found" is known before any
   * byte goes out); the bytes follow through `body`.
   */
  async openAttachment(documentId: string, attachmentId: string): Promise<OpenedAttachment> {
    const call = this.client.openAttachment({ documentId, attachmentId });
    const messages: AsyncIterator<documentsV1.OpenAttachmentResponse> = call[Symbol.asyncIterator]();
    let first: IteratorResult<documentsV1.OpenAttachmentResponse>;
    try {
      first = await messages.next();
    } catch (error) {
      throw fromGrpcError(error);
    }
    if (first.done || !first.value.attachment) {
      call.cancel();
      throw new Error('OpenAttachment sent no attachment metadata first');
    }
    // Closed early (the browser went away, or nothing was wanted: 304, HEAD): stop the service reading the blob.
    const body = byteStreamOf(
      messages,
      (m) => m.data,
      () => call.cancel(),
    );
    return { attachment: toAttachmentView(first.value.attachment), body };
  }

  /**
   * Streams one file into UploadFile as it arrives: a chunk is written only when gRPC has room for
   * it, so a large file never sits in memory. Aborting `signal` cancels the call (nothing is stored).
   * The file is always read to its end, because the multipart parser only reaches the next part then.
   */
  async upload(header: UploadHeader, file: AsyncIterable<Buffer>, signal: AbortSignal): Promise<UploadAnswer> {
    const response = await streamFileToCall<documentsV1.UploadFileRequest, documentsV1.UploadFileResponse>(
      (callback) => this.client.uploadFile(callback),
      { header: { header }, data: (data) => ({ data }), end: (size, sha256) => ({ end: { size, sha256 } }) },
      file,
      signal,
    );
    if (response.document) this.recent.forget(response.document.id);
    return {
      outcome: toOutcome(response.outcome),
      document: response.document ? toDocumentView(response.document) : null,
    };
  }

  async startImport(
    path: string,
    sourceId: string,
    requestedBy: string,
  ): Promise<{ processId: string; runId: string }> {
    const response = await grpcCall(this.client, 'startImport', { path, sourceId, requestedBy });
    return { processId: response.processId, runId: response.runId };
  }
}

function toOutcome(value: string): UploadOutcome {
  switch (value) {
    case 'new':
    case 'updated':
    case 'duplicate':
    case 'failed':
      return value;
    default:
      throw new Error(`UploadFile answered an unknown outcome '${value}'`);
  }
}
