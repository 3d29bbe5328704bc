import { DelayedError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { isAppError, UnavailableError } from '@docket/errors';
import { inJobTrace } from '@docket/events';
import type { Logger } from '@docket/observability';
import type { ProcessUpdates } from '@docket/processes';
import type { ExportBlobStore } from '../blob/export-blob-store';
import { progressMessage, type ExportProgress, type ExportRecord } from '../domain/export';
import { exportCompletedEvent, type ExportCompletedTopic } from './export-completed.event';
import type { ExportRunner } from './export-runner';
import { EXPORT_QUEUE, QUEUE_PREFIX, type ExportJobData } from './export.queue';
import type { ExportRepository } from './export.repository';
import { processUpdateOf } from './export.service';

export interface ExportWorkerOptions {
  connection: Redis;
  exports: ExportRepository;
  runner: ExportRunner;
  blobs: ExportBlobStore;
  processes: ProcessUpdates;
  /** Publishes the outbox entry just written (exports.completed.v1). */
  kickOutbox: (exportId: string) => void;
  logger: Logger;
  ttlMs: number;
  concurrency: number;
  prefix?: string | undefined;
  /** How long a job stays locked without its worker renewing it; a killed worker's job is taken over after it. */
  lockDurationMs?: number | undefined;
  /** How often progress is saved and published, and a cancel looked for. */
  progressMs?: number | undefined;
  completedTopic?: ExportCompletedTopic | undefined;
  /** Runs again after a service the export reads from did not answer, before failing (default 4, from 2 s). */
  unavailableRetries?: { times: number; firstDelayMs: number } | undefined;
}

/**
 * Builds exports. A run writes to a partial file that becomes visible only when complete (commit);
 * a cancel, a failure or a shutdown throws the partial away. A worker killed mid-export leaves its
 * job locked until the lock lapses; BullMQ's stalled check then hands it to another worker, which
 * starts the file again cleanly (the dead run's partial is swept later).
 */
export class ExportWorker {
  private worker: Worker<ExportJobData> | undefined;
  private readonly shutdown = new AbortController();
  private readonly logger: Logger;

  constructor(private readonly options: ExportWorkerOptions) {
    this.logger = options.logger.child({ component: 'export-worker' });
  }

  start(): void {
    const lockDuration = this.options.lockDurationMs ?? 30_000;
    this.worker = new Worker<ExportJobData>(
      EXPORT_QUEUE,
      (job, token) => inJobTrace(EXPORT_QUEUE, job, () => this.run(job, token)),
      {
        connection: this.options.connection,
        prefix: this.options.prefix ?? QUEUE_PREFIX,
        concurrency: this.options.concurrency,
        lockDuration,
        stalledInterval: lockDuration,
        maxStalledCount: 3,
      },
    );
    this.worker.on('error', (error) => this.logger.error({ err: error }, 'export worker error'));
  }

  async close(): Promise<void> {
    this.shutdown.abort();
    await this.worker?.close();
  }

  private async run(job: Job<ExportJobData>, token: string | undefined): Promise<void> {
    const { exports, blobs, runner, processes } = this.options;
    const exportId = job.data.exportId;
    const started = await exports.markRunning(exportId, new Date());
    if (!started) return; // cancelled (or deleted) before it ran
    const resumed = started.attempts > 1;
    await processes.publish(
      processUpdateOf(started, 'running', resumed ? `Starting again (run ${started.attempts})` : 'Starting'),
    );

    const stop = new AbortController();
    const onShutdown = () => stop.abort(new Error('the export service is shutting down'));
    this.shutdown.signal.addEventListener('abort', onShutdown, { once: true });
    const upload = await blobs.create(`${exportId}/${started.fileName}`);
    const tracker = new ProgressTracker(started, this.options, stop);
    try {
      const progress = await runner.write(started, upload.stream, {
        signal: stop.signal,
        onProgress: (p) => tracker.update(p),
      });
      await tracker.stop();
      if (stop.signal.aborted) throw stop.signal.reason;
      const file = await upload.commit();
      await this.finish(started, progress, file);
    } catch (error) {
      await tracker.stop();
      await upload.abort();
      if (this.shutdown.signal.aborted && token) {
        // Shutting down: not a failure. The job waits a moment and runs again (here or elsewhere), from the start.
        await job.moveToDelayed(Date.now() + 1_000, token);
        throw new DelayedError();
      }
      if (error instanceof UnavailableError && token && (await this.retryLater(job, token, started, error))) {
        throw new DelayedError();
      }
      await this.fail(started, error, tracker.latest);
    } finally {
      this.shutdown.signal.removeEventListener('abort', onShutdown);
    }
  }

  /**
   * A service the export reads from did not answer (restarting, failing over): the run starts again
   * later, from the start, a few times with growing waits, before the export fails. False when the
   * retries are spent or the export was cancelled meanwhile.
   */
  private async retryLater(
    job: Job<ExportJobData>,
    token: string,
    record: ExportRecord,
    error: UnavailableError,
  ): Promise<boolean> {
    const { times, firstDelayMs } = this.options.unavailableRetries ?? { times: 4, firstDelayMs: 2_000 };
    const retried = job.data.unavailableRetries ?? 0;
    if (retried >= times) return false;
    if ((await this.options.exports.find(record.id))?.status !== 'running') return false;
    const delayMs = firstDelayMs * 2 ** retried;
    this.logger.warn({ err: error, exportId: record.id, retry: retried + 1, delayMs }, 'export will run again');
    await job.updateData({ ...job.data, unavailableRetries: retried + 1 });
    await job.moveToDelayed(Date.now() + delayMs, token);
    await this.options.processes.publish(
      processUpdateOf(record, 'running', `${error.message}; starting again in ${Math.ceil(delayMs / 1000)} s`),
    );
    return true;
  }

  private async finish(
    record: ExportRecord,
    progress: ExportProgress,
    file: { key: string; size: number; sha256: string },
  ): Promise<void> {
    const finishedAt = new Date();
    const expiresAt = new Date(finishedAt.getTime() + this.options.ttlMs);
    const event = exportCompletedEvent(record, { file, expiresAt }, this.options.completedTopic);
    const done = await this.options.exports.succeed(record.id, { file, progress, finishedAt, expiresAt, event });
    if (!done) {
      // Cancelled in the last moment: the file is not offered.
      await this.options.blobs.delete(file.key);
      return;
    }
    this.options.kickOutbox(record.id);
    await this.options.processes.publish({
      ...processUpdateOf(
        { ...record, progress },
        'succeeded',
        `${file.size.toLocaleString('en-US')} bytes, ready to download`,
      ),
    });
  }

  private async fail(record: ExportRecord, error: unknown, progress: ExportProgress): Promise<void> {
    const { exports, processes } = this.options;
    const current = await exports.find(record.id);
    if (current?.status === 'cancelled') {
      this.logger.info({ exportId: record.id }, 'export cancelled');
      return; // the cancel already told the process tracker
    }
    const message = isAppError(error) ? error.message : 'the export failed unexpectedly';
    this.logger.error({ err: error, exportId: record.id }, 'export failed');
    const event = exportCompletedEvent(record, { error: message }, this.options.completedTopic);
    if (await exports.fail(record.id, { error: message, finishedAt: new Date(), event })) {
      this.options.kickOutbox(record.id);
      await processes.publish(processUpdateOf({ ...record, progress }, 'failed', message));
    }
  }
}

/**
 * Saves and publishes progress every `progressMs` (when it changed) and looks for a cancel at the
 * same pace, aborting the run when it finds one.
 */
class ProgressTracker {
  latest: ExportProgress;
  private saved = '';
  private timer: NodeJS.Timeout;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly record: ExportRecord,
    private readonly options: ExportWorkerOptions,
    private readonly run: AbortController,
  ) {
    this.latest = record.progress;
    this.timer = setInterval(() => {
      this.chain = this.chain.then(() => this.tick());
    }, options.progressMs ?? 500);
  }

  update(progress: ExportProgress): void {
    this.latest = progress;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.chain;
  }

  private async tick(): Promise<void> {
    try {
      const progress = this.latest;
      const key = `${progress.unit}:${progress.done}:${progress.total}`;
      const status = await this.options.exports.saveProgress(this.record.id, progress);
      if (status !== 'running') {
        this.run.abort(new Error(`the export was ${status ?? 'deleted'}`));
        return;
      }
      if (key === this.saved) return;
      this.saved = key;
      await this.options.processes.publish(
        processUpdateOf(
          { ...this.record, progress },
          'running',
          progressMessage(progress, this.record.startedAt, new Date()),
        ),
      );
    } catch (error) {
      this.options.logger.warn({ err: error, exportId: this.record.id }, 'could not save export progress');
    }
  }
}
