import { createKafka, ensureTopics, topics, type TopicDef } from '@docket/events';
import type { Logger } from '@docket/observability';
import { connectMongo, startGrpcServer, type StartedService, ShutdownLadder } from '@docket/service-kit';
import type { DocumentIngested } from '@docket/proto/src/gen/research/documents/events/v1/documents';
import type { Config } from './config';
import { DocumentIngestedConsumer, PERCOLATOR_GROUP } from './events/document-ingested.consumer';

/** Names tests replace so suites sharing Kafka do not interfere. */
export interface AppOverrides {
  grpcHost?: string;
  groupId?: string;
  ingestedTopic?: TopicDef<DocumentIngested>;
  onDocumentSeen?: (documentId: string) => void;
}

export interface RunningApp extends StartedService {
  grpcPort: number;
}

/**
 * Wires the alerts service foundation: Mongo, the percolator's consumer on documents.ingested.v1,
 * and a gRPC server with only the health service until the alerts API exists.
 */
export async function startApp(config: Config, logger: Logger, overrides: AppOverrides = {}): Promise<RunningApp> {
  const closers = new ShutdownLadder(logger);
  const stop = () => closers.closeAll();

  try {
    const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
    closers.add('mongo', () => connection.close());

    const ingestedTopic = overrides.ingestedTopic ?? topics.documentIngested;
    const kafka = createKafka({ clientId: 'alerts', brokers: config.KAFKA_BROKERS, logger });
    await ensureTopics(kafka, [ingestedTopic]);
    const consumer = new DocumentIngestedConsumer({
      kafka, connection, logger, groupId: overrides.groupId ?? PERCOLATOR_GROUP, topic: ingestedTopic, onSeen: overrides.onDocumentSeen,
    });
    await consumer.start();
    closers.add('consumer', () => consumer.stop());

    const grpc = await startGrpcServer({ port: config.GRPC_PORT, host: overrides.grpcHost, services: [], logger });
    closers.add('grpc', () => grpc.shutdown());

    return { grpcPort: grpc.port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
