import { Redis } from 'ioredis';
import { createKafka, ensureTopics, EventPublisher, kafkaNamespace, OutboxRelay, topics } from '@docket/events';
import type { Logger } from '@docket/observability';
import { ProcessUpdatesPublisher, RedisProcessSequence } from '@docket/processes';
import {
  connectMongo,
  grpcTlsOf,
  ShutdownLadder,
  startGrpcServer,
  UserActivity,
  type StartedService,
} from '@docket/service-kit';
import { blobStoreOf } from './blob/blob-store.factory';
import { catalogHandlers } from './catalog/catalog.grpc';
import { CatalogService } from './catalog/catalog.service';
import { CorpusLoadProgress } from './catalog/corpus-load-progress';
import { blobDirOf, type Config } from './config';
import { ConnectorScheduler } from './connectors/connector.scheduler';
import { BUILT_IN_PRODUCTS, RETIRED_PRODUCT_IDS } from './data-products/built-in-products';
import { DataProductService } from './data-products/data-product.service';
import { dataProductHandlers } from './data-products/data-products.grpc';
import { productSummaryHandlers } from './data-products/product-summary.grpc';
import { ProductSummaryService } from './data-products/product-summary.service';
import { ReleaseSummaryReader } from './data-products/release-summary.reader';
import { ReleaseTableRepository } from './data-products/release-table.repository';
import { ReleasePublisher } from './data-products/release.publisher';
import { DocketEntryService } from './dockets/docket-entries.service';
import { DocketListingBackfill } from './dockets/docket-listing-backfill';
import { docketHandlers } from './dockets/dockets.grpc';
import { documentsServiceBinding } from './documents-service.binding';
import { DocumentAnalyser } from './documents/document-analyser';
import { DEFAULT_DOCUMENTS_TOPICS } from './documents/document-changes.event';
import { DocumentService } from './documents/document.service';
import { documentHandlers } from './documents/documents.grpc';
import { FilingTypeRefresh } from './documents/filing-type-refresh';
import { IngestService } from './documents/ingest.service';
import { notingUserRequests } from './documents/noting-user-requests.grpc';
import { StatsProjector } from './documents/stats.projector';
import type { DocketPattern } from './domain/entities';
import { entityHandlers } from './entities/entities.grpc';
import { EntityService } from './entities/entity.service';
import { FileImportService } from './imports/file-import.service';
import { ImportStarter } from './imports/import-starter';
import { ImportQueue } from './imports/import.queue';
import { ImportWorker } from './imports/import.worker';
import { importHandlers } from './imports/imports.grpc';
import { BUILT_IN_SOURCES, seedCorpusIfEmpty } from './seed/corpus.seeder';
import { ActivityRepository } from './store/activity.repository';
import { ConnectorCursorRepository } from './store/connector-cursor.repository';
import { DataProductReleaseRepository } from './store/data-product-release.repository';
import { DataProductRepository } from './store/data-product.repository';
import { DocketRepository } from './store/docket.repository';
import { DocumentRepository } from './store/document.repository';
import { EntityRepository } from './store/entity.repository';
import { IngestionRunRepository } from './store/ingestion-run.repository';
import { SourceRepository } from './store/source.repository';

/** The default corpus's load steps back from the first user request until none has come for this long. */
const USERS_QUIET_AFTER_MS = 500;

export interface RunningApp extends StartedService {
  grpcPort: number;
  /** Resolves when the default corpus is loaded (at once when there was nothing to load). */
  seeded: Promise<void>;
}

/**
 * Wires the documents service: Mongo (documents, catalog, entities, runs + outboxes) → relays →
 * Kafka; the import queue and worker on Redis; scheduled API connectors; DocumentsService over
 * gRPC. `stop` drains in reverse order: gRPC, seeding, workers, relays, connections.
 */
export async function startApp(config: Config, logger: Logger): Promise<RunningApp> {
  const closers = new ShutdownLadder(logger);
  const stop = () => closers.closeAll();

  const startedAt = new Date();
  try {
    const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
    closers.add('mongo', () => connection.close());
    const documentsRepo = new DocumentRepository(connection);
    const dockets = new DocketRepository(connection);
    const sources = new SourceRepository(connection);
    const entitiesRepo = new EntityRepository(connection);
    const activity = new ActivityRepository(connection);
    const runs = new IngestionRunRepository(connection);
    const dataProducts = new DataProductRepository(connection);
    const productReleases = new DataProductReleaseRepository(connection);
    await productReleases.init();
    for (const product of BUILT_IN_PRODUCTS) await dataProducts.upsertDefinition(product);
    await dataProducts.removeGenerated(RETIRED_PRODUCT_IDS);
    await Promise.all([documentsRepo.init(), dockets.init()]);
    await sources.upsertDefinitions(BUILT_IN_SOURCES);

    const kafkaNames = kafkaNamespace(config.KAFKA_NAMESPACE);
    const topicSet = kafkaNames.topics(DEFAULT_DOCUMENTS_TOPICS);
    const processTopic = kafkaNames.topic(topics.processUpdated);
    const kafka = createKafka({ clientId: 'documents', brokers: config.KAFKA_BROKERS, logger });
    await ensureTopics(kafka, [...Object.values(topicSet), processTopic], config.KAFKA_TOPIC_PARTITIONS);
    const publisher = new EventPublisher(kafka, logger);
    await publisher.connect();
    closers.add('publisher', () => publisher.disconnect());

    const projector = new StatsProjector({
      documents: documentsRepo,
      sources,
      dockets,
      entities: entitiesRepo,
      activity,
      logger,
    });
    const documentRelay = new OutboxRelay({
      model: documentsRepo.model,
      publisher,
      logger,
      intervalMs: config.OUTBOX_INTERVAL_MS,
      // A new document's published event is pulled by the counters' flag write that follows within seconds
      // (StatsProjector's window).
      settleWritten: (published) =>
        documentsRepo.pullEvents(
          projector.carryPulls(published.map((p) => ({ id: String(p.id), eventIds: p.eventIds }))),
        ),
    });
    const productRelay = new OutboxRelay({
      model: dataProducts.model,
      publisher,
      logger,
      intervalMs: config.OUTBOX_INTERVAL_MS,
    });
    const releaseRelay = new OutboxRelay({
      model: productReleases.model,
      publisher,
      logger,
      intervalMs: config.OUTBOX_INTERVAL_MS,
    });
    const relays = [documentRelay, productRelay, releaseRelay];
    for (const relay of relays) relay.start(); // the first pass publishes whatever a previous run left pending
    closers.add('outbox relays', () => Promise.all(relays.map((relay) => relay.stop())).then(() => undefined));

    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 });
    closers.add('redis', () => redis.quit());
    const workerRedis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    closers.add('worker redis', () => workerRedis.quit());
    const queuePrefix = config.QUEUE_PREFIX;
    const processes = new ProcessUpdatesPublisher(
      publisher,
      new RedisProcessSequence(redis, `${queuePrefix}:process-sequence`),
      processTopic,
    );

    let docketPatterns: DocketPattern[] = [];
    const refreshPatterns = async () => {
      docketPatterns = (await sources.list())
        .filter((s) => s.docketPattern)
        .map((s) => ({ sourceId: s.id, pattern: s.docketPattern }));
    };
    await refreshPatterns();

    closers.add('stats projector', () => projector.flush());

    const blobs = await blobStoreOf(config);
    const releaseTables = new ReleaseTableRepository(blobDirOf(config));
    closers.add('release tables', () => releaseTables.close());
    const dataProductService = new DataProductService({
      products: dataProducts,
      releases: productReleases,
      tables: releaseTables,
      blobDirectory: blobDirOf(config),
      processes,
      publisher: new ReleasePublisher({
        products: dataProducts,
        releases: productReleases,
        tables: releaseTables,
        blobDirectory: blobDirOf(config),
        topic: topicSet.releasePublished,
        kickOutbox: (id) => void releaseRelay.kick([id]),
      }),
    });
    const analyser = new DocumentAnalyser({
      documents: documentsRepo,
      dockets,
      entities: entitiesRepo,
      outbox: documentRelay,
      topics: topicSet,
      docketPatterns: () => docketPatterns,
      sourceName: (id): Promise<string> => ingest.requireSource(id),
      logger,
    });
    // Stopped before the relays and connections (closers run in reverse order): its last batch writes first.
    closers.add('document analysis', () => analyser.stop());
    const ingest: IngestService = new IngestService({
      documents: documentsRepo,
      dockets,
      sources,
      blobs,
      projector,
      analysis: analyser,
      outbox: documentRelay,
      topics: topicSet,
      limits: {
        maxBytes: config.EXTRACT_MAX_BYTES,
        maxPages: config.EXTRACT_MAX_PAGES,
        timeoutMs: config.EXTRACT_TIMEOUT_MS,
      },
      docketPatterns: () => docketPatterns,
      logger,
    });
    const catalog = new CatalogService({
      sources,
      dataProducts,
      tableReleases: productReleases,
      runs,
      activity,
      outbox: productRelay,
      topics: topicSet,
      logger,
      onSourcesChanged: refreshPatterns,
    });
    const documents = new DocumentService({
      documents: documentsRepo,
      dockets,
      sources,
      blobs,
      ingest,
      outbox: documentRelay,
      topics: topicSet,
      logger,
    });
    const entities = new EntityService({ entities: entitiesRepo, documents: documentsRepo, dockets });
    const docketEntries = new DocketEntryService({ documents: documentsRepo, dockets });

    const queue = new ImportQueue(redis, queuePrefix);
    closers.add('import queue', () => queue.close());
    const imports = new FileImportService({ ingest, runs, logger, sources });
    const worker = new ImportWorker({
      connection: workerRedis,
      imports,
      runs,
      processes,
      logger,
      prefix: queuePrefix,
      lockDurationMs: config.IMPORT_LOCK_MS,
    });
    worker.start();
    closers.add('import worker', () => worker.close());

    const cursors = new ConnectorCursorRepository(connection);
    const scheduler = new ConnectorScheduler({ config, ingest, runs, cursors, logger });
    scheduler.start();
    closers.add('connectors', () => scheduler.stop());

    const users = new UserActivity(USERS_QUIET_AFTER_MS);
    const listingBackfill = new DocketListingBackfill({
      documents: documentsRepo,
      cursors,
      logger,
      quiet: () => users.whenQuiet(5_000),
    });
    await listingBackfill.skipIfEmpty(); // before the default corpus's first filing is stored

    const seeding = new AbortController();
    const corpusLoad = new CorpusLoadProgress();
    const seeded = config.SEED_CORPUS
      ? seedCorpusIfEmpty({
          catalog,
          ingest,
          runs,
          sources,
          documents: documentsRepo,
          filings: config.SEED_FILINGS,
          dockets: config.SEED_DOCKETS,
          seed: config.SEED_CORPUS_SEED,
          signal: seeding.signal,
          logger,
          progress: corpusLoad,
          users,
        })
          .then(refreshPatterns)
          .catch((error: unknown) => logger.error({ err: error }, 'loading the default corpus failed'))
      : Promise.resolve();
    closers.add('seeding', async () => {
      seeding.abort();
      await seeded;
    });

    const grpc = await startGrpcServer({
      port: config.GRPC_PORT,
      host: config.GRPC_HOST,
      tls: grpcTlsOf(config),
      healthPort: config.GRPC_HEALTH_PORT,
      services: [
        notingUserRequests(
          documentsServiceBinding([
            documentHandlers({ documents, logger }),
            importHandlers({
              documents,
              ingest,
              imports: new ImportStarter({ queue, runs, sources, processes }),
              maxUploadBytes: config.MAX_UPLOAD_BYTES,
              logger,
            }),
            docketHandlers({ documents, docketEntries, logger }),
            catalogHandlers({ catalog, corpusLoad, logger }),
            entityHandlers({ entities, logger }),
            dataProductHandlers({ dataProducts: dataProductService, maxUploadBytes: config.MAX_UPLOAD_BYTES, logger }),
            productSummaryHandlers({
              summaries: new ProductSummaryService({
                products: dataProducts,
                releases: productReleases,
                reader: new ReleaseSummaryReader(releaseTables),
                blobDirectory: blobDirOf(config),
              }),
              logger,
            }),
          ]),
          users,
          ['getCatalogStatus'],
        ),
      ],
      logger,
    });
    closers.add('grpc', () => grpc.shutdown());

    // Stored documents get the current classifier's types once per version (after the corpus
    // loads), a batch whenever users are quiet.
    const refreshing = new AbortController();
    const refresh = new FilingTypeRefresh({
      documents: documentsRepo,
      dockets,
      cursors,
      sourceName: (id) => ingest.requireSource(id),
      outbox: documentRelay,
      topics: topicSet,
      logger,
      quiet: () => users.whenQuiet(5_000),
    });
    const retyped = seeded
      .then(() => refresh.run(refreshing.signal))
      .catch((error: unknown) => {
        logger.error(
          { err: error },
          'giving stored documents their filing types failed; the next start goes on from where it stopped',
        );
      });
    closers.add('filing type refresh', async () => {
      refreshing.abort();
      await retyped;
    });

    // Filings stored before dockets' listings were kept get their place in them, once, after the retyping pass.
    const backfilling = new AbortController();
    const backfilled = retyped
      .then(() => listingBackfill.run(backfilling.signal))
      .catch((error: unknown) => {
        logger.error(
          { err: error },
          "giving stored filings their place in their docket's listing failed; " +
            'the next start goes on from where it stopped',
        );
      });
    closers.add('docket listing backfill', async () => {
      backfilling.abort();
      await backfilled;
    });

    // Counting what a crashed run left uncounted (a corpus load's batch: seconds) waits for no request.
    const recovery = new AbortController();
    const recovering = projector.recover(startedAt, recovery.signal).then(
      (recovered) =>
        recovered > 0 && logger.info({ documents: recovered }, 'counted documents a previous run had not counted'),
      (error: unknown) =>
        logger.error(
          { err: error },
          'counting documents a previous run had not counted failed; the next start tries again',
        ),
    );
    closers.add('stats recovery', async () => {
      recovery.abort();
      await recovering;
    });

    // New documents a previous run stored without finding their entities get them now, in the background.
    void analyser.recover().then(
      (left) => left > 0 && logger.info({ documents: left }, 'finding the entities of documents a previous run left'),
      (error: unknown) =>
        logger.error(
          { err: error },
          'reading documents left without their entities failed; the next start tries again',
        ),
    );

    return { grpcPort: grpc.port, stop, seeded };
  } catch (error) {
    await stop();
    throw error;
  }
}
