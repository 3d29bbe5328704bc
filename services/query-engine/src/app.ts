import { Redis } from 'ioredis';
import { createKafka, ensureTopics, EventPublisher, topics, type TopicDef } from '@docket/events';
import type { Logger } from '@docket/observability';
import { connectMongo, startGrpcServer, type StartedService, ShutdownLadder } from '@docket/service-kit';
import type { ProcessUpdated } from '@docket/proto/src/gen/research/export/events/v1/processes';
import type { Config } from './config';
import { DEFAULT_DOCUMENT_TOPICS, DocumentEventsConsumer, INDEXER_GROUP, type DocumentTopics } from './events/document-events.consumer';
import { ProcessUpdatesPublisher, RedisProcessSequence } from '@docket/processes';
import { DocumentsGrpcSource } from './grpc/documents-source.client';
import { searchServiceBinding } from './grpc/search.grpc';
import { workspaceServiceBinding } from './grpc/workspaces.grpc';
import { openChosenBackend } from './index/opensearch/search-backend-choice';
import type { SearchBackend } from './index/search-backend';
import { WorkspaceScope } from './service/workspace-scope';
import { WorkspaceService } from './service/workspace.service';
import { WorkspaceRepository } from './store/workspace.repository';
import { WorkspaceRequestRepository } from './store/workspace-request.repository';
import { QUEUE_PREFIX, ReindexQueue } from './workers/reindex.queue';
import { ReindexWorker } from './workers/reindex.worker';

/** Names that tests replace with unique ones so suites sharing Kafka and Redis do not interfere. */
export interface AppOverrides {
  grpcHost?: string;
  groupId?: string;
  documentTopics?: DocumentTopics;
  processTopic?: TopicDef<ProcessUpdated>;
  queuePrefix?: string;
}

export interface RunningApp extends StartedService {
  grpcPort: number;
  index: SearchBackend;
  /** What the search and ask pipelines use to check a workspace and record requests in its log. */
  workspaceScope: WorkspaceScope;
}

/**
 * Wires the query-engine: search index (SQLite FTS5, or OpenSearch when OPENSEARCH_URL is set) ←
 * Kafka document events; SearchService over gRPC; re-index jobs through BullMQ, processed by a
 * worker in this same process. `stop` drains in reverse order of start: gRPC first (no new work),
 * then the worker and consumer, then connections.
 */
export async function startApp(config: Config, logger: Logger, overrides: AppOverrides = {}): Promise<RunningApp> {
  const closers = new ShutdownLadder(logger);
  const stop = () => closers.closeAll();

  try {
    // OPENSEARCH_URL picks the OpenSearch backend; otherwise the embedded SQLite FTS5 index.
    const { backend: index, describe: indexDescription } = await openChosenBackend(config, logger);
    closers.add('index', () => index.close());

    const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
    closers.add('mongo', () => connection.close());

    // Workspaces and their request logs (query-engine's own database).
    const workspaceRepository = new WorkspaceRepository(connection);
    const workspaceRequests = new WorkspaceRequestRepository(connection);
    await Promise.all([workspaceRepository.init(), workspaceRequests.init()]);
    const workspaces = new WorkspaceService(workspaceRepository, workspaceRequests);
    const workspaceScope = new WorkspaceScope(workspaces, workspaceRepository, workspaceRequests);

    const documentTopics = overrides.documentTopics ?? DEFAULT_DOCUMENT_TOPICS;
    const processTopic = overrides.processTopic ?? topics.processUpdated;
    const kafka = createKafka({ clientId: 'query-engine', brokers: config.KAFKA_BROKERS, logger });
    await ensureTopics(kafka, [documentTopics.ingested, documentTopics.updated, documentTopics.deleted, processTopic]);
    const publisher = new EventPublisher(kafka, logger);
    await publisher.connect();
    closers.add('publisher', () => publisher.disconnect());

    // Requests (sequence numbers, queueing) fail fast when Redis is down; the worker's blocking
    // connection must retry forever, as BullMQ requires.
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 });
    closers.add('redis', () => redis.quit());
    const workerRedis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    closers.add('worker redis', () => workerRedis.quit());

    const processes = new ProcessUpdatesPublisher(publisher, new RedisProcessSequence(redis, '{query-engine}:process-sequence'), processTopic);
    const source = new DocumentsGrpcSource(config.DOCUMENTS_GRPC);
    closers.add('documents client', () => source.close());

    const queuePrefix = overrides.queuePrefix ?? QUEUE_PREFIX;
    const queue = new ReindexQueue(redis, queuePrefix);
    closers.add('queue', () => queue.close());
    const worker = new ReindexWorker({ connection: workerRedis, prefix: queuePrefix, index, source, processes, logger });
    worker.start();
    closers.add('worker', () => worker.close());

    const consumer = new DocumentEventsConsumer({
      kafka, connection, logger, index, groupId: overrides.groupId ?? INDEXER_GROUP, topics: documentTopics,
    });
    await consumer.start();
    closers.add('consumer', () => consumer.stop());

    const grpc = await startGrpcServer({
      port: config.GRPC_PORT,
      host: overrides.grpcHost,
      services: [searchServiceBinding({ index, processes, jobs: queue, logger }), workspaceServiceBinding({ workspaces, logger })],
      logger,
    });
    closers.add('grpc', () => grpc.shutdown());
    // Runs first on stop: a long rebuild should not hold up the drain.
    closers.add('worker interrupt', () => worker.interrupt());

    logger.info({ ...indexDescription, documents: await index.count() }, 'search index open');
    return { grpcPort: grpc.port, index, workspaceScope, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
