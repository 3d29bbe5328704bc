import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { InputError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import type {
  StartImportRequest,
  StartImportResponse,
  UploadFileRequest,
  UploadFileResponse,
} from '@docket/proto/src/documents';
import { clientStream, unary } from '@docket/service-kit';
import type { DocumentHandlers } from '../documents-service.binding';
import type { DocumentService } from '../documents/document.service';
import { documentToProto } from '../documents/documents.mapper';
import type { IngestService } from '../documents/ingest.service';
import { UPLOADS_SOURCE } from '../domain/known-sources';
import { parseSidecar, type Sidecar } from '../extraction';
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
      const directory = await mkdtemp(path.join(os.tmpdir(), 'docket-upload-'));
      try {
        let header:
          | { fileName: string; contentType: string; sourceId: string; uploadedBy: string; sidecarJson: string }
          | undefined;
        let sidecar: Sidecar = {};
        let sourceId = '';
        let file: ReturnType<typeof createWriteStream> | undefined;
        let size = 0;
        const hash = createHash('sha256');
        let end: { size: string; sha256: string } | undefined;
        for await (const message of call as AsyncIterable<UploadFileRequest>) {
          if (end) throw new InputError('invalid upload', [{ path: 'end', message: 'must be the last message' }]);
          if (message.header) {
            if (header)
              throw new InputError('the upload has two headers', [
                { path: 'header', message: 'must come once, first' },
              ]);
            header = message.header;
            if (!header.fileName.trim())
              throw new InputError('invalid upload', [{ path: 'header.fileName', message: 'must not be empty' }]);
            if (header.sidecarJson.trim()) sidecar = parseSidecar(header.sidecarJson);
            sourceId = sidecar.sourceId ?? (header.sourceId || UPLOADS_SOURCE.id);
            // Refused before any byte is taken: the file could only be filed under a source the upload would invent.
            await deps.ingest.requireSource(sourceId, sidecar.sourceId ? 'sidecar.sourceId' : 'sourceId');
            file = createWriteStream(path.join(directory, 'upload'));
          } else if (message.data) {
            if (!file)
              throw new InputError('the upload has no header', [{ path: 'header', message: 'must come first' }]);
            size += message.data.length;
            hash.update(message.data);
            if (size > deps.maxUploadBytes)
              throw new InputError('the file is too large', [
                { path: 'data', message: `must be at most ${deps.maxUploadBytes} bytes` },
              ]);
            if (!file.write(message.data)) await once(file, 'drain');
          } else if (message.end) {
            end = message.end;
          }
        }
        if (!end || call.cancelled)
          throw new InputError('the upload was cut short', [
            { path: 'end', message: 'is missing: the stream ended early' },
          ]);
        const sha256 = hash.digest('hex');
        if (Number(end.size) !== size || end.sha256 !== sha256) {
          throw new InputError('the upload arrived damaged', [
            {
              path: 'end',
              message:
                `announced ${end.size} bytes (${end.sha256.slice(0, 12)}…), ` +
                `received ${size} (${sha256.slice(0, 12)}…)`,
            },
          ]);
        }
        if (!header || !file)
          throw new InputError('the upload has no header', [{ path: 'header', message: 'is required' }]);
        file.end();
        await once(file, 'finish');
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
          files: [
            {
              fileName: header.fileName,
              contentType: header.contentType || undefined,
              path: path.join(directory, 'upload'),
            },
          ],
        });
        const document = outcome.documentId ? await documents.get(outcome.documentId) : undefined;
        return { document: document ? documentToProto(document) : undefined, outcome: outcome.outcome };
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    }),
    startImport: unary<StartImportRequest, StartImportResponse>(logger, async (request) =>
      deps.imports.start(request.path, request.sourceId, request.requestedBy),
    ),
  };
}
