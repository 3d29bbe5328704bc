import { ConflictError, InputError, NotAllowedError, NotFoundError, UnavailableError } from '@docket/errors';
import { isProcessId, newProcessId, type ProcessUpdates } from '@docket/processes';
import type { ExportBlobStore } from '../blob/export-blob-store';
import {
  checkFormat,
  contentTypeOf,
  fileNameOf,
  FORMATS_BY_SUBJECT,
  titleOf,
  type ExportFormat,
  type ExportOptions,
  type ExportRecord,
  type ExportSource,
  type ExportSubject,
} from '../domain/export';
import { checkLimits, type ExportLimits } from '../domain/export-limits';
import type { ExportSources } from '../domain/export-sources';
import type { ExportRepository } from './export.repository';

export const EXPORT_PROCESS_KIND = 'export';

/** The queue the workers take exports from. */
export interface ExportJobs {
  enqueue(exportId: string, attempt: number): Promise<void>;
  /** Drops a job not started yet (a cancel); a running one notices the cancel itself. */
  remove(exportId: string): Promise<void>;
}

export interface ExportTarget {
  workspaceId: string;
  requestId: string;
}

export interface Estimate {
  subject: ExportSubject;
  rows: number;
  files: number;
  estimatedBytes: number;
  formats: ExportFormat[];
  truncated: boolean;
}

/** Bytes of one CSV row without its text (metadata, snippet, link), measured on the demo corpus. */
const ROW_BYTES = 520;
/** Documents sampled to estimate average text and file sizes. */
const SAMPLE = 50;
/** A query's analysis, documents list and figures, zipped. */
const QUERY_BYTES = 250_000;

/** An export runs its searches and questions again: only those who may run them may export them. */
export const VIEWERS_CANNOT_EXPORT =
  'viewers cannot export from this workspace: ' +
  'an export runs its searches and questions again, which only owners and editors may do';

/** What anyone is told about an export they may not see, exactly as about one that does not exist. */
export const NO_SUCH_EXPORT = 'no such export';

/**
 * Starting and managing exports. One rule: whoever may run what is exported (an owner or editor of
 * its workspace) may export it, and nobody else learns anything. A non-member's start or estimate
 * is NotFoundError (from the sources), a viewer's NotAllowedError; an export is visible to whoever
 * started it for as long as they may still run in its workspace, and to nobody else.
 */
export class ExportService {
  constructor(
    private readonly deps: {
      exports: ExportRepository;
      sources: ExportSources;
      jobs: ExportJobs;
      processes: ProcessUpdates;
      blobs: ExportBlobStore;
      limits: ExportLimits;
      maxRows: number;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async start(
    userId: string,
    target: ExportTarget,
    format: ExportFormat | undefined,
    options: ExportOptions,
    userEmail = '',
  ): Promise<ExportRecord> {
    requireUser(userId);
    await this.requireRun(userId, target.workspaceId);
    const { subject, source } = await this.resolve(userId, target);
    const checked = checkFormat(subject, format);
    checkLimits(await this.deps.exports.usage(userId), this.deps.limits);
    const now = this.now();
    const id = newProcessId(now.getTime());
    const record: ExportRecord = {
      id,
      processId: id,
      workspaceId: target.workspaceId,
      requestId: target.requestId,
      userId,
      userEmail: userEmail.trim(),
      subject,
      format: checked,
      options,
      source,
      status: 'queued',
      title: titleOf(source, checked),
      fileName: fileNameOf(source, checked, now),
      contentType: contentTypeOf(checked),
      progress: { unit: subject === 'search' ? 'rows' : 'parts', done: 0, total: 0 },
      error: '',
      attempts: 0,
      createdAt: now,
    };
    await this.deps.exports.insert(record);
    await this.publishQueued(record, '');
    try {
      await this.deps.jobs.enqueue(id, 0);
    } catch (error) {
      // Not left queued forever (it would count against the user's limit).
      await this.deps.exports.fail(id, { error: 'could not be queued', finishedAt: this.now(), event: undefined });
      throw new UnavailableError('the export queue is not reachable; try again', { cause: error });
    }
    return record;
  }

  async estimate(userId: string, target: ExportTarget, options: ExportOptions): Promise<Estimate> {
    requireUser(userId);
    await this.requireRun(userId, target.workspaceId);
    const { subject, source } = await this.resolve(userId, target);
    const formats = FORMATS_BY_SUBJECT[subject];
    if (source.kind === 'query')
      return { subject, rows: 1, files: 0, estimatedBytes: QUERY_BYTES, formats, truncated: false };
    if (source.kind === 'workspace') {
      let rows = 0;
      let files = 0;
      let bytes = 0;
      for await (const request of this.deps.sources.requests(userId, target.workspaceId)) {
        if (request.source.kind === 'query') {
          bytes += QUERY_BYTES;
          rows++;
          continue;
        }
        const part = await this.estimateSearch(userId, target.workspaceId, request.source, options);
        rows += part.rows;
        files += part.files;
        bytes += part.bytes;
      }
      return { subject, rows, files, estimatedBytes: bytes, formats, truncated: false };
    }
    const search = await this.estimateSearch(userId, target.workspaceId, source, options);
    return {
      subject,
      rows: search.rows,
      files: search.files,
      estimatedBytes: search.bytes,
      formats,
      truncated: search.truncated,
    };
  }

  /** Counts the search and measures a sample of its documents (text length, files' sizes) to scale up. */
  private async estimateSearch(
    userId: string,
    workspaceId: string,
    source: ExportSource & { kind: 'search' },
    options: ExportOptions,
  ) {
    const controller = new AbortController();
    let total = 0;
    let lowerBound = false;
    const ids: string[] = [];
    for await (const batch of this.deps.sources.searchHits(
      {
        text: source.text,
        filters: source.filters,
        sort: source.sort,
        userId,
        workspaceId,
        cursor: '',
        maxHits: SAMPLE,
        batchSize: SAMPLE,
      },
      controller.signal,
    )) {
      if (batch.total > 0) {
        total = batch.total;
        lowerBound = batch.totalIsLowerBound;
      }
      ids.push(...batch.hits.map((h) => h.documentId));
    }
    const rows = Math.min(total, this.deps.maxRows);
    let textBytes = 0;
    let fileBytes = 0;
    let fileCount = 0;
    if (ids.length > 0 && (options.includeFullText || options.includeOriginalFiles)) {
      for await (const document of this.deps.sources.documents(ids, options.includeFullText, controller.signal)) {
        textBytes += Buffer.byteLength(document.text);
        fileCount += document.files.length;
        fileBytes += document.files.reduce((sum, file) => sum + file.size, 0);
      }
    }
    const scale = ids.length > 0 ? rows / ids.length : 0;
    const files = options.includeOriginalFiles ? Math.round(fileCount * scale) : 0;
    const bytes = Math.round(
      rows * ROW_BYTES +
        (options.includeFullText ? textBytes * scale : 0) +
        (options.includeOriginalFiles ? fileBytes * scale : 0),
    );
    return { rows, files, bytes, truncated: lowerBound || total > this.deps.maxRows };
  }

  async get(userId: string, exportId: string): Promise<ExportRecord> {
    const record = await this.deps.exports.find(exportId);
    if (!record || record.userId !== userId || !(await this.mayRun(userId, record.workspaceId)))
      throw new NotFoundError(NO_SUCH_EXPORT);
    return record;
  }

  /** Whether the user may (still) run searches and questions in the workspace; false for a non-member. */
  async mayRun(userId: string, workspaceId: string): Promise<boolean> {
    if (!userId.trim() || !workspaceId.trim()) return false;
    try {
      return (await this.deps.sources.workspace(userId, workspaceId)).mayRun;
    } catch (error) {
      if (error instanceof NotFoundError) return false;
      throw error;
    }
  }

  private async requireRun(userId: string, workspaceId: string): Promise<void> {
    if (!workspaceId.trim())
      throw new InputError('the workspace is required', [
        { path: 'target.workspace_id', message: 'must not be empty' },
      ]);
    if (!(await this.deps.sources.workspace(userId, workspaceId)).mayRun)
      throw new NotAllowedError(VIEWERS_CANNOT_EXPORT);
  }

  async list(userId: string, options: { limit: number; cursor: string; workspaceId: string }) {
    requireUser(userId);
    const limit = options.limit === 0 ? 50 : options.limit;
    if (!Number.isInteger(limit) || limit < 1 || limit > 200)
      throw new InputError('invalid limit', [{ path: 'limit', message: 'must be between 1 and 200' }]);
    // A page cursor is the id of the last export of the page before; anything else would page from nowhere.
    if (options.cursor && !isProcessId(options.cursor)) {
      throw new InputError('invalid cursor', [
        { path: 'cursor', message: 'is not a cursor from a previous page (use nextCursor as given)' },
      ]);
    }
    const [page, usage] = await Promise.all([
      this.deps.exports.listByUser(userId, {
        limit: limit + 1,
        cursor: options.cursor || undefined,
        workspaceId: options.workspaceId || undefined,
      }),
      this.deps.exports.usage(userId),
    ]);
    const shown = page.slice(0, limit);
    // Exports of a workspace the user may no longer run in (removed, made a viewer) are not theirs to see.
    const allowed = new Map<string, Promise<boolean>>();
    const allowedIn = (workspaceId: string) =>
      allowed.get(workspaceId) ?? allowed.set(workspaceId, this.mayRun(userId, workspaceId)).get(workspaceId)!;
    const visible = await Promise.all(shown.map((record) => allowedIn(record.workspaceId)));
    const exports = shown.filter((_record, i) => visible[i]);
    return {
      exports,
      nextCursor: page.length > limit ? (shown.at(-1)?.id ?? '') : '',
      usage,
      limits: this.deps.limits,
    };
  }

  async cancel(userId: string, exportId: string): Promise<ExportRecord> {
    const record = await this.get(userId, exportId);
    const cancelled = await this.deps.exports.cancel(record.id, 'Cancelled by you', this.now());
    if (!cancelled)
      throw new ConflictError(`the export is ${record.status}: only a queued or running export can be cancelled`);
    await this.deps.jobs.remove(record.id);
    await this.deps.processes.publish(processUpdateOf(cancelled, 'failed', 'Cancelled'));
    return cancelled;
  }

  async retry(userId: string, exportId: string): Promise<ExportRecord> {
    const record = await this.get(userId, exportId);
    if (record.status !== 'failed' && record.status !== 'cancelled')
      throw new ConflictError(`the export is ${record.status}: only a failed or cancelled export can be retried`);
    checkLimits(await this.deps.exports.usage(userId), this.deps.limits);
    const queued = await this.deps.exports.requeue(record.id);
    if (!queued) throw new ConflictError('the export changed meanwhile; reload it');
    await this.publishQueued(queued, 'Retrying');
    await this.deps.jobs.enqueue(queued.id, queued.attempts);
    return queued;
  }

  async delete(userId: string, exportId: string): Promise<void> {
    const record = await this.get(userId, exportId);
    if (record.status === 'queued' || record.status === 'running')
      throw new ConflictError('the export is still running: cancel it first');
    if (record.file) await this.deps.blobs.delete(record.file.key);
    await this.deps.exports.deleteFinished(record.id);
  }

  private publishQueued(record: ExportRecord, message: string): Promise<void> {
    return this.deps.processes.publish(processUpdateOf(record, 'queued', message));
  }

  /**
   * The request behind a target (search or query), or the workspace; a non-member gets NotFoundError from the sources.
   */
  private async resolve(
    userId: string,
    target: ExportTarget,
  ): Promise<{ subject: ExportSubject; source: ExportSource }> {
    if (!target.workspaceId.trim())
      throw new InputError('the workspace is required', [
        { path: 'target.workspace_id', message: 'must not be empty' },
      ]);
    if (!target.requestId.trim()) {
      const workspace = await this.deps.sources.workspace(userId, target.workspaceId);
      return { subject: 'workspace', source: { kind: 'workspace', name: workspace.name } };
    }
    const request = await this.deps.sources.request(userId, target.workspaceId, target.requestId);
    return { subject: request.source.kind, source: request.source };
  }
}

export function processUpdateOf(
  record: ExportRecord,
  status: 'queued' | 'running' | 'succeeded' | 'failed',
  message: string,
) {
  return {
    processId: record.processId,
    kind: EXPORT_PROCESS_KIND,
    title: record.title,
    ownerId: record.userId,
    status,
    total: record.progress.total,
    done: record.progress.done,
    message,
  };
}

function requireUser(userId: string): void {
  if (!userId.trim()) throw new InputError('the user is required', [{ path: 'user_id', message: 'must not be empty' }]);
}
