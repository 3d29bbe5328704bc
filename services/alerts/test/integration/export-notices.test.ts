import { credentials } from '@grpc/grpc-js';
import pino from 'pino';
import { createKafka, EventPublisher, newEventFields, renameTopic, topics, type TopicDef } from '@docket/events';
import { grpcCall } from '@docket/service-kit';
import { testInfraEnv, uniqueName, waitFor } from '@docket/testkit';
import { AlertServiceClient } from '@docket/proto/src/gen/research/alerts/v1/alerts';
import type { ExportCompleted } from '@docket/proto/src/gen/research/export/events/v1/processes';
import { startApp, type RunningApp } from '../../src/app';
import { configSchema } from '../../src/config';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
let app: RunningApp;
let client: AlertServiceClient;
let publisher: EventPublisher;
let topic: TopicDef<ExportCompleted>;

beforeAll(async () => {
  const env = testInfraEnv();
  const name = uniqueName('alerts-exports');
  topic = renameTopic(topics.exportCompleted, `${name}.exports.completed.v1`);
  const config = { ...configSchema.parse({ MONGO_URL: env.mongoUrl, KAFKA_BROKERS: env.kafkaBrokers.join(','), REDIS_URL: env.redisUrl, MONGO_DB: name.replace(/-/g, '_') }), GRPC_PORT: 0 };
  app = await startApp(config, logger, {
    grpcHost: '127.0.0.1', groupId: uniqueName('alerts.percolator'), redisPrefix: name, exportCompletedTopic: topic,
    ingestedTopic: renameTopic(topics.documentIngested, `${name}.ingested.v1`), updatedTopic: renameTopic(topics.documentUpdated, `${name}.updated.v1`),
    triggeredTopic: renameTopic(topics.alertTriggered, `${name}.triggered.v1`),
  });
  client = new AlertServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
  publisher = new EventPublisher(createKafka({ clientId: 'alerts-exports-test', brokers: env.kafkaBrokers, logger }), logger);
  await publisher.connect();
});

afterAll(async () => {
  client?.close();
  await publisher?.disconnect();
  await app?.stop();
});

function completed(over: Partial<ExportCompleted>): ExportCompleted {
  return {
    ...newEventFields(), exportId: 'e-1', workspaceId: 'ws', userId: 'user-1', fileKey: 'e-1/f.csv', processId: 'p-1', requestId: 'r-1', succeeded: true,
    title: "Search 'rate case' — CSV", fileName: 'search-rate-case-2026-11-25.csv', size: String(3 * 2 ** 20), expiresAt: new Date('2026-12-25T10:00:00Z'), error: '', ...over,
  };
}

it('exports.completed.v1 becomes an in-app notice for whoever started the export, once per event', async () => {
  const ready = completed({});
  await publisher.publish(topic, ready);
  await publisher.publish(topic, ready); // redelivered: no second notice
  await publisher.publish(topic, completed({ exportId: 'e-2', processId: 'p-2', succeeded: false, error: 'the index is being swapped', title: 'Query — DOCX', size: '0', expiresAt: undefined }));

  const notices = await waitFor(async () => {
    const page = await grpcCall(client, 'listNotifications', { ownerUserId: 'user-1', limit: 10, unreadOnly: false, cursor: '' });
    return page.notifications.length === 2 ? page.notifications : undefined;
  }, { timeoutMs: 30_000, description: 'two export notices' });
  const byTitle = Object.fromEntries(notices.map((n) => [n.title, n]));
  expect(byTitle["Export ready: Search 'rate case' — CSV"]).toMatchObject({
    body: 'search-rate-case-2026-11-25.csv (3.0 MB); available until 2026-12-25', link: '/processes/p-1',
  });
  expect(byTitle['Export failed: Query — DOCX']).toMatchObject({ body: 'the index is being swapped', link: '/processes/p-2' });
});
