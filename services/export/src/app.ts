import { createKafka, ensureTopics, topics, type TopicDef } from '@docket/events';
import type { Logger } from '@docket/observability';
import { connectMongo, startGrpcServer, type StartedService, ShutdownLadder } from '@docket/service-kit';
import type { ProcessUpdated } from '@docket/proto/src/gen/research/export/events/v1/processes';
import type { Config } from './config';
import { PROCESSES_GROUP, ProcessUpdatedConsumer } from './events/process-updated.consumer';
import { processServiceBinding } from './grpc/processes.grpc';
import { ProcessChanges } from './service/process-changes';
import { DEFAULT_WATCH_TIMINGS, ProcessService, type WatchTimings } from './service/process.service';
import { ProcessRepository } from './store/process.repository';

/** Names and timings tests replace so suites sharing Kafka do not interfere. */
export interface AppOverrides {
  grpcHost?: string;
  groupId?: string;
  processTopic?: TopicDef<ProcessUpdated>;
  watchTimings?: WatchTimings;
}

export interface RunningApp extends StartedService {
  grpcPort: number;
}

/**
 * Wires the export service (processes for now): processes.updated.v1 → Mongo; ProcessService over
 * gRPC. `stop` drains in reverse order: gRPC first, then the consumer, then Mongo.
 */
export async function startApp(config: Config, logger: Logger, overrides: AppOverrides = {}): Promise<RunningApp> {
  const closers = new ShutdownLadder(logger);
  const stop = () => closers.closeAll();

  try {
    const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
    closers.add('mongo', () => connection.close());
    const repository = new ProcessRepository(connection);
    await repository.init();
    const processes = new ProcessService(repository, new ProcessChanges(), logger, overrides.watchTimings ?? DEFAULT_WATCH_TIMINGS);

    const processTopic = overrides.processTopic ?? topics.processUpdated;
    const kafka = createKafka({ clientId: 'export', brokers: config.KAFKA_BROKERS, logger });
    await ensureTopics(kafka, [processTopic]);
    const consumer = new ProcessUpdatedConsumer({
      kafka, connection, logger, processes, groupId: overrides.groupId ?? PROCESSES_GROUP, topic: processTopic,
    });
    await consumer.start();
    closers.add('consumer', () => consumer.stop());

    const grpc = await startGrpcServer({
      port: config.GRPC_PORT,
      host: overrides.grpcHost,
      services: [processServiceBinding({ processes, logger })],
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
