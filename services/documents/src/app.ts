import { createKafka, ensureTopics, EventPublisher, OutboxRelay, topics, type TopicDef } from '@docket/events';
import type { Logger } from '@docket/observability';
import { connectMongo, startGrpcServer, type StartedService, ShutdownLadder } from '@docket/service-kit';
import type { DocumentIngested } from '@docket/proto/src/gen/research/documents/events/v1/documents';
import type { Config } from './config';
import { documentIngestedEvent } from './events/document-ingested.event';
import { documentsServiceBinding } from './grpc/documents.grpc';
import { DocumentService } from './service/document.service';
import { DocumentRepository } from './store/document.repository';

/** Names tests replace with unique ones so suites sharing Kafka do not interfere. */
export interface AppOverrides {
  grpcHost?: string;
  ingestedTopic?: TopicDef<DocumentIngested>;
}

export interface RunningApp extends StartedService {
  grpcPort: number;
}

/**
 * Wires the documents service: Mongo (documents + their outbox) → relay → Kafka; DocumentsService
 * over gRPC. `stop` drains in reverse order: gRPC first, then the relay (finishing a pass), then
 * the connections.
 */
export async function startApp(config: Config, logger: Logger, overrides: AppOverrides = {}): Promise<RunningApp> {
  const closers = new ShutdownLadder(logger);
  const stop = () => closers.closeAll();

  try {
    const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
    closers.add('mongo', () => connection.close());
    const repository = new DocumentRepository(connection);
    await repository.init();

    const ingestedTopic = overrides.ingestedTopic ?? topics.documentIngested;
    const kafka = createKafka({ clientId: 'documents', brokers: config.KAFKA_BROKERS, logger });
    await ensureTopics(kafka, [ingestedTopic]);
    const publisher = new EventPublisher(kafka, logger);
    await publisher.connect();
    closers.add('publisher', () => publisher.disconnect());

    const relay = new OutboxRelay({ model: repository.model, publisher, logger, intervalMs: config.OUTBOX_INTERVAL_MS });
    relay.start(); // first pass publishes whatever a previous run left pending
    closers.add('outbox relay', () => relay.stop());

    const documents = new DocumentService(repository, relay, (doc) => documentIngestedEvent(doc, ingestedTopic), logger);
    const grpc = await startGrpcServer({
      port: config.GRPC_PORT,
      host: overrides.grpcHost,
      services: [documentsServiceBinding({ documents, logger })],
      logger,
    });
    closers.add('grpc', () => grpc.shutdown());

    return { grpcPort: grpc.port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
