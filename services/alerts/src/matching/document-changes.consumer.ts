import {
  BUSY_TOPIC_FETCH_WINDOW,
  EventConsumer,
  topics,
  type EventConsumerOptions,
  type Kafka,
  type TopicDef,
} from '@docket/events';
import type { Logger } from '@docket/observability';
import type { DocumentIngested, DocumentUpdated } from '@docket/proto/src/document-events';
import type { PercolationDocument } from '../domain/alert-matcher';
import type { Percolator } from './percolator.service';

export const PERCOLATOR_GROUP = 'alerts.percolator';

/**
 * Every new and updated document, matched against all alerts and docket follows. A redelivered or
 * republished event is matched again and adds nothing: a hit is unique per alert × document (and only
 * a new one is counted on its alert), and a delivery is keyed by alert, document and channel. So the
 * group keeps no processed-event records (deduplicate: false), which cost every batch of an import
 * a look-up and a write of its event ids.
 */
export class DocumentChangesConsumer {
  private readonly consumer: EventConsumer;

  constructor(options: {
    kafka: Kafka;
    connection: EventConsumerOptions['connection'];
    logger: Logger;
    percolator: Percolator;
    groupId?: string;
    ingestedTopic?: TopicDef<DocumentIngested>;
    updatedTopic?: TopicDef<DocumentUpdated>;
  }) {
    const { logger, percolator } = options;
    const handle = async (event: DocumentIngested | DocumentUpdated) => {
      const outcome = await percolator.percolate(toPercolationDocument(event), event.occurredAt);
      logger.debug({ documentId: event.documentId, eventId: event.eventId, ...outcome }, 'document percolated');
    };
    this.consumer = new EventConsumer({
      kafka: options.kafka,
      groupId: options.groupId ?? PERCOLATOR_GROUP,
      connection: options.connection,
      logger,
      fetchWindow: BUSY_TOPIC_FETCH_WINDOW,
      deduplicate: false,
    })
      .on(options.ingestedTopic ?? topics.documentIngested, handle)
      .on(options.updatedTopic ?? topics.documentUpdated, handle);
  }

  start(): Promise<void> {
    return this.consumer.start();
  }

  stop(): Promise<void> {
    return this.consumer.stop();
  }
}

/** The event's document as the matcher reads it: parties are the docket's parties and the filers. */
export function toPercolationDocument(event: DocumentIngested | DocumentUpdated): PercolationDocument {
  return {
    id: event.documentId,
    title: event.title,
    text: event.text,
    sourceId: event.sourceId,
    sourceName: event.sourceName,
    agencies: event.sourceName ? [event.sourceName] : [],
    docketNumber: event.docketNumber,
    docketId: event.docketId,
    filingType: event.filingType,
    filingCategory: event.filingCategory,
    parties: [...event.parties, ...event.filers],
    entities: event.entities.map((entity) => entity.name),
    ...(event.filedAt ? { filedAt: event.filedAt } : {}),
  };
}
