import { credentials } from '@grpc/grpc-js';
import { GRPC_CLIENT_OPTIONS, grpcCall } from '@docket/service-kit';
import { DocumentsServiceClient, type Document } from '@docket/proto/src/gen/research/documents/v1/documents';
import { contentHashOr, type IndexedDocument } from '../domain/indexed-document';
import type { DocumentPage, DocumentSource } from '../domain/document-source';

/** Pages through the documents service (DocumentsService.ListDocuments) to rebuild the index. */
export class DocumentsGrpcSource implements DocumentSource {
  private readonly client: DocumentsServiceClient;

  constructor(target: string, private readonly deadlineMs = 30_000) {
    this.client = new DocumentsServiceClient(target, credentials.createInsecure(), GRPC_CLIENT_OPTIONS);
  }

  async listDocuments(request: { pageSize: number; pageToken: string }): Promise<DocumentPage> {
    const response = await grpcCall(this.client, 'listDocuments', request, { deadlineMs: this.deadlineMs });
    return {
      documents: response.documents.map(toIndexedDocument),
      nextPageToken: response.nextPageToken,
      totalSize: Number(response.totalSize),
    };
  }

  close(): void {
    this.client.close();
  }
}

function toIndexedDocument(document: Document): IndexedDocument {
  return {
    id: document.id,
    title: document.title,
    text: document.text,
    sourceId: document.sourceId,
    docketNumber: document.docketNumber,
    filingType: document.filingType,
    filedAt: document.filedAt,
    sha256: contentHashOr(document.sha256, document.title, document.text),
  };
}
