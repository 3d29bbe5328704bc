import { createHash } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import type { sendUnaryData, ServerReadableStream, ServerWritableStream } from '@grpc/grpc-js';
import { ConflictError, InputError, NotFoundError, toGrpcError, UnavailableError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import * as documentsV1 from '@docket/proto/src/documents';
import * as exportsV1 from '@docket/proto/src/exports';
import * as processesV1 from '@docket/proto/src/processes';
import * as queriesV1 from '@docket/proto/src/queries';
import * as searchV1 from '@docket/proto/src/search';
import * as workspacesV1 from '@docket/proto/src/workspaces';
import { serverStream, startGrpcServer, unary, type RunningGrpcServer } from '@docket/service-kit';
import { FakeExportService } from './export-service.fake';
import { FakeQueryService } from './query-service.fake';

/**
 * Test doubles at the gRPC boundary: small in-process implementations of DocumentsService,
 * SearchService and ProcessService with fixture data, served over real gRPC, so the BFF's clients,
 * status mapping and streaming are exercised for real while the real services are built elsewhere.
 */
export interface FakeUpload {
  header: documentsV1.UploadFileHeader | undefined;
  chunks: Buffer[];
  /** Committed and answered. */
  stored: boolean;
  /** The client gave up before an answer. */
  cancelled: boolean;
}

export class FakeBackends {
  readonly documents = new Map<string, documentsV1.Document>();
  readonly processes = new Map<string, processesV1.Process>();
  readonly createRequests: documentsV1.CreateDocumentRequest[] = [];
  readonly reindexRequests: searchV1.StartReindexRequest[] = [];
  readonly searchRequests: searchV1.SearchRequest[] = [];
  /** Like the SQLite index, the fake search stops counting at this many matches. */
  searchCountLimit = Number.POSITIVE_INFINITY;
  /** Changes the fake index has still to take in (GetIndexStats). */
  indexPending = 0;
  readonly deleteRequests: documentsV1.DeleteDocumentRequest[] = [];
  /** GetDocument calls answered (the BFF keeps what it read: a call means it read afresh). */
  getDocumentCalls = 0;
  /** NoteUserActivity calls: the BFF telling that users are active. */
  userActivityNotes = 0;
  readonly importRequests: documentsV1.StartImportRequest[] = [];
  /** Attachment bytes by attachment id (the blob store). */
  readonly blobs = new Map<string, Buffer>();
  /** Every UploadFile call as the service saw it. */
  readonly uploads: FakeUpload[] = [];
  /** OpenAttachment calls: bytes written so far and whether the client cancelled. */
  readonly attachmentReads: { attachmentId: string; sent: number; cancelled: boolean }[] = [];
  readonly sources: documentsV1.Source[] = [sourceFixture()];
  /** Dockets GetDocket knows, by id. */
  readonly dockets = new Map<string, documentsV1.Docket>([[docketFixture().id, docketFixture()]]);
  /**
   * Each docket's entries in court order, as ListDocketEntries pages through them (a docket without
   * any lists none).
   */
  readonly docketEntries = new Map<string, documentsV1.DocketEntry[]>();
  /** Every ListDocketEntries call as the service saw it. */
  readonly docketEntryRequests: documentsV1.ListDocketEntriesRequest[] = [];
  readonly createSourceRequests: documentsV1.CreateSourceRequest[] = [];
  readonly dataProducts: documentsV1.DataProduct[] = [dataProductFixture()];
  /** SummariseProduct's answer by product id; NOT_FOUND for any other. */
  readonly summaries = new Map<string, documentsV1.SummariseProductResponse>();
  /** DownloadRelease's answer by product id: the release, then the file's bytes in these chunks. */
  readonly downloads = new Map<string, { release: documentsV1.ProductRelease; chunks: Buffer[] }>();
  readonly downloadRequests: documentsV1.DownloadReleaseRequest[] = [];
  readonly statuses: documentsV1.SourceStatus[] = [sourceStatusFixture()];
  /** The default corpus's load GetCatalogStatus reports; unset: none ran. */
  corpusLoad: documentsV1.CorpusLoad | undefined;
  readonly entities = new Map<string, documentsV1.GetEntityResponse>([['ent-acme', entityFixture()]]);
  /** QueryService (and the GetWorkspace it needs for names), in query-service.fake.ts. */
  readonly query = new FakeQueryService();
  /**
   * ExportService beside ProcessService, as the export service serves both (no workspaces: every
   * export is NOT_FOUND).
   */
  readonly exports = new FakeExportService();
  /** Watchers currently attached to WatchProcess, by process id; `cancelled` counts client cancellations. */
  readonly watchers = new Map<string, number>();
  cancelled = 0;
  private readonly updates = new EventEmitter();
  private server: RunningGrpcServer | undefined;

  async start(logger: Logger): Promise<string> {
    this.updates.setMaxListeners(100);
    this.server = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      logger,
      services: [
        { definition: documentsV1.DocumentsServiceService, implementation: this.documentsImpl(logger) },
        { definition: searchV1.SearchServiceService, implementation: this.searchImpl(logger) },
        { definition: processesV1.ProcessServiceService, implementation: this.processesImpl(logger) },
        { definition: exportsV1.ExportServiceService, implementation: this.exports.impl(logger) },
        { definition: queriesV1.QueryServiceService, implementation: this.query.queryImpl(logger) },
        {
          definition: workspacesV1.WorkspaceServiceService,
          implementation: this.query.workspaceImpl(logger),
        },
      ],
    });
    return `127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.shutdown(1000);
  }

  /** Stores the process state and pushes it to its watchers, as the export service would. */
  publish(process: processesV1.Process): void {
    const current = this.processes.get(process.id);
    if (!current || BigInt(process.sequence) > BigInt(current.sequence)) this.processes.set(process.id, process);
    this.updates.emit(process.id, process);
  }

  private documentsImpl(logger: Logger): documentsV1.DocumentsServiceServer {
    return {
      createDocument: unary(logger, async (req: documentsV1.CreateDocumentRequest) => {
        this.createRequests.push(req);
        const sha256 = createHash('sha256').update(`${req.title}\n${req.text}`).digest('hex');
        const existing = [...this.documents.values()].find((d) => d.sha256 === sha256);
        if (existing) return { document: existing, created: false };
        const document = documentFixture({
          id: `doc-${this.documents.size + 1}`,
          title: req.title,
          text: req.text,
          sourceId: req.sourceId,
          docketNumber: req.docketNumber,
          filingType: req.filingType,
          filedAt: req.filedAt,
          createdAt: new Date(),
          sha256,
          createdBy: req.createdBy,
        });
        this.documents.set(document.id, document);
        return { document, created: true };
      }),
      getDocument: unary(logger, async (req: documentsV1.GetDocumentRequest) => {
        this.getDocumentCalls += 1;
        const document = this.documents.get(req.id);
        if (!document) throw new NotFoundError(`no document ${req.id}`);
        return pageRange(document, req.textPage || 1, req.textPages || 5);
      }),
      deleteDocument: unary(logger, async (req: documentsV1.DeleteDocumentRequest) => {
        if (!this.documents.delete(req.id)) throw new NotFoundError(`no document ${req.id}`);
        this.deleteRequests.push(req);
        return {};
      }),
      openAttachment: serverStream(
        logger,
        async (call: ServerWritableStream<documentsV1.OpenAttachmentRequest, documentsV1.OpenAttachmentResponse>) => {
          const { documentId, attachmentId } = call.request;
          const attachment = this.documents.get(documentId)?.attachments.find((a) => a.id === attachmentId);
          const bytes = this.blobs.get(attachmentId);
          if (!attachment || !bytes) throw new NotFoundError(`no attachment ${attachmentId} on ${documentId}`);
          const read = { attachmentId, sent: 0, cancelled: false };
          this.attachmentReads.push(read);
          call.on('cancelled', () => void (read.cancelled = true));
          call.write({ attachment });
          // Like the real blob store: 64 KiB at a time, waiting whenever the client has not caught up.
          for (let offset = 0; offset < bytes.length && !read.cancelled; offset += ATTACHMENT_CHUNK) {
            const data = bytes.subarray(offset, offset + ATTACHMENT_CHUNK);
            read.sent += data.length;
            if (!call.write({ data })) await Promise.race([once(call, 'drain'), once(call, 'cancelled')]);
          }
        },
      ),
      uploadFile: (
        call: ServerReadableStream<documentsV1.UploadFileRequest, documentsV1.UploadFileResponse>,
        callback: sendUnaryData<documentsV1.UploadFileResponse>,
      ) => {
        const upload: FakeUpload = { header: undefined, chunks: [], stored: false, cancelled: false };
        this.uploads.push(upload);
        let end: documentsV1.UploadFileEnd | undefined;
        call.on('data', (message: documentsV1.UploadFileRequest) => {
          if (message.header) upload.header = message.header;
          if (message.data) upload.chunks.push(message.data);
          if (message.end) end = message.end;
        });
        call.on('cancelled', () => void (upload.cancelled ||= !upload.stored));
        // Like the real service: a file is stored only when its end marker arrived and matches.
        call.on('end', () => {
          const bytes = Buffer.concat(upload.chunks);
          if (!end || Number(end.size) !== bytes.length) {
            upload.cancelled = true;
            callback(
              toGrpcError(
                new InputError('the upload was cut short', [{ path: 'end', message: 'is missing' }]),
              ) as Parameters<typeof callback>[0],
            );
            return;
          }
          try {
            const response = this.storeUpload(upload.header, bytes);
            upload.stored = true;
            callback(null, response);
          } catch (error) {
            callback(toGrpcError(error) as Parameters<typeof callback>[0]);
          }
        });
      },
      startImport: unary(logger, async (req: documentsV1.StartImportRequest) => {
        if (!req.path.startsWith('/'))
          throw new InputError('path must be absolute', [{ path: 'path', message: 'must be absolute' }]);
        this.requireSource(req.sourceId, 'sourceId');
        this.importRequests.push(req);
        return { processId: `import-${this.importRequests.length}`, runId: `run-${this.importRequests.length}` };
      }),
      listSources: unary(logger, async () => ({ sources: this.sources })),
      // Like the service: a taken id is ALREADY_EXISTS, a field the BFF cannot judge INVALID_ARGUMENT naming it.
      createSource: unary(logger, async (req: documentsV1.CreateSourceRequest) => {
        this.createSourceRequests.push(req);
        if (req.homeUrl.includes('@')) {
          throw new InputError('invalid source', [
            { path: 'homeUrl', message: 'must not contain a user name or password' },
          ]);
        }
        if (this.sources.some((s) => s.id === req.id)) {
          throw new ConflictError(`a source with id "${req.id}" already exists`);
        }
        const { createdBy: _createdBy, ...definition } = req;
        const source: documentsV1.Source = {
          ...sourceFixture(),
          ...definition,
          publishesNativeFilingTypes: false,
          industries: [],
          documentCount: '0',
          docketCount: '0',
          firstFiledAt: undefined,
          lastFiledAt: undefined,
          filingTypes: [],
        };
        this.sources.push(source);
        return { source };
      }),
      getDocket: unary(logger, async (req: documentsV1.GetDocketRequest) => {
        const docket = this.dockets.get(req.docketId);
        if (!docket) throw new NotFoundError(`no docket "${req.docketId}"`);
        return { docket, source: this.sources.find((s) => s.id === docket.sourceId) };
      }),
      listDocketEntries: unary(logger, async (req: documentsV1.ListDocketEntriesRequest) => {
        this.docketEntryRequests.push(req);
        if (!this.dockets.has(req.docketId)) throw new NotFoundError(`no docket "${req.docketId}"`);
        if (req.pageToken && !/^\d+$/.test(req.pageToken))
          throw new InputError('invalid page token', [
            { path: 'pageToken', message: 'is not a token from a previous page' },
          ]);
        const all = this.docketEntries.get(req.docketId) ?? [];
        const offset = Number(req.pageToken || '0');
        const size = Math.min(req.pageSize || 50, 200);
        return {
          entries: all.slice(offset, offset + size),
          nextPageToken: offset + size < all.length ? String(offset + size) : '',
          totalSize: String(all.length),
        };
      }),
      listDataProducts: unary(logger, async () => ({ dataProducts: this.dataProducts })),
      // Releases are the documents service's own tests' concern: this fake has none.
      getDataProduct: unary(logger, async (req: documentsV1.GetDataProductRequest) => {
        throw new NotFoundError(`no data product ${req.dataProductId}`);
      }),
      publishRelease: (_call: unknown, callback: sendUnaryData<documentsV1.PublishReleaseResponse>) =>
        callback(toGrpcError(new NotFoundError('this fake publishes no releases'))),
      readReleaseRows: unary(logger, async (req: documentsV1.ReadReleaseRowsRequest) => {
        throw new NotFoundError(`${req.dataProductId} has no release yet`);
      }),
      downloadRelease: serverStream(
        logger,
        async (call: ServerWritableStream<documentsV1.DownloadReleaseRequest, documentsV1.DownloadReleaseResponse>) => {
          this.downloadRequests.push(call.request);
          const download = this.downloads.get(call.request.dataProductId);
          if (!download) throw new NotFoundError(`${call.request.dataProductId} has no release yet`);
          call.write({ release: download.release });
          for (const data of download.chunks) call.write({ data });
        },
      ),
      listChangedRows: unary(logger, async (req: documentsV1.ListChangedRowsRequest) => {
        throw new NotFoundError(`${req.dataProductId} has no release yet`);
      }),
      summariseProduct: unary(logger, async (req: documentsV1.SummariseProductRequest) => {
        const summary = this.summaries.get(req.dataProductId);
        if (!summary) throw new NotFoundError(`no data product ${req.dataProductId}`);
        return summary;
      }),
      summariseReleaseChanges: unary(logger, async (req: documentsV1.SummariseReleaseChangesRequest) => {
        throw new NotFoundError(`${req.dataProductId} has no release yet`);
      }),
      getCatalogStatus: unary(logger, async () => ({ sources: this.statuses, corpusLoad: this.corpusLoad })),
      noteUserActivity: unary(logger, async () => {
        this.userActivityNotes += 1;
        return {};
      }),
      getEntity: unary(logger, async (req: documentsV1.GetEntityRequest) => {
        const entity = this.entities.get(req.id);
        if (!entity) throw new NotFoundError(`no entity ${req.id}`);
        return entity;
      }),
      listDocuments: unary(logger, async () => ({
        documents: [...this.documents.values()],
        nextPageToken: '',
        totalSize: String(this.documents.size),
      })),
      // The export service's read; the BFF never calls it.
      streamDocuments: serverStream(logger, async () => {
        throw new UnavailableError('not faked');
      }),
    };
  }

  /** As the service: a document names an existing source or none (the built-in uploads); the error lists them. */
  private requireSource(sourceId: string, path: string): void {
    if (sourceId === '' || sourceId === 'uploads' || this.sources.some((s) => s.id === sourceId)) return;
    const known = `known sources: ${this.sources.map((s) => s.id).join(', ')}`;
    const issue = { path, message: `must name a known source (${known})` };
    throw new InputError(`unknown source ${JSON.stringify(sourceId)}; ${known}`, [issue]);
  }

  /**
   * Outcome by file name, so tests can ask for each: dup* → duplicate, corrupt* → failed (kept),
   * reject* → INVALID_ARGUMENT.
   */
  private storeUpload(header: documentsV1.UploadFileHeader | undefined, bytes: Buffer): documentsV1.UploadFileResponse {
    if (!header) throw new InputError('the first message must be the header');
    if (header.fileName.startsWith('reject')) throw new InputError(`unsupported file type: ${header.fileName}`);
    const named = header.sidecarJson ? (JSON.parse(header.sidecarJson) as { sourceId?: string }).sourceId : undefined;
    this.requireSource(named ?? header.sourceId, named === undefined ? 'sourceId' : 'sidecar.sourceId');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const existing = [...this.documents.values()].find((d) => d.sha256 === sha256);
    if (existing || header.fileName.startsWith('dup'))
      return { document: existing ?? [...this.documents.values()][0], outcome: 'duplicate' };
    const sidecar = header.sidecarJson ? (JSON.parse(header.sidecarJson) as { title?: string }) : {};
    const failed = header.fileName.startsWith('corrupt');
    const document = documentFixture({
      id: `doc-${this.documents.size + 1}`,
      title: sidecar.title ?? header.fileName,
      text: failed ? '' : bytes.toString('utf8'),
      sourceId: header.sourceId,
      sha256,
      createdBy: header.uploadedBy,
      failureReason: failed ? 'corrupt' : '',
    });
    this.documents.set(document.id, document);
    return { document, outcome: failed ? 'failed' : 'new' };
  }

  private searchImpl(logger: Logger): searchV1.SearchServiceServer {
    return {
      search: unary(logger, async (req: searchV1.SearchRequest): Promise<searchV1.SearchResponse> => {
        this.searchRequests.push(req);
        if (req.query === 'unavailable') throw new UnavailableError('index is being swapped');
        // The query-engine names fields as the proto does; the BFF renames them for its callers.
        if (req.query === 'bad-filter')
          throw new InputError('invalid search filters', [
            { path: 'filters.agencies[0]', message: 'must contain a letter or digit, got "--"' },
            { path: 'query', message: 'expected a search term at column 1' },
          ]);
        const term = req.query.toLowerCase();
        const matches = [...this.documents.values()].filter((d) => d.text.toLowerCase().includes(term));
        // A cursor here is simply the offset of the next page.
        const start = req.cursor ? Number(req.cursor) : 0;
        const page = matches.slice(start, start + req.limit);
        const more = start + page.length < matches.length;
        return {
          hits: page.map((d) => ({
            documentId: d.id,
            title: d.title,
            snippet: d.text.replace(new RegExp(term, 'ig'), (m) => `<mark>${m}</mark>`),
            score: 1.5,
            filedAt: d.filedAt,
            sourceId: d.sourceId,
            docketNumber: d.docketNumber,
            filingType: d.filingType,
            sourceName: 'Federal Energy Regulatory Commission',
            filingCategory: 'Order',
            parties: ['Sierra Club'],
            titleHtml: `<mark>${d.title}</mark>`,
          })),
          total: String(Math.min(matches.length, this.searchCountLimit)),
          totalIsLowerBound: matches.length > this.searchCountLimit,
          tookMs: 0.5,
          facets: req.includeFacets
            ? [
                {
                  field: 'agency',
                  buckets: [
                    { value: 'ferc', label: 'Federal Energy Regulatory Commission', count: String(matches.length) },
                  ],
                },
              ]
            : [],
          facetsCounted: req.includeFacets ? String(matches.length) : '0',
          nextCursor: more ? String(start + page.length) : '',
          requestId: req.workspaceId && req.record ? `request-in-${req.workspaceId}` : '',
          normalizedQuery: req.query,
        };
      }),
      startReindex: unary(logger, async (req: searchV1.StartReindexRequest) => {
        this.reindexRequests.push(req);
        return { processId: `reindex-${this.reindexRequests.length}` };
      }),
      getIndexStats: unary(logger, async () => ({
        documents: String(this.documents.size),
        pending: String(this.indexPending),
      })),
      // Counts the fake's documents containing the query, all on one day: enough for the BFF's mapping.
      estimateVolume: unary(
        logger,
        async (req: searchV1.EstimateVolumeRequest): Promise<searchV1.EstimateVolumeResponse> => {
          const term = req.query.toLowerCase();
          const total = [...this.documents.values()].filter((d) => d.text.toLowerCase().includes(term)).length;
          const day = new Date().toISOString().slice(0, 10);
          return { total: String(total), days: [{ day, count: String(total) }], perDay: total, from: day, to: day };
        },
      ),
      // The export service's read; the BFF never calls it.
      streamSearch: serverStream(logger, async () => {
        throw new UnavailableError('not faked');
      }),
    };
  }

  private processesImpl(logger: Logger): processesV1.ProcessServiceServer {
    return {
      getProcess: unary(logger, async (req: processesV1.GetProcessRequest) => {
        const process = this.processes.get(req.id);
        if (!process) throw new NotFoundError(`no process ${req.id}`);
        return { process };
      }),
      listProcesses: unary(logger, async (req: processesV1.ListProcessesRequest) => ({
        processes: [...this.processes.values()]
          .filter((p) => !req.ownerId || p.ownerId === req.ownerId)
          .slice(0, req.limit || 50),
      })),
      watchProcess: serverStream(
        logger,
        (call: ServerWritableStream<processesV1.WatchProcessRequest, processesV1.WatchProcessResponse>) => {
          const id = call.request.id;
          return new Promise<void>((resolve) => {
            const current = this.processes.get(id);
            if (current) call.write({ process: current });
            const onUpdate = (process: processesV1.Process) => {
              call.write({ process });
              const final =
                process.status === processesV1.ProcessStatus.PROCESS_STATUS_SUCCEEDED ||
                process.status === processesV1.ProcessStatus.PROCESS_STATUS_FAILED;
              if (final) done();
            };
            const done = () => {
              this.updates.off(id, onUpdate);
              this.watchers.set(id, (this.watchers.get(id) ?? 1) - 1);
              resolve();
            };
            this.updates.on(id, onUpdate);
            this.watchers.set(id, (this.watchers.get(id) ?? 0) + 1);
            call.on('cancelled', () => {
              this.cancelled += 1;
              done();
            });
          });
        },
      ),
    };
  }
}

export function processFixture(
  overrides: Partial<processesV1.Process> & { id: string; ownerId: string },
): processesV1.Process {
  return {
    kind: 'reindex',
    title: 'Re-index search',
    status: processesV1.ProcessStatus.PROCESS_STATUS_QUEUED,
    total: '0',
    done: '0',
    message: '',
    createdAt: new Date('2024-05-01T10:00:00Z'),
    updatedAt: new Date('2024-05-01T10:00:00Z'),
    finishedAt: undefined,
    sequence: '1',
    failed: '0',
    failures: [],
    ...overrides,
  };
}

const ATTACHMENT_CHUNK = 64 * 1024;

/** GetDocument's answer for pages [first, first + count) of the text, with the fixture docket and entities. */
function pageRange(document: documentsV1.Document, first: number, count: number): documentsV1.GetDocumentResponse {
  const spans = document.pages.filter((p) => p.number >= first && p.number < first + count);
  const start = spans[0]?.start ?? 0;
  const end = spans.at(-1)?.end ?? document.text.length;
  const ranged =
    document.pages.length === 0 ? document : { ...document, text: document.text.slice(start, end), textOffset: start };
  const withDocket = document.docketId === docketFixture().id;
  return {
    document: { ...ranged, textLength: document.text.length },
    docket: withDocket ? docketFixture() : undefined,
    source: document.sourceId === sourceFixture().id ? sourceFixture() : undefined,
    entities: withDocket
      ? [
          { id: 'ent-acme', kind: 'organisation', name: 'Acme Power Co.', count: '3' },
          { id: 'ent-docket', kind: 'docket', name: 'ER24-1-000', count: '1' },
        ]
      : [],
    mentions: withDocket ? [{ entityId: 'ent-acme', start: start + 5, end: start + 19 }] : [],
  };
}

export function documentFixture(overrides: Partial<documentsV1.Document> & { id: string }): documentsV1.Document {
  return {
    title: '',
    text: '',
    sourceId: '',
    docketNumber: '',
    filingType: '',
    filedAt: undefined,
    createdAt: new Date('2024-05-01T10:00:00Z'),
    sha256: '',
    createdBy: '',
    filingCategory: '',
    filers: [],
    description: '',
    language: 'en',
    docketId: '',
    pages: [],
    attachments: [],
    provenance: undefined,
    textOffset: 0,
    textLength: overrides.text?.length ?? 0,
    failureReason: '',
    entitiesPending: false,
    ...overrides,
  };
}

/** A 12-page filing on the fixture docket: page N reads "Page N. …". */
export function pagedDocumentFixture(id: string, attachments: documentsV1.Attachment[]): documentsV1.Document {
  const pageTexts = Array.from({ length: 12 }, (_, i) => `Page ${i + 1}. Acme Power Co. asks for a rate increase.\n`);
  let offset = 0;
  const pages = pageTexts.map((text, i) => {
    const span = { number: i + 1, start: offset, end: offset + text.length };
    offset += text.length;
    return span;
  });
  return documentFixture({
    id,
    title: 'Direct testimony of Jane Roe',
    text: pageTexts.join(''),
    sourceId: sourceFixture().id,
    docketId: docketFixture().id,
    docketNumber: 'ER24-1-000',
    filingType: 'Testimony (Direct)',
    filingCategory: 'Testimony',
    filers: ['Acme Power Co.'],
    description: 'Direct testimony on the revenue requirement',
    filedAt: new Date('2024-03-05T00:00:00Z'),
    sha256: 'f'.repeat(64),
    pages,
    attachments,
    provenance: { connector: 'files', sourceDocumentId: 'testimony.pdf', sourceUrl: '', runId: 'run-7' },
  });
}

export function attachmentFixture(
  overrides: Partial<documentsV1.Attachment> & { id: string; bytes: Buffer },
): documentsV1.Attachment {
  const { bytes, ...rest } = overrides;
  return {
    fileName: `${overrides.id}.pdf`,
    contentType: 'application/pdf',
    size: String(bytes.length),
    sha256: createHash('sha256').update(bytes).digest('hex'),
    pageCount: 1,
    failureReason: '',
    failureMessage: '',
    primary: false,
    ...rest,
  };
}

export function sourceFixture(): documentsV1.Source {
  return {
    id: 'src-ferc',
    name: 'Federal Energy Regulatory Commission',
    shortName: 'FERC',
    kind: 'agency',
    jurisdiction: 'federal',
    homeUrl: 'https://www.ferc.gov',
    docketPattern: '^[A-Z]{2}\\d{2}-\\d+-\\d{3}$',
    publishesNativeFilingTypes: true,
    industries: ['electric', 'gas'],
    documentCount: '1250',
    docketCount: '48',
    firstFiledAt: new Date('2019-01-02T00:00:00Z'),
    lastFiledAt: new Date('2024-04-30T00:00:00Z'),
    filingTypes: [{ native: 'Order on Rehearing', category: 'Order', count: '120' }],
    state: '',
  };
}

export function docketFixture(): documentsV1.Docket {
  return {
    id: 'dkt-1',
    sourceId: 'src-ferc',
    number: 'ER24-1-000',
    numberRaw: 'ER24-1',
    title: 'Acme Power Co. rate case',
    status: 'open',
    openedAt: new Date('2024-01-10T00:00:00Z'),
    closedAt: undefined,
    parties: [
      {
        name: 'Acme Power Co.',
        role: 'applicant',
        kind: 'organisation',
        representative: 'Jane Roe',
        attorneys: [],
        dateTerminated: '',
      },
    ],
    industry: 'electric',
    documentCount: '17',
  };
}

export function dataProductFixture(): documentsV1.DataProduct {
  return {
    id: 'dp-rate-cases',
    name: 'Rate-case tracker',
    description: 'Every open rate case with requested and approved amounts.',
    cadence: 'monthly',
    fields: [{ name: 'docket_number', type: 'string', description: 'Docket' }],
    sourceIds: ['src-ferc'],
    releases: [
      {
        id: 'rel-2',
        version: '2024.05',
        releasedAt: new Date('2024-05-01T00:00:00Z'),
        recordCounts: [{ entity: 'proceedings', count: '412' }],
        changeLog: [{ kind: 'added', entity: 'tariffs', count: '19' }],
        addedColumns: ['approved_roe'],
        removedColumns: [],
      },
    ],
  };
}

function sourceStatusFixture(): documentsV1.SourceStatus {
  return {
    source: sourceFixture(),
    status: 'lagging',
    lastSuccessAt: new Date('2024-05-01T06:00:00Z'),
    lagSeconds: '90000',
    documentsLast24h: '0',
    documentsLast7d: '42',
    errorRate: 0.05,
    recentRuns: [
      {
        id: 'run-7',
        sourceId: 'src-ferc',
        connector: 'federal-register',
        startedAt: new Date('2024-05-01T05:00:00Z'),
        finishedAt: new Date('2024-05-01T06:00:00Z'),
        status: 'succeeded',
        seen: '20',
        new: '15',
        updated: '2',
        duplicate: '2',
        failed: '1',
        errors: [{ item: 'FR-2024-0001', reason: 'corrupt', message: 'PDF header missing' }],
        processId: '',
      },
    ],
    history: [{ day: '2024-05-01', documents: '15', failed: '1' }],
  };
}

function entityFixture(): documentsV1.GetEntityResponse {
  return {
    entity: {
      id: 'ent-acme',
      kind: 'organisation',
      name: 'Acme Power Co.',
      aliases: ['Acme Power Company', 'Acme'],
      mentionCount: '57',
      documentCount: '12',
      firstSeenAt: new Date('2023-02-01T00:00:00Z'),
      lastSeenAt: new Date('2024-04-30T00:00:00Z'),
    },
    mentionsByMonth: [{ month: '2024-03', mentions: '9' }],
    documents: [
      {
        documentId: 'doc-paged',
        title: 'Direct testimony',
        filedAt: new Date('2024-03-05T00:00:00Z'),
        docketNumber: 'ER24-1-000',
        sourceId: 'src-ferc',
        excerpt: '… Acme Power Co. asks …',
      },
    ],
    dockets: [{ docketId: 'dkt-1', number: 'ER24-1-000', title: 'Acme Power Co. rate case', documents: '17' }],
    cooccurring: [{ id: 'ent-jane', kind: 'person', name: 'Jane Roe', count: '8' }],
  };
}
