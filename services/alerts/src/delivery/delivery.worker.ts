import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { inJobTrace } from '@docket/events';
import type { Logger } from '@docket/observability';
import { PermanentDeliveryError, type WebhookSender } from '../domain/delivery-ports';
import { webhookRetryDelayMs } from '../webhooks';
import type { DeliveryDispatcher } from './delivery-dispatcher';
import { DELIVERY_QUEUE, WEBHOOK_BACKOFF, type DeliveryJobData } from './delivery.queue';
import type { DeliveryRepository } from './delivery.repository';

export type DeliveryOutcome = 'sent' | 'skipped';

/**
 * Sends recorded deliveries: loads the record, skips it when it is already sent or given up, sends it
 * on its channel, marks it sent. A worker killed mid-send leaves the job active; BullMQ hands it to
 * the next worker once its lock expires, which sends it again only if it was not marked sent (so an
 * e-mail accepted by SMTP just before the kill is the one thing that can go out twice).
 */
export class DeliveryWorker {
  private worker: Worker<DeliveryJobData, DeliveryOutcome> | undefined;
  private readonly logger: Logger;

  constructor(
    private readonly options: {
      connection: Redis;
      prefix: string;
      deliveries: DeliveryRepository;
      dispatcher: DeliveryDispatcher;
      webhooks?: WebhookSender;
      concurrency: number;
      lockDurationMs: number;
      clock?: () => Date;
      logger: Logger;
      onSent?: (key: string) => void;
    },
  ) {
    this.logger = options.logger.child({ component: 'delivery-worker' });
  }

  start(): void {
    const { lockDurationMs } = this.options;
    this.worker = new Worker<DeliveryJobData, DeliveryOutcome>(
      DELIVERY_QUEUE,
      (job) => inJobTrace(DELIVERY_QUEUE, job, () => this.run(job)),
      {
        connection: this.options.connection,
        prefix: this.options.prefix,
        concurrency: this.options.concurrency,
        lockDuration: lockDurationMs,
        stalledInterval: lockDurationMs,
        // A delivery stalled by crashes is tried again rather than failed: the record says if it was sent.
        maxStalledCount: 5,
        settings: {
          backoffStrategy: (attemptsMade, type) =>
            type === WEBHOOK_BACKOFF ? (webhookRetryDelayMs(attemptsMade) ?? -1) : 1_000,
        },
      },
    );
    this.worker.on('error', (error) => this.logger.error({ err: error }, 'delivery worker error'));
  }

  async close(): Promise<void> {
    await this.worker?.close();
  }

  private now(): Date {
    return this.options.clock?.() ?? new Date();
  }

  private async run(job: Job<DeliveryJobData, DeliveryOutcome>): Promise<DeliveryOutcome> {
    const { deliveries, dispatcher, webhooks } = this.options;
    const delivery = await deliveries.find(job.data.key);
    if (!delivery || delivery.status === 'sent' || delivery.status === 'failed') return 'skipped';
    try {
      await dispatcher.send(delivery);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const attempts = job.opts.attempts ?? 1;
      const final = error instanceof PermanentDeliveryError || job.attemptsMade + 1 >= attempts;
      if (final) {
        await deliveries.markFailed(delivery.key, message, this.now());
        if (delivery.channel === 'webhook' && webhooks && delivery.endpointId)
          await webhooks.recordFinalFailure(delivery.endpointId, message);
        this.logger.warn({ key: delivery.key, attempts: job.attemptsMade + 1, err: error }, 'delivery failed for good');
        throw new UnrecoverableError(message);
      }
      const delay =
        job.opts.backoff && typeof job.opts.backoff === 'object' && job.opts.backoff.type === WEBHOOK_BACKOFF
          ? (webhookRetryDelayMs(job.attemptsMade + 1) ?? 0)
          : 1_000 * 2 ** job.attemptsMade;
      await deliveries.markRetrying(delivery.key, message, new Date(this.now().getTime() + delay), this.now());
      throw error;
    }
    await deliveries.markSent(delivery.key, this.now());
    if (delivery.channel === 'webhook' && webhooks && delivery.endpointId)
      await webhooks.recordSuccess(delivery.endpointId);
    this.options.onSent?.(delivery.key);
    return 'sent';
  }
}
