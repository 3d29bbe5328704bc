import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobTrace, type JobTrace } from '@docket/events';
import { jobIdOf } from '../domain/delivery';
import { WEBHOOK_MAX_ATTEMPTS } from '../webhooks';
import type { DeliveryJobs } from './delivery-jobs';

export const DELIVERY_QUEUE = 'alerts.delivery';
/** E-mail and in-app: 1 s, 2 s, 4 s … about 17 min of tries in all. */
export const DELIVERY_ATTEMPTS = 11;
export const WEBHOOK_BACKOFF = 'webhook';

export interface DeliveryJobData extends JobTrace {
  key: string;
}

/** Producer side of the delivery queue; the job id is the delivery key, so a delivery is queued once. */
export class DeliveryQueue implements DeliveryJobs {
  private readonly queue: Queue<DeliveryJobData>;

  constructor(connection: Redis, prefix: string) {
    this.queue = new Queue<DeliveryJobData>(DELIVERY_QUEUE, { connection, prefix });
  }

  async enqueue(key: string, channel: string): Promise<void> {
    const webhook = channel === 'webhook';
    await this.queue.add(
      'send',
      { key, ...jobTrace() },
      {
        jobId: jobIdOf(key),
        // Webhooks follow the Standard Webhooks schedule over 24 h (webhooks/retry-schedule.ts).
        attempts: webhook ? WEBHOOK_MAX_ATTEMPTS : DELIVERY_ATTEMPTS,
        backoff: webhook ? { type: WEBHOOK_BACKOFF } : { type: 'exponential', delay: 1_000 },
        removeOnComplete: { age: 24 * 3600, count: 10_000 },
        removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
      },
    );
  }

  /**
   * Queues a pending delivery again: a job that still exists waiting or delayed is left alone; one that
   * ended (failed after stalling too often, or completed before its record said sent) is replaced.
   */
  async requeue(key: string, channel: string): Promise<void> {
    const job = await this.queue.getJob(jobIdOf(key));
    if (job && ((await job.isFailed()) || (await job.isCompleted()))) await job.remove();
    await this.enqueue(key, channel);
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
