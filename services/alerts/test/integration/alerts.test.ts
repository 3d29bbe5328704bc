import { credentials, makeGenericClientConstructor, type Client, type ServiceError } from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { createKafka, EventPublisher, newEventFields } from '@docket/events';
import { startApp, type RunningApp } from '../../src/app';
import { alertsTestConfig, alertsTopics, PercolatorProgress } from '../support/alerts-app';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const HealthClient = makeGenericClientConstructor(healthService, 'grpc.health.v1.Health');

function checkHealth(client: Client): Promise<string> {
  return new Promise((resolve, reject) => {
    (
      client as unknown as { check: (req: object, cb: (e: ServiceError | null, r: { status: string }) => void) => void }
    ).check({ service: '' }, (error, response) => (error ? reject(error) : resolve(response.status)));
  });
}

describe('alerts service foundation', () => {
  let app: RunningApp | undefined;
  let connection: Connection | undefined;
  afterAll(async () => {
    await app?.stop();
    await connection?.dropDatabase();
    await connection?.close();
  });

  it('serves gRPC health and consumes documents.ingested.v1', async () => {
    const config = alertsTestConfig('alerts');
    app = await startApp(config, logger);
    connection = await mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB }).asPromise();

    const health = new HealthClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
    expect(await checkHealth(health)).toBe('SERVING');
    health.close();

    const publisher = new EventPublisher(
      createKafka({ clientId: 'alerts-test', brokers: config.KAFKA_BROKERS, logger }),
      logger,
    );
    await publisher.connect();
    const event = {
      ...newEventFields(),
      documentId: 'doc-1',
      title: 't',
      text: 'x',
      sourceId: '',
      docketNumber: '',
      filingType: '',
      sha256: '',
      filingCategory: '',
      filers: [],
      parties: [],
      description: '',
      language: '',
      docketId: '',
      sourceName: '',
      entities: [],
      pages: [],
    };
    await publisher.publish(alertsTopics(config).ingested, event);
    await publisher.disconnect();
    await new PercolatorProgress(config).caughtUp();
  });
});
