import { Redis } from 'ioredis';
import { NotAllowedError, NotFoundError } from '@docket/errors';
import { createKafka, ensureTopics, EventPublisher, kafkaNamespace, OutboxRelay, topics } from '@docket/events';
import type { Logger } from '@docket/observability';
import { ProcessUpdatesPublisher, RedisProcessSequence } from '@docket/processes';
import {
  connectMongo,
  grpcChannelCredentials,
  grpcTlsOf,
  ShutdownLadder,
  startGrpcServer,
  UserActivity,
  type StartedService,
} from '@docket/service-kit';
import { AnswerThreads } from './ask/answer-threads/answer-threads';
import { AskService, type AskWorkspaceScope, type Retriever } from './ask/ask.service';
import { DocumentAnswerService } from './ask/document-answer.service';
import { LiveAnswers } from './ask/live-answers.service';
import { AnalysisWriter, answerModesOf, ChatCompletionsClient, llmSettingsOf } from './ask/llm';
import { queryServiceBinding } from './ask/queries.grpc';
import { DEFAULT_QUERY_COMPLETED_TOPIC, queryCompletedEvent } from './ask/query-completed.event';
import { QueryRepository } from './ask/query.repository';
import { ANSWER_FUSION, bm25Retrieve, HybridRetriever } from './ask/retrieve';
import { vectorIndexPathOf, type Config } from './config';
import { COMPUTED_PRODUCTS } from './data-products/computed-products';
import { ComputedReleasesJob } from './data-products/computed-releases.job';
import { ComputedReleasesSchedule } from './data-products/computed-releases.schedule';
import { DataProductReleasesClient } from './data-products/data-product-releases.client';
import { ProceedingFilingsReader } from './data-products/proceeding-filings.reader';
import { FiguresBuilder } from './domain/figures';
import { ThreadedEmbedder } from './embeddings/threaded.embedder';
import { VectorIndex } from './embeddings/vector-index';
import { VectorIndexer, vectorScheme } from './embeddings/vector-indexer';
import { VectorIndexingBackend } from './embeddings/vector-indexing.backend';
import { DEFAULT_DOCUMENT_TOPICS, DocumentEventsConsumer, INDEXER_GROUP } from './indexing/document-events.consumer';
import { DocumentsGrpcSource } from './indexing/documents-source.client';
import { IndexingLag } from './indexing/indexing-lag';
import { indexerHasCommitted, refillCreatedIndex } from './indexing/refill-created-index';
import { ReindexQueue } from './indexing/reindex.queue';
import { ReindexWorker } from './indexing/reindex.worker';
import { startReindex } from './indexing/start-reindex';
import { IndexCoverageService } from './search/index-coverage.service';
import { queryBudget } from './search/index/query-budget';
import { DEFAULT_READ_BUDGET_MS, type SearchBackend } from './search/index/search-backend';
import { openChosenBackend } from './search/search-backend-choice';
import { SearchStreamService } from './search/search-stream.service';
import { searchServiceBinding } from './search/search.grpc';
import { SearchService } from './search/search.service';
import { WorkspaceRequestRepository } from './workspaces/workspace-request.repository';
import { WorkspaceScope } from './workspaces/workspace-scope';
import { WorkspaceRepository } from './workspaces/workspace.repository';
import { WorkspaceService } from './workspaces/workspace.service';
import { workspaceServiceBinding } from './workspaces/workspaces.grpc';

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
export async function startApp(config: Config, logger: Logger): Promise<RunningApp> {
  const closers = new ShutdownLadder(logger);
  const stop = () => closers.closeAll();

  try {
    // OPENSEARCH_URL picks the OpenSearch backend; otherwise the embedded SQLite FTS5 index.
    const {
      backend: searchIndex,
      describe: indexDescription,
      wasReset: indexWasReset,
      wasCreated: indexWasCreated,
    } = await openChosenBackend(config, logger);
    closers.add('index', () => searchIndex.close());
    // With vectors on, every write to the search index also queues the document for embedding.
    // Users' questions and searches under way: the embedding backlog waits for them.
    const users = new UserActivity();
    const { index, retriever } = await openRetrieval(config, searchIndex, logger, closers, users);

    const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
    closers.add('mongo', () => connection.close());

    // Workspaces and their request logs (query-engine's own database).
    const workspaceRepository = new WorkspaceRepository(connection);
    const workspaceRequests = new WorkspaceRequestRepository(connection);
    await Promise.all([workspaceRepository.init(), workspaceRequests.init()]);
    const queries = new QueryRepository(connection);
    const workspaces = new WorkspaceService(workspaceRepository, workspaceRequests, queries);
    const workspaceScope = new WorkspaceScope(workspaces, workspaceRepository, workspaceRequests);
    // Deletions a crash interrupted are finished in the background (the workspaces are gone for readers already).
    void workspaces.purgeDeleted().then(
      (finished) => finished > 0 && logger.info({ finished }, 'interrupted workspace deletions finished'),
      (error: unknown) =>
        logger.warn({ err: error }, 'interrupted workspace deletions not finished; the next start retries'),
    );

    const kafkaNames = kafkaNamespace(config.KAFKA_NAMESPACE);
    const documentTopics = kafkaNames.topics(DEFAULT_DOCUMENT_TOPICS);
    const indexerGroup = kafkaNames.group(INDEXER_GROUP);
    const documentTopicNames = Object.values(documentTopics).map((t) => t.name);
    const processTopic = kafkaNames.topic(topics.processUpdated);
    const queryCompletedTopic = kafkaNames.topic(DEFAULT_QUERY_COMPLETED_TOPIC);
    const kafka = createKafka({ clientId: 'query-engine', brokers: config.KAFKA_BROKERS, logger });
    await ensureTopics(
      kafka,
      [documentTopics.ingested, documentTopics.updated, documentTopics.deleted, processTopic, queryCompletedTopic],
      config.KAFKA_TOPIC_PARTITIONS,
    );
    const publisher = new EventPublisher(kafka, logger);
    await publisher.connect();
    closers.add('publisher', () => publisher.disconnect());
    const queryRelay = new OutboxRelay({
      model: queries.model,
      publisher,
      logger,
      intervalMs: config.OUTBOX_INTERVAL_MS,
    });
    queryRelay.start(); // the first pass publishes whatever a previous run left pending
    closers.add('query outbox', () => queryRelay.stop());

    const llm = llmSettingsOf(config);
    const writer = new AnalysisWriter({ chat: llm && new ChatCompletionsClient(llm), logger });
    const answerModes = answerModesOf({
      generativeConfigured: writer.generativeConfigured,
      configuredDefault: config.DEFAULT_ANALYSIS_MODE,
    });
    // Questions' analyses and figures off the event loop; one thread: two cores, shared with indexing.
    const answerThreads = new AnswerThreads({
      threads: 1,
      logger,
      endIdleAfterMs: QUESTION_WORKER_IDLE_MS,
      startOnDemand: true,
    });
    closers.add('answer threads', () => answerThreads.close());
    // A question's workers start when a user is about (a search or a question arrives), not at start,
    // so a stack nobody uses holds neither the model nor the answer thread.
    users.onArrival(() => answerThreads.warm());
    const asker = new AskService({
      index,
      retriever,
      writer,
      figures: new FiguresBuilder(),
      composer: answerThreads,
      queries,
      workspaces: askScopeOf(workspaceScope),
      completedEvent: (query) => queryCompletedEvent(query, queryCompletedTopic),
      kick: (queryId) => void queryRelay.kick([queryId]),
      defaultMode: config.DEFAULT_ANALYSIS_MODE,
      budgetMs: config.SEARCH_TIME_BUDGET_MS,
      logger,
      users,
    });

    // Requests (sequence numbers, queueing) fail fast when Redis is down; the worker's blocking
    // connection must retry forever, as BullMQ requires.
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 });
    closers.add('redis', () => redis.quit());
    const workerRedis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    closers.add('worker redis', () => workerRedis.quit());

    const queuePrefix = config.QUERY_ENGINE_QUEUE_PREFIX;
    const processes = new ProcessUpdatesPublisher(
      publisher,
      new RedisProcessSequence(redis, `${queuePrefix}:process-sequence`),
      processTopic,
    );
    const source = new DocumentsGrpcSource(config.DOCUMENTS_GRPC, grpcChannelCredentials(grpcTlsOf(config)));
    closers.add('documents client', () => source.close());

    const queue = new ReindexQueue(redis, queuePrefix);
    closers.add('queue', () => queue.close());
    const worker = new ReindexWorker({
      connection: workerRedis,
      prefix: queuePrefix,
      index,
      source,
      processes,
      logger,
    });
    worker.start();
    closers.add('worker', () => worker.close());
    if (indexWasReset) {
      // The index of an older schema is empty now and Kafka offsets have moved past the old events:
      // only a re-index refills it, so the service starts one itself (a process administrators see).
      await startReindex(
        { processes, jobs: queue, logger },
        { ownerId: '', requestedBy: 'query-engine: the index schema changed' },
      );
    } else if (
      indexWasCreated &&
      (await indexerHasCommitted(kafka.admin(), indexerGroup, documentTopicNames, logger))
    ) {
      // No index was there, but the consumer group has read events before (a lost volume): refilled by a
      // re-index if the documents service has documents, asked in the background (it may start after
      // this service). On a fresh install the new group reads every topic from the beginning instead.
      const refill = new AbortController();
      closers.add('index refill', () => refill.abort());
      void refillCreatedIndex({
        source,
        logger,
        signal: refill.signal,
        startReindex: (requestedBy) => startReindex({ processes, jobs: queue, logger }, { ownerId: '', requestedBy }),
      }).catch((error: unknown) =>
        logger.error(
          { err: error },
          'the re-index of the newly created index could not be queued; start one from /admin',
        ),
      );
    }

    const consumer = new DocumentEventsConsumer({
      kafka,
      connection,
      logger,
      index,
      groupId: indexerGroup,
      topics: documentTopics,
    });
    await consumer.start();
    closers.add('consumer', () => consumer.stop());

    // A logged search keeps a stored query (origin 'search') that the ask service writes.
    const search = new SearchService({
      index,
      users,
      workspaces: {
        scope: workspaceScope,
        queries: {
          recordSearch: (s) => asker.recordSearch(s),
          setRequestId: (id, requestId) => queries.setRequestId(id, requestId),
        },
      },
    });
    const lag = new IndexingLag({ admin: kafka.admin(), groupId: indexerGroup, topics: documentTopicNames });
    closers.add('indexing lag', () => lag.close());
    const releasesClient = new DataProductReleasesClient(
      config.DOCUMENTS_GRPC,
      grpcChannelCredentials(grpcTlsOf(config)),
    );
    closers.add('data products client', () => releasesClient.close());
    const computedReleases = new ComputedReleasesSchedule({
      job: new ComputedReleasesJob({
        products: COMPUTED_PRODUCTS,
        reader: new ProceedingFilingsReader(index),
        releases: releasesClient,
        processes,
        users,
        logger,
      }),
      index: {
        settled: async () =>
          (await index.count()) > 0 && (await lag.pending()) === 0 && (await releasesClient.corpusLoaded()),
      },
      everyMs: config.COMPUTED_RELEASES_EVERY_MS,
      logger,
    });
    computedReleases.start();
    closers.add('computed releases', () => computedReleases.stop());
    const coverage = new IndexCoverageService({ index, lag, rebuild: () => worker.rebuildProgress(), logger });
    const grpc = await startGrpcServer({
      port: config.GRPC_PORT,
      host: config.GRPC_HOST,
      tls: grpcTlsOf(config),
      healthPort: config.GRPC_HEALTH_PORT,
      services: [
        searchServiceBinding({
          search,
          stream: new SearchStreamService({ index, workspaces: workspaceScope }),
          index,
          coverage,
          startReindex: (requestedBy) =>
            startReindex({ processes, jobs: queue, logger }, { ownerId: requestedBy, requestedBy }),
          logger,
          budgetMs: config.SEARCH_TIME_BUDGET_MS,
        }),
        workspaceServiceBinding({ workspaces, logger }),
        queryServiceBinding({
          asker,
          live: new LiveAnswers({ asker, workspaces: askScopeOf(workspaceScope) }),
          documentAnswers: new DocumentAnswerService({ index, budgetMs: config.SEARCH_TIME_BUDGET_MS }),
          queries,
          answerModes,
          logger,
        }),
      ],
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

/** How long a backlog embedding worker stays without work before it ends (a restart is a ~2-3 CPU-s model load). */
const BACKLOG_WORKER_IDLE_MS = 60_000;
/**
 * How long a question's workers stay without a user's search or question: the embedding process's model
 * is ~100 MB and the answer thread ~40 MB. They start again with the next search or question, which may
 * then wait for their load (~2-3 CPU-s, the model's).
 */
const QUESTION_WORKER_IDLE_MS = 10 * 60_000;

/**
 * Semantic retrieval beside the search index: a vector index that follows every write (through
 * VectorIndexingBackend) and a hybrid retriever; with VECTOR_SEARCH=off, BM25 alone.
 */
async function openRetrieval(
  config: Config,
  searchIndex: SearchBackend,
  logger: Logger,
  closers: ShutdownLadder,
  users: UserActivity,
): Promise<{ index: SearchBackend; retriever: Retriever }> {
  if (config.VECTOR_SEARCH === 'off') {
    return {
      index: searchIndex,
      retriever: { retrieve: (question, scope, k, budget) => bm25Retrieve(searchIndex, question, scope, k, budget) },
    };
  }
  // The backlog's workers are processes in sessions of their own at nice 19, so they take only CPU no
  // other part of the stack wants (as threads, they took this service's whole share: a core while the
  // corpus loaded), and run only while no user's request is under way; a question has a worker of its
  // own, never queued behind the backlog. The backlog's workers end after a minute without work; the
  // question worker starts when a user is about and ends ten minutes after, so an idle service holds no
  // model. It is a process too (at this service's priority): a thread's model left 20-50 MB here once it ended.
  // While documents stream in, the backlog waits for a pause in them: searchable first, then embedded.
  const embedder = new ThreadedEmbedder(config.EMBEDDING_THREADS, 16, {
    questionThread: true,
    backgroundNice: 19,
    backgroundIn: 'process',
    questionsIn: 'process',
    users,
    endIdleWorkersAfterMs: BACKLOG_WORKER_IDLE_MS,
    endQuestionWorkerAfterMs: QUESTION_WORKER_IDLE_MS,
    questionWorkerOnDemand: true,
  });
  users.onArrival(() => embedder.warm());
  closers.add('embedder', () => embedder.close());
  const vectors = VectorIndex.open(vectorIndexPathOf(config), vectorScheme(embedder));
  closers.add('vector index', () => vectors.close());
  // The texts to embed are read as background work: a user's search or question goes first.
  const documents = {
    fetch: (ids: string[]) => searchIndex.fetch(ids, queryBudget(DEFAULT_READ_BUDGET_MS, { background: true })),
  };
  const indexer = new VectorIndexer({
    index: vectors,
    embedder,
    documents,
    logger,
    users,
    writesQuietMs: config.EMBED_AFTER_WRITES_QUIET_MS || undefined,
  });
  indexer.start();
  // A stop abandons the backlog's embedding in flight (its rows stay in the backlog for the next start):
  // at nice 19 on a busy machine it could outlast the service's 15 s to stop.
  closers.add('vector indexer', async () => {
    const stopped = indexer.stop();
    await embedder.close();
    await stopped;
  });
  return {
    index: new VectorIndexingBackend(searchIndex, indexer),
    retriever: new HybridRetriever(searchIndex, { vectors, embedder }, { fusion: ANSWER_FUSION }),
  };
}

/** The ask pipeline's view of workspaces: run checks, the log, and read access for stored queries. */
function askScopeOf(scope: WorkspaceScope): AskWorkspaceScope {
  return {
    resolve: (userId, workspaceId) => scope.resolve(userId, workspaceId),
    recordRequest: (request) => scope.recordRequest(request),
    isMember: (userId, workspaceId) =>
      scope.resolve(userId, workspaceId, { access: 'read' }).then(
        () => true,
        (error: unknown) =>
          error instanceof NotFoundError || error instanceof NotAllowedError ? false : Promise.reject(error),
      ),
  };
}
