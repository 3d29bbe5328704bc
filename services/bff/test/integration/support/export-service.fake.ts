import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { ConflictError, InputError, NotFoundError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import * as exportsV1 from '@docket/proto/src/exports';
import { serverStream, startGrpcServer, unary, type RunningGrpcServer } from '@docket/service-kit';

const { ExportFormat, ExportStatus, ExportSubject } = exportsV1;
type Export = exportsV1.Export;

/**
 * An in-process ExportService over real gRPC for the BFF's tests, with the service's rules the BFF
 * relies on: only members of the export's workspace see it (NOT_FOUND otherwise, as for no export),
 * a per-user limit on exports running at once (ALREADY_EXISTS naming it), signed tokens that expire
 * with the file, and ReadDownload streaming the asked byte range in chunks.
 */
export class FakeExportService {
  /** workspace id → its members' user ids; a request id's kind by id. */
  readonly workspaces = new Map<string, Set<string>>();
  readonly requestKinds = new Map<string, 'search' | 'query'>();
  readonly exports = new Map<string, Export>();
  /** The finished files by export id. */
  readonly files = new Map<string, Buffer>();
  readonly startRequests: exportsV1.StartExportRequest[] = [];
  /** Every ReadDownload as asked. */
  readonly reads: { offset: number; length: number }[] = [];
  maxConcurrent = 3;
  private readonly tokens = new Map<string, string>();
  private server: RunningGrpcServer | undefined;

  async start(logger: Logger): Promise<string> {
    this.server = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      logger,
      services: [{ definition: exportsV1.ExportServiceService, implementation: this.impl(logger) }],
    });
    return `127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.shutdown(1000);
  }

  /** Finishes an export with `file` (SUCCEEDED, expiring in a day), as a worker would. */
  finish(exportId: string, file: Buffer, fileName: string, contentType: string): Export {
    const e = this.exports.get(exportId)!;
    this.files.set(exportId, file);
    Object.assign(e, {
      status: ExportStatus.EXPORT_STATUS_SUCCEEDED,
      fileName,
      contentType,
      size: String(file.length),
      finishedAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
      progress: { unit: 'rows', done: '10', total: '10', perSecond: 5, secondsLeft: '0' },
    });
    return e;
  }

  /** The scheduled job's work: the file is removed, the export says it expired. */
  expire(exportId: string): void {
    const e = this.exports.get(exportId)!;
    this.files.delete(exportId);
    Object.assign(e, { status: ExportStatus.EXPORT_STATUS_EXPIRED, expiresAt: new Date(Date.now() - 1000) });
  }

  private member(userId: string, workspaceId: string): void {
    if (!this.workspaces.get(workspaceId)?.has(userId)) throw new NotFoundError(`no workspace ${workspaceId}`);
  }

  private visible(userId: string, exportId: string): Export {
    const e = this.exports.get(exportId);
    if (!e || !this.workspaces.get(e.workspaceId)?.has(userId)) throw new NotFoundError(`no export ${exportId}`);
    return e;
  }

  private subjectOf(target: exportsV1.ExportTarget | undefined): exportsV1.ExportSubject {
    if (!target?.requestId) return ExportSubject.EXPORT_SUBJECT_WORKSPACE;
    const kind = this.requestKinds.get(target.requestId);
    if (!kind) throw new NotFoundError(`no request ${target.requestId}`);
    return kind === 'search' ? ExportSubject.EXPORT_SUBJECT_SEARCH : ExportSubject.EXPORT_SUBJECT_QUERY;
  }

  private formatsOf(subject: exportsV1.ExportSubject): exportsV1.ExportFormat[] {
    if (subject === ExportSubject.EXPORT_SUBJECT_SEARCH)
      return [
        ExportFormat.EXPORT_FORMAT_CSV,
        ExportFormat.EXPORT_FORMAT_XLSX,
        ExportFormat.EXPORT_FORMAT_JSONL,
        ExportFormat.EXPORT_FORMAT_ZIP,
      ];
    if (subject === ExportSubject.EXPORT_SUBJECT_QUERY)
      return [
        ExportFormat.EXPORT_FORMAT_DOCX,
        ExportFormat.EXPORT_FORMAT_HTML,
        ExportFormat.EXPORT_FORMAT_CSV,
        ExportFormat.EXPORT_FORMAT_ZIP,
      ];
    return [ExportFormat.EXPORT_FORMAT_ZIP];
  }

  private checked(req: {
    userId: string;
    target?: exportsV1.ExportTarget;
    format: exportsV1.ExportFormat;
  }): exportsV1.ExportSubject {
    this.member(req.userId, req.target?.workspaceId ?? '');
    const subject = this.subjectOf(req.target);
    if (!this.formatsOf(subject).includes(req.format))
      throw new InputError('format: not for this subject', [
        { path: 'format', message: 'is not a format this request can be exported as' },
      ]);
    return subject;
  }

  private document(token: string, userId: string): { e: Export; file: Buffer } {
    const exportId = this.tokens.get(token);
    if (!exportId) throw new NotFoundError('no such download link');
    const e = this.visible(userId, exportId);
    const file = this.files.get(exportId);
    if (e.status === ExportStatus.EXPORT_STATUS_EXPIRED || !file)
      throw new NotFoundError('this export expired and its file was removed');
    return { e, file };
  }

  /** The service's handlers, for a server of someone else's (FakeBackends serves them beside ProcessService). */
  impl(logger: Logger): exportsV1.ExportServiceServer {
    return {
      estimateExport: unary(logger, async (req: exportsV1.EstimateExportRequest) => {
        const subject = this.checked(req);
        return {
          subject,
          rows: '1200',
          files: req.options?.includeOriginalFiles ? '40' : '0',
          estimatedBytes: '480000',
          formats: this.formatsOf(subject),
          truncated: false,
        };
      }),
      startExport: unary(logger, async (req: exportsV1.StartExportRequest) => {
        const subject = this.checked(req);
        const running = [...this.exports.values()].filter(
          (e) => e.userId === req.userId && e.status === ExportStatus.EXPORT_STATUS_QUEUED,
        ).length;
        if (running >= this.maxConcurrent)
          throw new ConflictError(`you have ${running} exports running; at most ${this.maxConcurrent} may run at once`);
        this.startRequests.push(req);
        const e = exportsV1.Export.fromPartial({
          exportId: randomUUID(),
          processId: randomUUID(),
          workspaceId: req.target!.workspaceId,
          requestId: req.target!.requestId,
          userId: req.userId,
          subject,
          format: req.format,
          options: req.options,
          status: ExportStatus.EXPORT_STATUS_QUEUED,
          title: 'Search “rate case” — CSV',
          progress: { unit: 'rows', done: '0', total: '0', perSecond: 0, secondsLeft: '-1' },
          createdAt: new Date(),
          attempts: 1,
        });
        this.exports.set(e.exportId, e);
        return { export: e };
      }),
      getExport: unary(logger, async (req: exportsV1.GetExportRequest) => ({
        export: this.visible(req.userId, req.exportId),
      })),
      listExports: unary(logger, async (req: exportsV1.ListExportsRequest) => {
        const mine = [...this.exports.values()].filter(
          (e) => e.userId === req.userId && (!req.workspaceId || e.workspaceId === req.workspaceId),
        );
        const running = mine.filter(
          (e) => e.status === ExportStatus.EXPORT_STATUS_QUEUED || e.status === ExportStatus.EXPORT_STATUS_RUNNING,
        ).length;
        return {
          exports: mine.reverse().slice(0, req.limit || 50),
          nextCursor: '',
          limits: { maxConcurrent: this.maxConcurrent, running, maxStored: 20, stored: mine.length },
        };
      }),
      cancelExport: unary(logger, async (req: exportsV1.CancelExportRequest) => {
        const e = this.visible(req.userId, req.exportId);
        if (e.status !== ExportStatus.EXPORT_STATUS_QUEUED && e.status !== ExportStatus.EXPORT_STATUS_RUNNING)
          throw new ConflictError('this export has finished');
        Object.assign(e, {
          status: ExportStatus.EXPORT_STATUS_CANCELLED,
          error: 'cancelled by its owner',
          finishedAt: new Date(),
        });
        return { export: e };
      }),
      retryExport: unary(logger, async (req: exportsV1.RetryExportRequest) => {
        const e = this.visible(req.userId, req.exportId);
        if (e.status !== ExportStatus.EXPORT_STATUS_FAILED && e.status !== ExportStatus.EXPORT_STATUS_CANCELLED)
          throw new ConflictError('only a failed or cancelled export can be retried');
        Object.assign(e, {
          status: ExportStatus.EXPORT_STATUS_QUEUED,
          error: '',
          finishedAt: undefined,
          attempts: e.attempts + 1,
        });
        return { export: e };
      }),
      deleteExport: unary(logger, async (req: exportsV1.DeleteExportRequest) => {
        const e = this.visible(req.userId, req.exportId);
        if (e.status === ExportStatus.EXPORT_STATUS_QUEUED || e.status === ExportStatus.EXPORT_STATUS_RUNNING)
          throw new ConflictError('this export is running: cancel it first');
        this.exports.delete(e.exportId);
        this.files.delete(e.exportId);
        return {};
      }),
      createDownloadLink: unary(logger, async (req: exportsV1.CreateDownloadLinkRequest) => {
        const e = this.visible(req.userId, req.exportId);
        if (e.status === ExportStatus.EXPORT_STATUS_EXPIRED)
          throw new NotFoundError('this export expired and its file was removed');
        if (e.status !== ExportStatus.EXPORT_STATUS_SUCCEEDED) throw new ConflictError('this export has not finished');
        const token = `${randomUUID()}.sig`;
        this.tokens.set(token, e.exportId);
        return { token, expiresAt: e.expiresAt, fileName: e.fileName, contentType: e.contentType, size: e.size };
      }),
      getDownload: unary(logger, async (req: exportsV1.GetDownloadRequest) => {
        const { e, file } = this.document(req.token, req.userId);
        return {
          exportId: e.exportId,
          fileName: e.fileName,
          contentType: e.contentType,
          size: String(file.length),
          sha256: createHash('sha256').update(file).digest('hex'),
          expiresAt: e.expiresAt,
          finishedAt: e.finishedAt,
        };
      }),
      readDownload: serverStream(logger, async (call) => {
        const { file } = this.document(call.request.token, call.request.userId);
        const offset = Number(call.request.offset);
        const length = Number(call.request.length) || file.length - offset;
        if (offset >= file.length) throw new InputError('offset is past the end of the file');
        this.reads.push({ offset, length });
        const end = Math.min(file.length, offset + length);
        for (let at = offset; at < end && !call.cancelled; at += 64 * 1024) {
          if (!call.write({ data: file.subarray(at, Math.min(end, at + 64 * 1024)) })) await once(call, 'drain');
        }
      }),
    };
  }
}
