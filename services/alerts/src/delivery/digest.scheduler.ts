import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { inJobTrace, type JobTrace } from '@docket/events';
import type { Logger } from '@docket/observability';
import type { DigestPlanner } from './digest-planner';
import { hourStart } from './digest-window';

export const DIGEST_QUEUE = 'alerts.digest';
const SCHEDULER_ID = 'alerts.digest.hourly';

interface TickData extends JobTrace {
  /** The window to plan (ISO); scheduler ticks carry none and use their scheduled time. */
  at?: string;
}

/**
 * The digest clock: a BullMQ job scheduler (one for all alerts processes, kept in Redis) adds a tick
 * every hour; the tick's worker plans that hour's digests. A tick is keyed by its window, so two
 * processes, or a tick retried after a crash, plan each window once.
 */
export class DigestScheduler {
  private readonly queue: Queue<TickData>;
  private worker: Worker<TickData> | undefined;
  private readonly logger: Logger;

  constructor(
    private readonly options: {
      connection: Redis;
      workerConnection: Redis;
      prefix: string;
      planner: DigestPlanner;
      cron: string;
      lockDurationMs: number;
      logger: Logger;
    },
  ) {
    this.queue = new Queue<TickData>(DIGEST_QUEUE, { connection: options.connection, prefix: options.prefix });
    this.logger = options.logger.child({ component: 'digest-scheduler' });
  }

  async start(): Promise<void> {
    if (this.options.cron !== 'off') {
      await this.queue.upsertJobScheduler(
        SCHEDULER_ID,
        { pattern: this.options.cron, tz: 'UTC' },
        {
          name: 'tick',
          data: {},
          opts: {
            attempts: 5,
            backoff: { type: 'exponential', delay: 5_000 },
            removeOnComplete: { count: 200 },
            removeOnFail: { count: 200 },
          },
        },
      );
    }
    this.worker = new Worker<TickData>(DIGEST_QUEUE, (job) => inJobTrace(DIGEST_QUEUE, job, () => this.run(job)), {
      connection: this.options.workerConnection,
      prefix: this.options.prefix,
      concurrency: 1,
      lockDuration: this.options.lockDurationMs,
      stalledInterval: this.options.lockDurationMs,
      maxStalledCount: 5,
    });
    this.worker.on('error', (error) => this.logger.error({ err: error }, 'digest worker error'));
  }

  /** Queues the tick of the window `at` falls in (tests and operators: "send the 08:00 digests now"). */
  async tick(at: Date): Promise<void> {
    const windowStart = hourStart(at).toISOString();
    await this.queue.add(
      'tick',
      { at: windowStart },
      {
        jobId: `tick|${windowStart}`,
        attempts: 5,
        backoff: { type: 'exponential', delay: 5_000 },
        removeOnComplete: { count: 200 },
      },
    );
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }

  private async run(job: Job<TickData>): Promise<{ users: number; deliveries: number }> {
    // A scheduler's tick is due at its timestamp + delay; a late run still plans the hour it was for.
    const windowStart = hourStart(
      job.data.at ? new Date(job.data.at) : new Date(job.timestamp + (job.opts.delay ?? 0)),
    );
    const result = await this.options.planner.planWindow(windowStart);
    this.logger.info({ window: windowStart.toISOString(), ...result }, 'digest window planned');
    return result;
  }
}
