import { once } from 'node:events';
import type { Logger } from '@docket/observability';
import type {
  CreateDocumentRequest,
  CreateDocumentResponse,
  DeleteDocumentRequest,
  DeleteDocumentResponse,
  GetDocumentRequest,
  GetDocumentResponse,
  ListDocumentsRequest,
  ListDocumentsResponse,
  NoteUserActivityRequest,
  NoteUserActivityResponse,
  OpenAttachmentRequest,
  OpenAttachmentResponse,
  StreamDocumentsRequest,
  StreamDocumentsResponse,
} from '@docket/proto/src/documents';
import { serverStream, unary } from '@docket/service-kit';
import type { DocumentHandlers } from '../documents-service.binding';
import type { DocumentService } from './document.service';
import { attachmentToProto, docketToProto, documentToProto, sourceToProto } from './documents.mapper';

/** The documents' part of DocumentsService: create, read, list, delete, stream, attachments. */
export function documentHandlers(deps: { documents: DocumentService; logger: Logger }): DocumentHandlers {
  const { documents, logger } = deps;
  return {
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
      return { document: documentToProto(document), created };
    }),
    getDocument: unary<GetDocumentRequest, GetDocumentResponse>(logger, async (request) => {
      const view = await documents.view(request.id, request.textPage, request.textPages);
      const { document } = view;
      return {
        document: documentToProto(document, document.text, view.textOffset, view.textLength),
        docket: view.docket ? docketToProto(view.docket) : undefined,
        source: view.source ? sourceToProto(view.source) : undefined,
        entities: document.entities.map((e) => ({ id: e.id, kind: e.kind, name: e.name, count: String(e.count) })),
        mentions: document.mentions,
      };
    }),
    listDocuments: unary<ListDocumentsRequest, ListDocumentsResponse>(logger, async (request) => {
      const page = await documents.list(request.pageSize, request.pageToken);
      return {
        documents: page.documents.map((d) => documentToProto(d)),
        nextPageToken: page.nextPageToken,
        totalSize: String(page.totalSize),
      };
    }),
    deleteDocument: unary<DeleteDocumentRequest, DeleteDocumentResponse>(logger, async (request) => {
      await documents.delete(request.id, request.reason, request.deletedBy);
      return {};
    }),
    streamDocuments: serverStream<StreamDocumentsRequest, StreamDocumentsResponse>(logger, async (call) => {
      for await (const document of documents.byIds(call.request.ids)) {
        if (call.cancelled) return;
        const text = call.request.includeText ? document.text : '';
        if (!call.write({ document: documentToProto({ ...document, mentions: [] }, text, 0, document.text.length) }))
          await once(call, 'drain');
      }
    }),
    openAttachment: serverStream<OpenAttachmentRequest, OpenAttachmentResponse>(logger, async (call) => {
      const { attachment, content } = await documents.openAttachment(
        call.request.documentId,
        call.request.attachmentId,
      );
      call.write({ attachment: attachmentToProto(attachment) });
      for await (const chunk of content) {
        // write() returning false means the client is slower than the disk: wait for it.
        if (!call.write({ data: chunk as Buffer })) await once(call, 'drain');
        if (call.cancelled) {
          content.destroy();
          return;
        }
      }
    }),
    // Nothing to do: the binding is wrapped so that every call is noted as a user's request.
    noteUserActivity: unary<NoteUserActivityRequest, NoteUserActivityResponse>(logger, async () => ({})),
  };
}
