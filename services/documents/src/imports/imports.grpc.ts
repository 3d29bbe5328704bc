import { InputError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import type {
  StartImportRequest,
  StartImportResponse,
  UploadFileRequest,
  UploadFileResponse,
} from '@docket/proto/src/documents';
import { clientStream, unary } from '@docket/service-kit';
import { documentToProto, type DocumentService, type IngestService } from '../documents';
import type { DocumentHandlers } from '../documents-service.binding';
import { UPLOADS_SOURCE } from '../domain/known-sources';
import { parseSidecar, type Sidecar } from '../extraction';
import { receiveStreamedFile } from '../uploads/streamed-file.grpc';
import type { ImportStarter } from './import-starter';

/** The imports' part of DocumentsService: a file uploaded as a stream, a folder imported as a process. */
export function importHandlers(deps: {
  documents: DocumentService;
  ingest: IngestService;
  imports: ImportStarter;
  maxUploadBytes: number;
  logger: Logger;
}): DocumentHandlers {
  const { documents, logger } = deps;
  return {
    uploadFile: clientStream<UploadFileRequest, UploadFileResponse>(logger, async (call) => {
      let sidecar: Sidecar = {};
      let sourceId = '';
      return receiveStreamedFile(
        call as AsyncIterable<UploadFileRequest> & { cancelled: boolean },
        {
          maxBytes: deps.maxUploadBytes,
          onHeader: async (header) => {
            if (!header.fileName.trim())
              throw new InputError('invalid upload', [{ path: 'header.fileName', message: 'must not be empty' }]);
            if (header.sidecarJson.trim()) sidecar = parseSidecar(header.sidecarJson);
            sourceId = sidecar.sourceId ?? (header.sourceId || UPLOADS_SOURCE.id);
            // Refused before any byte is taken: the file could only be filed under a source the upload would invent.
            await deps.ingest.requireSource(sourceId, sidecar.sourceId ? 'sidecar.sourceId' : 'sourceId');
          },
        },
        async (header, file) => {
          const outcome = await deps.ingest.ingest({
            sourceId,
            connector: 'upload',
            sourceDocumentId: `upload:${header.fileName}`,
            createdBy: header.uploadedBy,
            sourceUrl: sidecar.sourceUrl,
            title: sidecar.title,
            filingTypeNative: sidecar.filingType,
            docketNumber: sidecar.docketNumber,
            filedAt: sidecar.filedAt ?? new Date(),
            filers: sidecar.filers,
            description: sidecar.description,
            files: [{ fileName: header.fileName, contentType: header.contentType || undefined, path: file }],
          });
          const document = outcome.documentId ? await documents.get(outcome.documentId) : undefined;
          return { document: document ? documentToProto(document) : undefined, outcome: outcome.outcome };
        },
      );
    }),
    startImport: unary<StartImportRequest, StartImportResponse>(logger, async (request) =>
      deps.imports.start(request.path, request.sourceId, request.requestedBy),
    ),
  };
}
