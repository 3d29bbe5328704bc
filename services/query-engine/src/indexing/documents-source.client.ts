import type { ChannelCredentials } from '@grpc/grpc-js';
import { DocumentsServiceClient, type Document } from '@docket/proto/src/documents';
import { GRPC_CLIENT_OPTIONS, grpcCall } from '@docket/service-kit';
import type { DocumentPage, DocumentSource } from '../domain/document-source';
import { contentHashOr, type IndexedDocument } from '../domain/indexed-document';

/**
 * Pages through the documents service (DocumentsService.ListDocuments) to rebuild the index.
 *
 * ListDocuments' Document carries no source name, docket parties or entities (the events do); the
 * source names come from ListSources (read when a page names a source not seen yet). Parties and
 * entities stay empty on a rebuild until ListDocuments returns them, so `party:` and `entity:` find
 * rebuilt documents only once an update event has re-sent them.
 */
export class DocumentsGrpcSource implements DocumentSource {
  private readonly client: DocumentsServiceClient;
  private sourceNames = new Map<string, string>();

  constructor(
    target: string,
    credentials: ChannelCredentials,
    private readonly deadlineMs = 30_000,
  ) {
    this.client = new DocumentsServiceClient(target, credentials, GRPC_CLIENT_OPTIONS);
  }

  async listDocuments(request: { pageSize: number; pageToken: string }): Promise<DocumentPage> {
    const response = await grpcCall(this.client, 'listDocuments', request, { deadlineMs: this.deadlineMs });
    await this.ensureSourceNames(response.documents.map((document) => document.sourceId));
    return {
      documents: response.documents.map((document) =>
        toIndexedDocument(document, this.sourceNames.get(document.sourceId) ?? ''),
      ),
      nextPageToken: response.nextPageToken,
      totalSize: Number(response.totalSize),
    };
  }

  close(): void {
    this.client.close();
  }

  private async loadSourceNames(): Promise<void> {
    const response = await grpcCall(this.client, 'listSources', {}, { deadlineMs: this.deadlineMs });
    this.sourceNames = new Map(response.sources.map((source) => [source.id, source.name]));
  }

  /** Asks ListSources again only for a source id it has not answered yet (or has not heard of). */
  private async ensureSourceNames(sourceIds: string[]): Promise<void> {
    const missing = sourceIds.filter((id) => id && !this.sourceNames.has(id));
    if (missing.length === 0) return;
    await this.loadSourceNames();
    for (const id of missing) if (!this.sourceNames.has(id)) this.sourceNames.set(id, '');
  }
}

export function toIndexedDocument(document: Document, sourceName: string): IndexedDocument {
  return {
    id: document.id,
    title: document.title,
    text: document.text,
    description: document.description,
    sourceId: document.sourceId,
    sourceName,
    docketNumber: document.docketNumber,
    docketId: document.docketId,
    filingType: document.filingType,
    filingCategory: document.filingCategory,
    filedAt: document.filedAt,
    parties: [],
    filers: document.filers,
    entities: [],
    pages: document.pages.map((page) => ({ number: page.number, start: page.start, end: page.end })),
    sha256: contentHashOr(document.sha256, document.title, document.text),
  };
}
