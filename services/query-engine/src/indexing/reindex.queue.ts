import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobTrace, type JobTrace } from '@docket/events';
import type { ReindexJobs } from './start-reindex';

export const REINDEX_QUEUE = 'query-engine.reindex';
/** Hash-tagged so every key of the queue lands in one Redis Cluster slot. */
export const QUEUE_PREFIX = '{query-engine}';
export const REINDEX_ATTEMPTS = 3;

export interface ReindexJobData extends JobTrace {
  processId: string;
  requestedBy: string;
}

/** Producer side of the re-index queue; the job id is the process id, so a job is queued once. */
export class ReindexQueue implements ReindexJobs {
  private readonly queue: Queue<ReindexJobData>;

  constructor(connection: Redis, prefix = QUEUE_PREFIX) {
    this.queue = new Queue<ReindexJobData>(REINDEX_QUEUE, { connection, prefix });
  }

  async enqueue(job: ReindexJobData): Promise<void> {
    // The requesting trace goes along, so the worker's spans join it (inJobTrace in the worker).
    await this.queue.add(
      'reindex',
      { ...job, ...jobTrace() },
      {
        jobId: job.processId,
        attempts: REINDEX_ATTEMPTS,
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
