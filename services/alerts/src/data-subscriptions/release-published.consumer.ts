import { EventConsumer, topics, type EventConsumerOptions, type Kafka, type TopicDef } from '@docket/events';
import type { Logger } from '@docket/observability';
import type { ReleasePublished } from '@docket/proto/src/document-events';
import type { ReleaseNotifier } from './release-notifier';

export const DATA_SUBSCRIPTIONS_GROUP = 'alerts.data-subscriptions';

/**
 * catalog.release-published.v1 → the product's subscribers told what changed (ReleaseNotifier).
 * Idempotent on event_id (EventConsumer) and, below it, on every notification's and delivery's key;
 * a handler that keeps failing sends the event to the topic's dead letters.
 */
export class ReleasePublishedConsumer {
  private readonly consumer: EventConsumer;

  constructor(options: {
    kafka: Kafka;
    connection: EventConsumerOptions['connection'];
    logger: Logger;
    notifier: ReleaseNotifier;
    groupId?: string;
    topic?: TopicDef<ReleasePublished>;
  }) {
    const { notifier, logger } = options;
    this.consumer = new EventConsumer({
      kafka: options.kafka,
      groupId: options.groupId ?? DATA_SUBSCRIPTIONS_GROUP,
      connection: options.connection,
      logger,
    }).on(options.topic ?? topics.releasePublished, async (event) => {
      const { notified } = await notifier.releasePublished({
        dataProductId: event.dataProductId,
        releaseId: event.releaseId,
        version: event.version,
        occurredAt: event.occurredAt ?? new Date(),
      });
      logger.info({ dataProductId: event.dataProductId, releaseId: event.releaseId, notified }, 'release told');
    });
  }

  start(): Promise<void> {
    return this.consumer.start();
  }

  stop(): Promise<void> {
    return this.consumer.stop();
  }
}
