import { DelayedError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { inJobTrace } from '@docket/events';
import type { Logger } from '@docket/observability';
import { ProgressTicker } from '@docket/processes';
import type { DocumentSource } from '../domain/document-source';
import { REINDEX_KIND, REINDEX_TITLE, type ProcessStatus, type ProcessUpdates } from '../domain/process-update';
import type { SearchBackend } from '../search';
import { rebuildIndex, RebuildInterrupted } from './rebuild-index';
import { QUEUE_PREFIX, REINDEX_QUEUE, type ReindexJobData } from './reindex.queue';

export interface ReindexWorkerOptions {
  /** Must be created with `maxRetriesPerRequest: null` (BullMQ blocks on it). */
  connection: Redis;
  index: SearchBackend;
  source: DocumentSource;
  processes: ProcessUpdates;
  logger: Logger;
  prefix?: string;
  pageSize?: number;
  progressIntervalMs?: number;
}

/**
 * Runs re-index jobs one at a time: rebuild from the documents service with progress at least every
 * 250 ms, swap in, report succeeded. Failures are reported from the worker's `failed` event, which
 * also covers jobs BullMQ fails on its own (stalled too often after crashes): "queued" with the
 * reason while retries remain, "failed" on the last one.
 */
export class ReindexWorker {
  private worker: Worker<ReindexJobData> | undefined;
  private readonly shutdown = new AbortController();
  private readonly reports = new Set<Promise<void>>();
  private readonly lastProgress = new Map<string, { done: number; total: number }>();
  /** The rebuild under way, if any (one at a time). */
  private current: { done: number; total: number } | undefined;
  private readonly logger: Logger;

  constructor(private readonly options: ReindexWorkerOptions) {
    this.logger = options.logger.child({ component: 'reindex-worker' });
  }

  start(): void {
    const worker = new Worker<ReindexJobData>(
      REINDEX_QUEUE,
      (job, token) => inJobTrace(REINDEX_QUEUE, job, () => this.run(job, token)),
      {
        connection: this.options.connection,
        prefix: this.options.prefix ?? QUEUE_PREFIX,
        concurrency: 1, // one rebuild at a time: the backend holds a single build file
        maxStalledCount: 2,
      },
    );
    worker.on('failed', (job, error) => {
      if (job) this.track(this.reportFailure(job, error));
    });
    worker.on('error', (error) => this.logger.error({ err: error }, 're-index worker error'));
    this.worker = worker;
  }

  /**
   * Makes a running rebuild stop at its next page boundary; its job goes back to the queue and
   * starts over later. Called first thing on shutdown, so the rebuild stops while the rest drains.
   */
  interrupt(): void {
    this.shutdown.abort();
  }

  /** The rebuild under way in this process: documents read so far, and the source's total. */
  rebuildProgress(): { done: number; total: number } | undefined {
    return this.current && { ...this.current };
  }

  async close(): Promise<void> {
    this.interrupt();
    await this.worker?.close();
    await Promise.allSettled([...this.reports]);
  }

  private async run(job: Job<ReindexJobData>, token: string | undefined): Promise<{ documents: number }> {
    const { processId } = job.data;
    const attempts = job.opts.attempts ?? 1;
    const attempt = job.attemptsMade + 1;
    const note = attempt > 1 ? `attempt ${attempt} of ${attempts}` : '';
    const publish = (status: ProcessStatus, done: number, total: number, message: string) =>
      this.options.processes.publish({ ...this.processOf(job), status, done, total, message });

    this.lastProgress.set(processId, { done: 0, total: 0 });
    await publish('running', 0, 0, note);
    const ticker = new ProgressTicker(
      ({ done, total }) => publish('running', done, total, note),
      (error) => this.logger.warn({ err: error, processId }, 'could not publish re-index progress'),
      this.options.progressIntervalMs ?? 250,
    );
    ticker.start();
    this.current = { done: 0, total: 0 };
    try {
      const { done } = await rebuildIndex({
        index: this.options.index,
        source: this.options.source,
        pageSize: this.options.pageSize ?? 500,
        signal: this.shutdown.signal,
        onProgress: (done, total) => {
          ticker.update(done, total);
          this.lastProgress.set(processId, { done, total });
          this.current = { done, total };
        },
      });
      await ticker.stop();
      await publish('succeeded', done, done, `Indexed ${done} ${done === 1 ? 'document' : 'documents'}`);
      this.lastProgress.delete(processId);
      this.logger.info({ processId, documents: done }, 're-index finished');
      return { documents: done };
    } catch (error) {
      await ticker.stop();
      if (error instanceof RebuildInterrupted && token) {
        // Not the job's fault: put it back without using up an attempt; it restarts from scratch.
        await publish('queued', 0, 0, 'Interrupted by a service restart; it will start again').catch(() => undefined);
        await job.moveToDelayed(Date.now() + 1_000, token);
        throw new DelayedError();
      }
      throw error;
    } finally {
      this.current = undefined;
    }
  }

  private async reportFailure(job: Job<ReindexJobData>, error: Error): Promise<void> {
    const attempts = job.opts.attempts ?? 1;
    const final = Boolean(job.finishedOn) || job.attemptsMade >= attempts;
    const { done, total } = this.lastProgress.get(job.data.processId) ?? { done: 0, total: 0 };
    if (final) this.lastProgress.delete(job.data.processId);
    this.logger.error(
      { err: error, processId: job.data.processId, attemptsMade: job.attemptsMade, final },
      're-index attempt failed',
    );
    try {
      await this.options.processes.publish({
        ...this.processOf(job),
        status: final ? 'failed' : 'queued',
        done,
        total,
        message: final
          ? error.message
          : `Attempt ${job.attemptsMade} of ${attempts} failed (${error.message}); retrying`,
      });
    } catch (publishError) {
      this.logger.error({ err: publishError, processId: job.data.processId }, 'could not publish re-index failure');
    }
  }

  private processOf(job: Job<ReindexJobData>) {
    return { processId: job.data.processId, kind: REINDEX_KIND, title: REINDEX_TITLE, ownerId: job.data.requestedBy };
  }

  private track(report: Promise<void>): void {
    this.reports.add(report);
    void report.finally(() => this.reports.delete(report));
  }
}
