import { credentials, makeGenericClientConstructor, type Client, type ServiceError } from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';
import pino from 'pino';
import { createKafka, EventPublisher, newEventFields, renameTopic, topics, type TopicDef } from '@docket/events';
import type { DocumentIngested } from '@docket/proto/src/document-events';
import { testInfraEnv, uniqueName, waitFor } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import { configSchema } from '../../src/config';

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
  afterAll(() => app?.stop());

  it('serves gRPC health and consumes documents.ingested.v1', async () => {
    const env = testInfraEnv();
    const topic: TopicDef<DocumentIngested> = renameTopic(
      topics.documentIngested,
      `${uniqueName('alerts')}.ingested.v1`,
    );
    const seen: string[] = [];
    const config = {
      ...configSchema.parse({
        MONGO_URL: env.mongoUrl,
        KAFKA_BROKERS: env.kafkaBrokers.join(','),
        REDIS_URL: env.redisUrl,
        MONGO_DB: uniqueName('alerts_test').replace(/-/g, '_'),
      }),
      GRPC_PORT: 0,
    };
    app = await startApp(config, logger, {
      grpcHost: '127.0.0.1',
      groupId: uniqueName('alerts.percolator'),
      ingestedTopic: topic,
      updatedTopic: renameTopic(topics.documentUpdated, `${topic.name}.updated`),
      triggeredTopic: renameTopic(topics.alertTriggered, `${topic.name}.triggered`),
      // Its own exports topic too: a new consumer group reads the real one's whole history (a stack's exports).
      exportCompletedTopic: renameTopic(topics.exportCompleted, `${topic.name}.exports.completed`),
      redisPrefix: uniqueName('alerts'),
      onDocumentSeen: (id) => seen.push(id),
    });

    const health = new HealthClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
    expect(await checkHealth(health)).toBe('SERVING');
    health.close();

    const publisher = new EventPublisher(
      createKafka({ clientId: 'alerts-test', brokers: env.kafkaBrokers, logger }),
      logger,
    );
    await publisher.connect();
    await publisher.publish(topic, {
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
    });
    await publisher.disconnect();
    await waitFor(() => seen.includes('doc-1'), { description: 'the consumer to see the document' });
  });
});
