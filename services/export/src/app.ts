import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { createKafka, ensureTopics, EventPublisher, kafkaNamespace, OutboxRelay, topics } from '@docket/events';
import type { Logger } from '@docket/observability';
import { ProcessUpdatesPublisher, RedisProcessSequence } from '@docket/processes';
import {
  connectMongo,
  grpcChannelCredentials,
  grpcTlsOf,
  ShutdownLadder,
  startGrpcServer,
  type StartedService,
} from '@docket/service-kit';
import type { ExportBlobStore } from './blob/export-blob-store';
import { LocalDirectoryBlobStore } from './blob/local-directory.blob-store';
import type { Config } from './config';
import { DownloadService } from './exports/download.service';
import { ExpiryScheduler } from './exports/expiry.scheduler';
import { ExpiryService } from './exports/expiry.service';
import { ExportRunner } from './exports/export-runner';
import { GrpcExportSources } from './exports/export-sources.client';
import { ExportQueue } from './exports/export.queue';
import { ExportRepository } from './exports/export.repository';
import { ExportService } from './exports/export.service';
import { ExportWorker } from './exports/export.worker';
import { exportServiceBinding } from './exports/exports.grpc';
import { ProcessChanges } from './processes/process-changes';
import { PROCESSES_GROUP, ProcessUpdatedConsumer } from './processes/process-updated.consumer';
import { ProcessRepository } from './processes/process.repository';
import { ProcessService } from './processes/process.service';
import { processServiceBinding } from './processes/processes.grpc';

export interface RunningApp extends StartedService {
  grpcPort: number;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Wires the export service: processes.updated.v1 → Mongo and ProcessService; ExportService over
 * gRPC; export workers and the expiry schedule on BullMQ; exports.completed.v1 through the outbox.
 * `stop` drains in reverse order: gRPC first, then workers and consumer, then connections.
 */
export async function startApp(config: Config, logger: Logger): Promise<RunningApp> {
  const closers = new ShutdownLadder(logger);
  const stop = () => closers.closeAll();

  try {
    const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
    closers.add('mongo', () => connection.close());
    const repository = new ProcessRepository(connection);
    await repository.init();
    const exportsRepo = new ExportRepository(connection);
    await exportsRepo.init();
    const processes = new ProcessService(repository, new ProcessChanges(), logger, {
      pollMs: config.PROCESS_WATCH_POLL_MS,
      appearWithinMs: config.PROCESS_WATCH_APPEAR_WITHIN_MS,
    });

    const kafkaNames = kafkaNamespace(config.KAFKA_NAMESPACE);
    const processTopic = kafkaNames.topic(topics.processUpdated);
    const completedTopic = kafkaNames.topic(topics.exportCompleted);
    const kafka = createKafka({ clientId: 'export', brokers: config.KAFKA_BROKERS, logger });
    await ensureTopics(kafka, [processTopic, completedTopic], config.KAFKA_TOPIC_PARTITIONS);
    const publisher = new EventPublisher(kafka, logger);
    await publisher.connect();
    closers.add('publisher', () => publisher.disconnect());
    const relay = new OutboxRelay({ model: exportsRepo.model, publisher, logger });
    relay.start();
    closers.add('outbox', () => relay.stop());

    const prefix = config.EXPORT_QUEUE_PREFIX;
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 });
    closers.add('redis', () => redis.quit());
    const workerRedis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    closers.add('worker redis', () => workerRedis.quit());
    const processUpdates = new ProcessUpdatesPublisher(
      publisher,
      new RedisProcessSequence(redis, `${prefix}:process-sequence`),
      processTopic,
    );

    const consumer = new ProcessUpdatedConsumer({
      kafka,
      connection,
      logger,
      processes,
      groupId: kafkaNames.group(PROCESSES_GROUP),
      topic: processTopic,
    });
    await consumer.start();
    closers.add('consumer', () => consumer.stop());

    const sources = new GrpcExportSources(
      { queryEngine: config.QUERY_ENGINE_GRPC, documents: config.DOCUMENTS_GRPC },
      grpcChannelCredentials(grpcTlsOf(config)),
    );
    closers.add('upstream clients', async () => sources.close());
    const blobs = await blobStoreOf(config);
    const queue = new ExportQueue(redis, prefix);
    closers.add('export queue', () => queue.close());
    const limits = { maxConcurrent: config.EXPORT_MAX_CONCURRENT, maxStored: config.EXPORT_MAX_STORED };
    const exportService = new ExportService({
      exports: exportsRepo,
      sources,
      jobs: queue,
      processes: processUpdates,
      blobs,
      limits,
      maxRows: config.EXPORT_MAX_ROWS,
    });
    const downloads = new DownloadService({
      exports: exportsRepo,
      service: exportService,
      blobs,
      secret: config.EXPORT_LINK_SECRET,
    });

    const ttlMs = config.EXPORT_TTL_DAYS * DAY_MS;
    if (config.EXPORT_WORKERS > 0) {
      const appUrl = config.EXPORT_APP_URL.replace(/\/+$/, '');
      const runner = new ExportRunner({
        sources,
        maxRows: config.EXPORT_MAX_ROWS,
        rowsPerSheet: config.EXPORT_ROWS_PER_SHEET,
        documentLink: (documentId) => `${appUrl}/documents/${encodeURIComponent(documentId)}`,
      });
      const worker = new ExportWorker({
        connection: workerRedis,
        exports: exportsRepo,
        runner,
        blobs,
        processes: processUpdates,
        logger,
        ttlMs,
        prefix,
        concurrency: config.EXPORT_WORKERS,
        lockDurationMs: config.EXPORT_JOB_LOCK_MS,
        progressMs: config.EXPORT_PROGRESS_MS,
        unavailableRetries: { times: config.EXPORT_UNAVAILABLE_RETRIES, firstDelayMs: config.EXPORT_RETRY_DELAY_MS },
        completedTopic,
        kickOutbox: (exportId) => void relay.kick([exportId]),
      });
      worker.start();
      closers.add('export worker', () => worker.close());
    }
    const expiry = new ExpiryScheduler({
      connection: workerRedis,
      expiry: new ExpiryService({ exports: exportsRepo, blobs }),
      everyMs: config.EXPORT_EXPIRY_SWEEP_MS,
      logger,
      prefix,
    });
    await expiry.start();
    closers.add('expiry', () => expiry.close());

    const grpc = await startGrpcServer({
      port: config.GRPC_PORT,
      host: config.GRPC_HOST,
      tls: grpcTlsOf(config),
      healthPort: config.GRPC_HEALTH_PORT,
      services: [
        processServiceBinding({ processes, logger }),
        exportServiceBinding({ exports: exportService, downloads, logger }),
      ],
      logger,
    });
    closers.add('grpc', () => grpc.shutdown());
    closers.add('watchers', () => processes.close()); // runs first: open watch streams end now

    return { grpcPort: grpc.port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function blobStoreOf(config: Config): Promise<ExportBlobStore> {
  if (config.EXPORT_BLOB_STORE === 's3') {
    // The AWS SDK is loaded only when the S3 store is configured.
    const [{ S3BlobStore }, { S3Objects, s3ClientOf }] = await Promise.all([
      import('./blob/s3.blob-store'),
      import('@docket/object-store'),
    ]);
    const client = s3ClientOf({
      region: config.EXPORT_S3_REGION,
      endpoint: config.EXPORT_S3_ENDPOINT,
      forcePathStyle: config.EXPORT_S3_FORCE_PATH_STYLE,
      accessKeyId: config.EXPORT_S3_ACCESS_KEY_ID,
      secretAccessKey: config.EXPORT_S3_SECRET_ACCESS_KEY,
    });
    return new S3BlobStore(
      new S3Objects({
        client,
        bucket: config.EXPORT_S3_BUCKET!,
        prefix: config.EXPORT_S3_PREFIX,
        partSize: config.EXPORT_S3_PART_SIZE,
      }),
    );
  }
  return new LocalDirectoryBlobStore(
    config.EXPORT_BLOB_DIR ?? path.join(config.DATA_DIR ?? os.tmpdir(), 'export-files'),
  );
}
