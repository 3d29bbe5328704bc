import type { Logger } from '@docket/observability';
import { unary, type GrpcServiceBinding } from '@docket/service-kit';
import {
  DocumentsServiceService,
  type CreateDocumentRequest, type CreateDocumentResponse, type Document, type GetDocumentRequest,
  type GetDocumentResponse, type ListDocumentsRequest, type ListDocumentsResponse,
} from '@docket/proto/src/gen/research/documents/v1/documents';
import type { StoredDocument } from '../domain/document';
import type { DocumentService } from '../service/document.service';

/** research.documents.v1.DocumentsService */
export function documentsServiceBinding(deps: { documents: DocumentService; logger: Logger }): GrpcServiceBinding {
  const { documents, logger } = deps;
  return {
    definition: DocumentsServiceService,
    implementation: {
      createDocument: unary<CreateDocumentRequest, CreateDocumentResponse>(logger, async (request) => {
        const { document, created } = await documents.create({
          title: request.title,
          text: request.text,
          sourceId: request.sourceId,
          docketNumber: request.docketNumber,
          filingType: request.filingType,
          filedAt: request.filedAt,
          createdBy: request.createdBy,
        });
        return { document: toProto(document), created };
      }),
      getDocument: unary<GetDocumentRequest, GetDocumentResponse>(logger, async (request) => ({
        document: toProto(await documents.get(request.id)),
      })),
      listDocuments: unary<ListDocumentsRequest, ListDocumentsResponse>(logger, async (request) => {
        const page = await documents.list(request.pageSize, request.pageToken);
        return { documents: page.documents.map(toProto), nextPageToken: page.nextPageToken, totalSize: String(page.totalSize) };
      }),
    },
  };
}

function toProto(document: StoredDocument): Document {
  return {
    id: document.id,
    title: document.title,
    text: document.text,
    sourceId: document.sourceId,
    docketNumber: document.docketNumber,
    filingType: document.filingType,
    filedAt: document.filedAt,
    createdAt: document.createdAt,
    sha256: document.sha256,
    createdBy: document.createdBy,
  };
}
