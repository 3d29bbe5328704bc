import { EventConsumer, topics, type EventConsumerOptions, type Kafka, type TopicDef } from '@docket/events';
import type { Logger } from '@docket/observability';
import type { DocumentDeleted, DocumentIngested, DocumentUpdated } from '@docket/proto/src/document-events';
import { contentHashOr, type IndexedDocument } from '../domain/indexed-document';
import type { SearchBackend, WriteCost } from '../search';
import { EventLoopDelay } from './event-loop-delay';

export const INDEXER_GROUP = 'query-engine.indexer';

export interface DocumentTopics {
  ingested: TopicDef<DocumentIngested>;
  updated: TopicDef<DocumentUpdated>;
  deleted: TopicDef<DocumentDeleted>;
}

export const DEFAULT_DOCUMENT_TOPICS: DocumentTopics = {
  ingested: topics.documentIngested,
  updated: topics.documentUpdated,
  deleted: topics.documentDeleted,
};

/**
 * Keeps the index following the documents service. The EventConsumer makes each event run once
 * per group (event_id); the backend's upsert is idempotent by document id on top of that, so a
 * replay after a rebuild or a redelivered message cannot duplicate a document.
 */
export class DocumentEventsConsumer {
  private readonly consumer: EventConsumer;
  private readonly eventLoop = new EventLoopDelay();

  constructor(options: {
    kafka: Kafka;
    connection: EventConsumerOptions['connection'];
    logger: Logger;
    index: SearchBackend;
    groupId?: string;
    topics?: DocumentTopics;
  }) {
    const { index, logger } = options;
    const t = options.topics ?? DEFAULT_DOCUMENT_TOPICS;
    const upsert = async (event: DocumentIngested | DocumentUpdated, onlyIfNew: boolean) => {
      const outcome = await index.upsert({ ...toIndexedDocument(event), onlyIfNew });
      logger.debug({ documentId: event.documentId, outcome }, 'document indexed');
    };
    // A fetched batch goes to the index in a few transactions, not one per document (see upsertMany).
    const upsertBatch = async (
      messages: Array<{ message: DocumentIngested | DocumentUpdated }>,
      onlyIfNew: boolean,
    ) => {
      const documents = latestPerDocument(
        messages.map(({ message }) => ({ ...toIndexedDocument(message), onlyIfNew })),
      );
      if (index.upsertMany) await index.upsertMany(documents);
      else for (const document of documents) await index.upsert(document);
      logger.debug({ documents: documents.length }, 'documents indexed');
      await progress.indexed(documents.length);
    };
    const progress = new IndexingProgress(index, logger, this.eventLoop);
    this.consumer = new EventConsumer({
      kafka: options.kafka,
      groupId: options.groupId ?? INDEXER_GROUP,
      connection: options.connection,
      logger,
      // No fetch window (BUSY_TOPIC_FETCH_WINDOW): a document's ingested, updated and deleted events are on
      // three topics, whose batches of one fetch are handled side by side, in no set order. With a window
      // they came in one fetch far more often, and an older event was sometimes applied after a newer one.
    })
      // An ingested event never overwrites: its document's update may have come first (onlyIfNew).
      .onBatch(
        t.ingested,
        (messages) => upsertBatch(messages, true),
        (event) => upsert(event, true),
      )
      .onBatch(
        t.updated,
        (messages) => upsertBatch(messages, false),
        (event) => upsert(event, false),
      )
      .on(t.deleted, async (event) => {
        const removed = await index.remove(event.documentId);
        logger.debug({ documentId: event.documentId, removed }, 'document removed from index');
      });
  }

  start(): Promise<void> {
    return this.consumer.start();
  }

  async stop(): Promise<void> {
    this.eventLoop.stop();
    await this.consumer.stop();
  }
}

/**
 * While documents arrive in bulk (the default corpus loading, an import), a line every few seconds
 * in the service's log (and so in `npm start`'s output): how many the search index holds, how fast it
 * grows, and how late the event loop ran meanwhile (a request's wait behind the writes: p99 and max).
 */
class IndexingProgress {
  private since = 0;
  private lastAt = Date.now();
  private lastCost: WriteCost | undefined;

  constructor(
    private readonly index: Pick<SearchBackend, 'count' | 'writeCost'>,
    private readonly logger: Logger,
    private readonly eventLoop: EventLoopDelay,
    private readonly everyMs = 5_000,
  ) {}

  async indexed(documents: number): Promise<void> {
    this.since += documents;
    const elapsed = Date.now() - this.lastAt;
    if (elapsed < this.everyMs) return;
    const written = this.since;
    this.since = 0;
    this.lastAt = Date.now();
    const delay = this.eventLoop.take();
    const cost = this.index.writeCost?.();
    const costSince = this.lastCost;
    this.lastCost = cost;
    if (written < BULK_DOCUMENTS) return; // a document now and then (an upload) is not worth a line
    const count = await this.index.count();
    const cpuMsPerDocument =
      cost && costSince && cost.documents > costSince.documents
        ? Math.round(((cost.cpuMs - costSince.cpuMs) / (cost.documents - costSince.documents)) * 100) / 100
        : undefined;
    this.logger.info(
      {
        indexed: count,
        perSecond: Math.round((written * 1000) / elapsed),
        writerCpuMsPerDocument: cpuMsPerDocument,
        eventLoopDelayP99Ms: delay.p99Ms,
        eventLoopDelayMaxMs: delay.maxMs,
      },
      `search index: ${count} documents searchable`,
    );
  }
}

/** Documents within one progress interval that make it bulk loading, worth a progress line. */
const BULK_DOCUMENTS = 50;

/** A batch in partition order may hold one document twice: its last state wins, written once. */
function latestPerDocument(documents: IndexedDocument[]): IndexedDocument[] {
  return [...new Map(documents.map((document) => [document.id, document])).values()];
}

export function toIndexedDocument(event: DocumentIngested | DocumentUpdated): IndexedDocument {
  return {
    id: event.documentId,
    title: event.title,
    text: event.text,
    description: event.description,
    sourceId: event.sourceId,
    sourceName: event.sourceName,
    docketNumber: event.docketNumber,
    docketId: event.docketId,
    filingType: event.filingType,
    filingCategory: event.filingCategory,
    filedAt: event.filedAt,
    parties: event.parties,
    filers: event.filers,
    entities: event.entities.map((entity) => ({ id: entity.entityId, kind: entity.kind, name: entity.name })),
    pages: event.pages.map((page) => ({ number: page.number, start: page.start, end: page.end })),
    sha256: contentHashOr(event.sha256, event.title, event.text),
  };
}
