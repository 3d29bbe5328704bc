import {
  BroadcastListener,
  BUSY_TOPIC_FETCH_WINDOW,
  createKafka,
  documentChangeRefs,
  topics,
  type Kafka,
  type TopicDef,
} from '@docket/events';
import type { Logger } from '@docket/observability';
import type { DocumentChangeRef, DocumentDeleted } from '@docket/proto/src/document-events';

/** What the document views kept by this BFF must hear of (RecentDocumentViews). */
export interface DocumentChangeSink {
  forget(documentId: string): void;
  heard(change: { docketId?: string; sourceId?: string }): void;
  heardChangeEverywhere(): void;
  listening(live: boolean): void;
}

/** The topics heard (tests use topics of their own). */
export interface DocumentChangeTopics {
  ingested: TopicDef<DocumentChangeRef>;
  updated: TopicDef<DocumentChangeRef>;
  deleted: TopicDef<DocumentDeleted>;
}

const DOCUMENT_TOPICS: DocumentChangeTopics = {
  // Read without their text: a view needs only which document changed, and where.
  ingested: documentChangeRefs.ingested,
  updated: documentChangeRefs.updated,
  deleted: topics.documentDeleted,
};

/**
 * The documents service's events, heard by this BFF process so the documents it keeps stay true:
 * a new filing changes its docket's and source's counts, an updated or deleted document is read
 * afresh (a delete also moves counts this BFF cannot place, so every view is rechecked).
 */
export function listenToDocumentChanges(deps: {
  kafka: Kafka;
  logger: Logger;
  views: DocumentChangeSink;
  topics?: DocumentChangeTopics;
}): BroadcastListener {
  const { views, logger } = deps;
  const heard = deps.topics ?? DOCUMENT_TOPICS;
  const onLive = (live: boolean) => {
    views.listening(live);
    if (live) logger.info('hearing document changes: documents are kept until they change');
    else logger.info('not hearing document changes: documents are kept 2 s');
  };
  // Heard in batches during an import, each change up to the window's maxWaitMs later: the cache may
  // be stale that much longer.
  return new BroadcastListener({
    kafka: deps.kafka,
    groupPrefix: 'bff.document-views',
    logger,
    onLive,
    fetchWindow: BUSY_TOPIC_FETCH_WINDOW,
  })
    .on(heard.ingested, (event) => views.heard({ docketId: event.docketId, sourceId: event.sourceId }))
    .on(heard.updated, (event) => {
      views.forget(event.documentId);
      views.heard({ docketId: event.docketId, sourceId: event.sourceId });
    })
    .on(heard.deleted, (event) => {
      views.forget(event.documentId);
      views.heardChangeEverywhere();
    });
}

/** How long to wait before trying again when Kafka could not be reached at start. */
const RETRY_START_MS = 10_000;

/**
 * Starts listening in the background (the BFF serves meanwhile, keeping views 2 s), trying again
 * while Kafka cannot be reached; `stop` ends it either way.
 */
export function keepListeningToDocumentChanges(deps: {
  brokers: string[];
  logger: Logger;
  views: DocumentChangeSink;
  topics?: DocumentChangeTopics;
}): { stop(): Promise<void> } {
  const kafka = createKafka({ clientId: 'bff-document-views', brokers: deps.brokers, logger: deps.logger });
  let listener: BroadcastListener | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  const attempt = () => {
    listener = listenToDocumentChanges({ kafka, logger: deps.logger, views: deps.views, topics: deps.topics });
    const starting = listener;
    starting.start().catch(async (error: unknown) => {
      deps.logger.warn(
        { err: error, retryInMs: RETRY_START_MS },
        'cannot hear document changes yet; documents are kept 2 s meanwhile',
      );
      await starting.stop().catch(() => undefined);
      if (!stopped) retry = setTimeout(attempt, RETRY_START_MS).unref();
    });
  };
  attempt();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      await listener?.stop();
    },
  };
}
