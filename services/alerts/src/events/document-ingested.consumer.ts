import { EventConsumer, topics, type EventConsumerOptions, type Kafka, type TopicDef } from '@docket/events';
import type { Logger } from '@docket/observability';
import type { DocumentIngested } from '@docket/proto/src/gen/research/documents/events/v1/documents';

export const PERCOLATOR_GROUP = 'alerts.percolator';

/** Every new document, to be matched against all alert subscriptions. */
export class DocumentIngestedConsumer {
  private readonly consumer: EventConsumer;

  constructor(options: { kafka: Kafka; connection: EventConsumerOptions['connection']; logger: Logger; groupId?: string; topic?: TopicDef<DocumentIngested>; onSeen?: (documentId: string) => void }) {
    const { logger, onSeen } = options;
    this.consumer = new EventConsumer({
      kafka: options.kafka, groupId: options.groupId ?? PERCOLATOR_GROUP, connection: options.connection, logger,
    }).on(options.topic ?? topics.documentIngested, async (event) => {
      // Percolation (matching against alert subscriptions) arrives with a later issue; nothing is recorded yet.
      logger.debug({ documentId: event.documentId, eventId: event.eventId }, 'document ingested; no alerts to match yet');
      onSeen?.(event.documentId);
    });
  }

  start(): Promise<void> {
    return this.consumer.start();
  }

  stop(): Promise<void> {
    return this.consumer.stop();
  }
}
