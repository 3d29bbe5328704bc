import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { InputError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import {
  DocumentsServiceService,
  type CreateDocumentRequest,
  type CreateDocumentResponse,
  type CreateSourceRequest,
  type CreateSourceResponse,
  type DeleteDocumentRequest,
  type DeleteDocumentResponse,
  type GetCatalogStatusRequest,
  type GetCatalogStatusResponse,
  type GetDocketRequest,
  type GetDocketResponse,
  type GetDocumentRequest,
  type GetDocumentResponse,
  type GetEntityRequest,
  type GetEntityResponse,
  type ListDataProductsRequest,
  type ListDataProductsResponse,
  type ListDocketEntriesRequest,
  type ListDocketEntriesResponse,
  type ListDocumentsRequest,
  type ListDocumentsResponse,
  type ListSourcesRequest,
  type ListSourcesResponse,
  type NoteUserActivityRequest,
  type NoteUserActivityResponse,
  type OpenAttachmentRequest,
  type OpenAttachmentResponse,
  type StartImportRequest,
  type StartImportResponse,
  type StreamDocumentsRequest,
  type StreamDocumentsResponse,
  type UploadFileRequest,
  type UploadFileResponse,
} from '@docket/proto/src/documents';
import { clientStream, serverStream, unary, type GrpcServiceBinding } from '@docket/service-kit';
import { UPLOADS_SOURCE } from '../domain/known-sources';
import { parseSidecar, type Sidecar } from '../extraction';
import type { CorpusLoadProgress } from '../seed/corpus-load-progress';
import type { CatalogService } from '../service/catalog.service';
import type { DocketEntryService } from '../service/docket-entries.service';
import type { DocumentService } from '../service/document.service';
import type { EntityService } from '../service/entity.service';
import type { ImportStarter } from '../service/import-starter';
import type { IngestService } from '../service/ingest.service';
import {
  attachmentToProto,
  dataProductToProto,
  docketToProto,
  documentToProto,
  sourceToProto,
  statusToProto,
} from './documents.mappers';

export interface DocumentsGrpcDeps {
  documents: DocumentService;
  docketEntries: DocketEntryService;
  catalog: CatalogService;
  entities: EntityService;
  ingest: IngestService;
  imports: ImportStarter;
  /** The default corpus's load in this process, reported with the catalog status. */
  corpusLoad?: CorpusLoadProgress;
  maxUploadBytes: number;
  logger: Logger;
}

/** research.documents.v1.DocumentsService */
export function documentsServiceBinding(deps: DocumentsGrpcDeps): GrpcServiceBinding {
  const { documents, catalog, entities, logger } = deps;
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
                message: `announced ${end.size} bytes (${end.sha256.slice(0, 12)}…), received ${size} (${sha256.slice(0, 12)}…)`,
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
      getDocket: unary<GetDocketRequest, GetDocketResponse>(logger, async (request) => {
        const { docket, source } = await documents.docket(request.docketId);
        return { docket: docketToProto(docket), source: source ? sourceToProto(source) : undefined };
      }),
      listDocketEntries: unary<ListDocketEntriesRequest, ListDocketEntriesResponse>(logger, async (request) => {
        const page = await deps.docketEntries.list(request.docketId, request.pageSize, request.pageToken);
        return { entries: page.entries, nextPageToken: page.nextPageToken, totalSize: String(page.totalSize) };
      }),
      createSource: unary<CreateSourceRequest, CreateSourceResponse>(logger, async (request) => {
        const { createdBy, ...input } = request;
        return { source: sourceToProto(await catalog.createSource(input, createdBy)) };
      }),
      startImport: unary<StartImportRequest, StartImportResponse>(logger, async (request) =>
        deps.imports.start(request.path, request.sourceId, request.requestedBy),
      ),
      listSources: unary<ListSourcesRequest, ListSourcesResponse>(logger, async () => ({
        sources: (await catalog.listSources()).map(sourceToProto),
      })),
      listDataProducts: unary<ListDataProductsRequest, ListDataProductsResponse>(logger, async () => ({
        dataProducts: (await catalog.listDataProducts()).map(dataProductToProto),
      })),
      getCatalogStatus: unary<GetCatalogStatusRequest, GetCatalogStatusResponse>(logger, async () => {
        const load = deps.corpusLoad?.snapshot();
        return {
          sources: (await catalog.status()).map(statusToProto),
          ...(load
            ? {
                corpusLoad: {
                  total: String(load.total),
                  stored: String(load.stored),
                  startedAt: load.startedAt,
                  finishedAt: load.finishedAt,
                },
              }
            : {}),
        };
      }),
      // Nothing to do here: the binding is wrapped so that every call is noted as a user's request (notingUserRequests).
      noteUserActivity: unary<NoteUserActivityRequest, NoteUserActivityResponse>(logger, async () => ({})),
      getEntity: unary<GetEntityRequest, GetEntityResponse>(logger, async (request) => {
        const profile = await entities.profile(request.id);
        const e = profile.entity;
        return {
          entity: {
            id: e.id,
            kind: e.kind,
            name: e.name,
            aliases: e.aliases,
            mentionCount: String(e.mentionCount),
            documentCount: String(e.documentCount),
            firstSeenAt: e.firstSeenAt,
            lastSeenAt: e.lastSeenAt,
          },
          mentionsByMonth: profile.mentionsByMonth.map((m) => ({ month: m.month, mentions: String(m.mentions) })),
          documents: profile.documents,
          dockets: profile.dockets.map((d) => ({ ...d, documents: String(d.documents) })),
          cooccurring: profile.cooccurring.map((c) => ({ ...c, count: String(c.count) })),
        };
      }),
    },
  };
}
