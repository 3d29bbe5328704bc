import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { ServerWritableStream } from '@grpc/grpc-js';
import { NotFoundError, UnavailableError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import { documentsV1, exportV1, queryEngineV1 } from '@docket/proto';
import { serverStream, startGrpcServer, unary, type RunningGrpcServer } from '@docket/service-kit';

/**
 * Test doubles at the gRPC boundary: small in-process implementations of DocumentsService,
 * SearchService and ProcessService with fixture data, served over real gRPC, so the BFF's clients,
 * status mapping and streaming are exercised for real while the real services are built elsewhere.
 */
export class FakeBackends {
  readonly documents = new Map<string, documentsV1.Document>();
  readonly processes = new Map<string, exportV1.Process>();
  readonly createRequests: documentsV1.CreateDocumentRequest[] = [];
  readonly reindexRequests: queryEngineV1.StartReindexRequest[] = [];
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
        { definition: queryEngineV1.SearchServiceService, implementation: this.searchImpl(logger) },
        { definition: exportV1.ProcessServiceService, implementation: this.processesImpl(logger) },
      ],
    });
    return `127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.shutdown(1000);
  }

  /** Stores the process state and pushes it to its watchers, as the export service would. */
  publish(process: exportV1.Process): void {
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
        const document: documentsV1.Document = {
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
        };
        this.documents.set(document.id, document);
        return { document, created: true };
      }),
      getDocument: unary(logger, async (req: documentsV1.GetDocumentRequest) => {
        const document = this.documents.get(req.id);
        if (!document) throw new NotFoundError(`no document ${req.id}`);
        return { document };
      }),
      listDocuments: unary(logger, async () => ({ documents: [...this.documents.values()], nextPageToken: '', totalSize: String(this.documents.size) })),
    };
  }

  private searchImpl(logger: Logger): queryEngineV1.SearchServiceServer {
    return {
      search: unary(logger, async (req: queryEngineV1.SearchRequest) => {
        if (req.query === 'unavailable') throw new UnavailableError('index is being swapped');
        const term = req.query.toLowerCase();
        const matches = [...this.documents.values()].filter((d) => d.text.toLowerCase().includes(term));
        return {
          hits: matches.slice(req.offset, req.offset + req.limit).map((d) => ({
            documentId: d.id,
            title: d.title,
            snippet: d.text.replace(new RegExp(term, 'ig'), (m) => `<mark>${m}</mark>`),
            score: 1.5,
            filedAt: d.filedAt,
            sourceId: d.sourceId,
            docketNumber: d.docketNumber,
            filingType: d.filingType,
          })),
          total: String(matches.length),
          tookMs: 0.5,
        };
      }),
      startReindex: unary(logger, async (req: queryEngineV1.StartReindexRequest) => {
        this.reindexRequests.push(req);
        return { processId: `reindex-${this.reindexRequests.length}` };
      }),
      getIndexStats: unary(logger, async () => ({ documents: String(this.documents.size) })),
    };
  }

  private processesImpl(logger: Logger): exportV1.ProcessServiceServer {
    return {
      getProcess: unary(logger, async (req: exportV1.GetProcessRequest) => {
        const process = this.processes.get(req.id);
        if (!process) throw new NotFoundError(`no process ${req.id}`);
        return { process };
      }),
      listProcesses: unary(logger, async (req: exportV1.ListProcessesRequest) => ({
        processes: [...this.processes.values()].filter((p) => !req.ownerId || p.ownerId === req.ownerId).slice(0, req.limit || 50),
      })),
      watchProcess: serverStream(logger, (call: ServerWritableStream<exportV1.WatchProcessRequest, exportV1.WatchProcessResponse>) => {
        const id = call.request.id;
        return new Promise<void>((resolve) => {
          const current = this.processes.get(id);
          if (current) call.write({ process: current });
          const onUpdate = (process: exportV1.Process) => {
            call.write({ process });
            const final = process.status === exportV1.ProcessStatus.PROCESS_STATUS_SUCCEEDED || process.status === exportV1.ProcessStatus.PROCESS_STATUS_FAILED;
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
      }),
    };
  }
}

export function processFixture(overrides: Partial<exportV1.Process> & { id: string; ownerId: string }): exportV1.Process {
  return {
    kind: 'reindex',
    title: 'Re-index search',
    status: exportV1.ProcessStatus.PROCESS_STATUS_QUEUED,
    total: '0',
    done: '0',
    message: '',
    createdAt: new Date('2024-05-01T10:00:00Z'),
    updatedAt: new Date('2024-05-01T10:00:00Z'),
    finishedAt: undefined,
    sequence: '1',
    ...overrides,
  };
}
