import { DelayedError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { inJobTrace } from '@docket/events';
import type { Logger } from '@docket/observability';
import { ProgressTicker, type ProcessStatus, type ProcessUpdate, type ProcessUpdates } from '@docket/processes';
import type { IngestionRunRepository } from '../store/ingestion-run.repository';
import type { FileImportService } from './file-import.service';
import { IMPORT_KIND, IMPORT_QUEUE, QUEUE_PREFIX, type ImportJobData } from './import.queue';

/**
 * Runs directory imports one at a time with live progress. A shutdown stops the import between two
 * files and puts the job back; the next attempt resumes after the run's cursor. The last failed
 * attempt marks the run and the process failed.
 */
export class ImportWorker {
  private worker: Worker<ImportJobData> | undefined;
  private readonly shutdown = new AbortController();
  private readonly logger: Logger;

  constructor(
    private readonly options: {
      connection: Redis;
      imports: FileImportService;
      runs: IngestionRunRepository;
      processes: ProcessUpdates;
      logger: Logger;
      prefix?: string;
      lockDurationMs?: number;
    },
  ) {
    this.logger = options.logger.child({ component: 'import-worker' });
  }

  start(): void {
    this.worker = new Worker<ImportJobData>(
      IMPORT_QUEUE,
      (job, token) => inJobTrace(IMPORT_QUEUE, job, () => this.run(job, token)),
      {
        connection: this.options.connection,
        prefix: this.options.prefix ?? QUEUE_PREFIX,
        concurrency: 1,
        maxStalledCount: 2,
        lockDuration: this.options.lockDurationMs ?? 30_000,
        stalledInterval: this.options.lockDurationMs ?? 30_000,
      },
    );
    this.worker.on('failed', (job, error) => {
      if (job) void this.reportFailure(job, error);
    });
    this.worker.on('error', (error) => this.logger.error({ err: error }, 'import worker error'));
  }

  async close(): Promise<void> {
    this.shutdown.abort();
    await this.worker?.close();
  }

  private publish(
    job: Job<ImportJobData>,
    status: ProcessStatus,
    done: number,
    total: number,
    message: string,
    failures?: Pick<ProcessUpdate, 'failed' | 'failures'>,
  ): Promise<void> {
    return this.options.processes.publish({
      processId: job.data.processId,
      kind: IMPORT_KIND,
      title: `Import ${job.data.path}`,
      ownerId: job.data.requestedBy,
      status,
      done,
      total,
      message,
      ...failures,
    });
  }

  private async run(job: Job<ImportJobData>, token: string | undefined): Promise<void> {
    const { runId, path, sourceId, requestedBy } = job.data;
    await this.options.runs.setStatus(runId, 'running');
    await this.publish(job, 'running', 0, 0, job.attemptsMade > 0 ? `Resuming (attempt ${job.attemptsMade + 1})` : '');
    let latest = { done: 0, total: 0 };
    const ticker = new ProgressTicker(
      ({ done, total }) => this.publish(job, 'running', done, total, ''),
      (error) => this.logger.warn({ err: error }, 'could not publish import progress'),
    );
    ticker.start();
    try {
      latest = await this.options.imports.run({
        runId,
        root: path,
        sourceId,
        requestedBy,
        signal: this.shutdown.signal,
        onProgress: (progress) => {
          latest = progress;
          ticker.update(progress.done, progress.total);
        },
      });
      await ticker.stop();
      await this.options.runs.finish(runId, 'succeeded');
      const run = await this.options.runs.find(runId);
      // The files that failed travel with the process, so its page lists them with their reasons.
      const failures = run ? { failed: run.failed, failures: run.errors } : undefined;
      await this.publish(
        job,
        'succeeded',
        latest.done,
        latest.total,
        run ? summary(run) : `Imported ${latest.done} files`,
        failures,
      );
    } catch (error) {
      await ticker.stop();
      if (this.shutdown.signal.aborted && token) {
        await this.options.runs.setStatus(runId, 'interrupted');
        await this.publish(
          job,
          'queued',
          latest.done,
          latest.total,
          'Interrupted by a service restart; it will resume',
        ).catch(() => undefined);
        await job.moveToDelayed(Date.now() + 1_000, token);
        throw new DelayedError();
      }
      throw error;
    }
  }

  private async reportFailure(job: Job<ImportJobData>, error: Error): Promise<void> {
    if (error instanceof DelayedError) return;
    const final = job.attemptsMade >= (job.opts.attempts ?? 1);
    this.logger.error({ err: error, processId: job.data.processId, final }, 'import attempt failed');
    try {
      if (final)
        await this.options.runs.finish(job.data.runId, 'failed', {
          item: job.data.path,
          reason: 'failed',
          message: error.message,
        });
      await this.publish(
        job,
        final ? 'failed' : 'queued',
        0,
        0,
        final ? error.message : `Attempt ${job.attemptsMade} failed (${error.message}); retrying`,
      );
    } catch (reportError) {
      this.logger.error({ err: reportError }, 'could not report the import failure');
    }
  }
}

function summary(run: { new: number; updated: number; duplicate: number; failed: number }): string {
  return `${run.new} new, ${run.updated} updated, ${run.duplicate} duplicate, ${run.failed} failed`;
}
