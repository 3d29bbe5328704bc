import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobTrace, type JobTrace } from '@docket/events';

export const IMPORT_QUEUE = 'documents.import';
/** Hash-tagged so every key of the queue lands in one Redis Cluster slot. */
export const QUEUE_PREFIX = '{documents}';
export const IMPORT_ATTEMPTS = 3;
export const IMPORT_KIND = 'import';

export interface ImportJobData extends JobTrace {
  processId: string;
  runId: string;
  path: string;
  sourceId: string;
  requestedBy: string;
}

/** Producer side of the import queue; the job id is the process id, so a job is queued once. */
export class ImportQueue {
  private readonly queue: Queue<ImportJobData>;

  constructor(connection: Redis, prefix = QUEUE_PREFIX) {
    this.queue = new Queue<ImportJobData>(IMPORT_QUEUE, { connection, prefix });
  }

  async enqueue(job: ImportJobData): Promise<void> {
    // The requesting trace goes along, so the worker's spans join it (inJobTrace in the worker).
    await this.queue.add(
      IMPORT_KIND,
      { ...job, ...jobTrace() },
      {
        jobId: job.processId,
        attempts: IMPORT_ATTEMPTS,
        backoff: { type: 'exponential', delay: 2_000 },
        removeOnComplete: { age: 7 * 24 * 3600, count: 1000 },
        removeOnFail: { age: 30 * 24 * 3600, count: 1000 },
      },
    );
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
