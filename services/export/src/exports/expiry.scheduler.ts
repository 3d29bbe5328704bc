import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '@docket/observability';
import type { ExpiryService } from './expiry.service';
import { QUEUE_PREFIX } from './export.queue';

export const EXPIRY_QUEUE = 'export.expiry';

/**
 * Runs the expiry sweep on a schedule (a BullMQ job scheduler, so with several export processes
 * only one sweeps at a time and the schedule survives restarts).
 */
export class ExpiryScheduler {
  private readonly queue: Queue;
  private worker: Worker | undefined;

  constructor(
    private readonly options: {
      connection: Redis;
      expiry: ExpiryService;
      everyMs: number;
      logger: Logger;
      prefix?: string | undefined;
    },
  ) {
    this.queue = new Queue(EXPIRY_QUEUE, { connection: options.connection, prefix: options.prefix ?? QUEUE_PREFIX });
  }

  async start(): Promise<void> {
    await this.queue.upsertJobScheduler(
      'sweep',
      { every: this.options.everyMs },
      { name: 'sweep', opts: { removeOnComplete: true, removeOnFail: 100 } },
    );
    this.worker = new Worker(
      EXPIRY_QUEUE,
      async () => {
        const swept = await this.options.expiry.sweep(new Date());
        if (swept.expired > 0 || swept.partials > 0) this.options.logger.info(swept, 'expired exports removed');
      },
      { connection: this.options.connection, prefix: this.options.prefix ?? QUEUE_PREFIX, concurrency: 1 },
    );
    this.worker.on('error', (error) => this.options.logger.error({ err: error }, 'expiry worker error'));
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}
