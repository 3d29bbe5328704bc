import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobTrace, type JobTrace } from '@docket/events';
import type { ExportJobs } from './export.service';

export const EXPORT_QUEUE = 'export.build';
/** Hash-tagged so every key of the queue lands in one Redis Cluster slot. */
export const QUEUE_PREFIX = '{export}';

export interface ExportJobData extends JobTrace {
  exportId: string;
  /** Runs this job already had after a service it reads from did not answer. */
  unavailableRetries?: number;
}

/** Producer side: one job per run of an export (`<id>-run-<attempt>`), so a retry is a new job. */
export class ExportQueue implements ExportJobs {
  private readonly queue: Queue<ExportJobData>;

  constructor(connection: Redis, prefix = QUEUE_PREFIX) {
    this.queue = new Queue<ExportJobData>(EXPORT_QUEUE, { connection, prefix });
  }

  async enqueue(exportId: string, attempt: number): Promise<void> {
    await this.queue.add(
      'export',
      { exportId, ...jobTrace() },
      {
        jobId: `${exportId}-run-${attempt}`,
        // A failure is the user's to retry (RetryExport); a worker that dies is taken over by the stalled check,
        // and a run whose sources did not answer is delayed and run again by the worker itself.
        attempts: 1,
        removeOnComplete: { age: 7 * 24 * 3600, count: 1000 },
        removeOnFail: { age: 30 * 24 * 3600, count: 1000 },
      },
    );
  }

  async remove(exportId: string): Promise<void> {
    const waiting = await this.queue.getJobs(['waiting', 'delayed', 'prioritized']);
    for (const job of waiting) {
      // The remove fails for a job taken by a worker meanwhile: it sees the cancel.
      if (job.data.exportId === exportId) await job.remove().catch(() => undefined);
    }
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
