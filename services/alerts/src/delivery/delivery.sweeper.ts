import type { Logger } from '@docket/observability';
import type { DeliveryRepository } from './delivery.repository';

/**
 * Queues again deliveries left pending: recorded, then the process died before it queued them, or
 * their job ended without sending (stalled by crashes too often). Harmless when the job is still
 * waiting (same job id) or the delivery was sent meanwhile (the worker skips it).
 */
export class DeliverySweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      deliveries: DeliveryRepository;
      jobs: { requeue(key: string, channel: string): Promise<void> };
      afterMs: number;
      logger: Logger;
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.sweep()
        .then(() => undefined)
        .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'delivery sweep failed'))
        .finally(() => (this.running = undefined));
    }, this.deps.afterMs);
    this.timer.unref();
  }

  async sweep(): Promise<number> {
    const stale = await this.deps.deliveries.unfinished(['pending'], new Date(Date.now() - this.deps.afterMs), 500);
    for (const delivery of stale) await this.deps.jobs.requeue(delivery.key, delivery.channel);
    if (stale.length > 0) this.deps.logger.info({ count: stale.length }, 'pending deliveries queued again');
    return stale.length;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
