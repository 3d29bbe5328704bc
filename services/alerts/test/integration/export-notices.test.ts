import { credentials } from '@grpc/grpc-js';
import pino from 'pino';
import { createKafka, EventPublisher, newEventFields, type TopicDef } from '@docket/events';
import { AlertServiceClient } from '@docket/proto/src/alerts';
import type { ExportCompleted } from '@docket/proto/src/process-events';
import { grpcCall } from '@docket/service-kit';
import { waitFor } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import { alertsTestConfig, alertsTopics } from '../support/alerts-app';
import { SmtpSink } from '../support/smtp-sink';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
let app: RunningApp;
let client: AlertServiceClient;
let publisher: EventPublisher;
let topic: TopicDef<ExportCompleted>;
let sink: SmtpSink;
const APP_URL = 'https://docket.example.test';

beforeAll(async () => {
  sink = await SmtpSink.start();
  const config = alertsTestConfig('alerts-exports', { SMTP_URL: sink.url, PUBLIC_APP_URL: APP_URL });
  topic = alertsTopics(config).exportCompleted;
  app = await startApp(config, logger);
  client = new AlertServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
  publisher = new EventPublisher(
    createKafka({ clientId: 'alerts-exports-test', brokers: config.KAFKA_BROKERS, logger }),
    logger,
  );
  await publisher.connect();
});

afterAll(async () => {
  client?.close();
  await publisher?.disconnect();
  await app?.stop();
  await sink?.stop();
});

function completed(over: Partial<ExportCompleted>): ExportCompleted {
  return {
    ...newEventFields(),
    exportId: 'e-1',
    workspaceId: 'ws',
    userId: 'user-1',
    fileKey: 'e-1/f.csv',
    processId: 'p-1',
    requestId: 'r-1',
    succeeded: true,
    title: "Search 'rate case' — CSV",
    fileName: 'search-rate-case-2026-11-25.csv',
    size: String(3 * 2 ** 20),
    expiresAt: new Date('2026-12-25T10:00:00Z'),
    error: '',
    userEmail: '',
    ...over,
  };
}

it('exports.completed.v1 becomes an in-app notice for whoever started the export, once per event', async () => {
  const ready = completed({});
  await publisher.publish(topic, ready);
  await publisher.publish(topic, ready); // redelivered: no second notice
  await publisher.publish(
    topic,
    completed({
      exportId: 'e-2',
      processId: 'p-2',
      succeeded: false,
      error: 'the index is being swapped',
      title: 'Query — DOCX',
      size: '0',
      expiresAt: undefined,
    }),
  );

  const notices = await waitFor(
    async () => {
      const page = await grpcCall(client, 'listNotifications', {
        ownerUserId: 'user-1',
        limit: 10,
        unreadOnly: false,
        cursor: '',
      });
      return page.notifications.length === 2 ? page.notifications : undefined;
    },
    { timeoutMs: 30_000, description: 'two export notices' },
  );
  const byTitle = Object.fromEntries(notices.map((n) => [n.title, n]));
  expect(byTitle["Export ready: Search 'rate case' — CSV"]).toMatchObject({
    body: 'search-rate-case-2026-11-25.csv (3.0 MB); available until 2026-12-25',
    link: '/export/workspace/ws/request/r-1?export=e-1',
  });
  expect(byTitle['Export failed: Query — DOCX']).toMatchObject({
    body: 'the index is being swapped',
    link: '/export/workspace/ws/request/r-1?export=e-2',
  });
});

it("an export with an owner's address: one e-mail per outcome via the delivery queue, even redelivered", async () => {
  const to = 'researcher@example.test';
  const ready = completed({ exportId: 'e-mail-1', processId: 'p-mail-1', userId: 'user-2', userEmail: to });
  await publisher.publish(topic, ready);
  await publisher.publish(topic, ready); // the same event again
  await publisher.publish(topic, { ...ready, ...newEventFields() }); // the same outcome under a new event id
  // Same export, so the same partition: once its failure is mailed, every event above has been handled.
  await publisher.publish(
    topic,
    completed({
      exportId: 'e-mail-1',
      processId: 'p-mail-1',
      userId: 'user-2',
      userEmail: to,
      succeeded: false,
      error: 'the documents service did not answer',
      size: '0',
      expiresAt: undefined,
    }),
  );

  const mails = await waitFor(
    async () => {
      const ours = sink.messages.filter((m) => m.to === to);
      return ours.some((m) => m.subject.startsWith('Export failed')) &&
        ours.some((m) => m.subject.startsWith('Export ready'))
        ? ours
        : undefined;
    },
    { timeoutMs: 30_000, description: 'the ready and the failed e-mail' },
  );

  const readyMails = mails.filter((m) => m.subject === "Export ready: Search 'rate case' — CSV");
  expect(readyMails).toHaveLength(1);
  expect(sink.byKey('export:e-mail-1:email')).toHaveLength(1);
  const mail = readyMails[0]!;
  expect(mail.text).toContain('search-rate-case-2026-11-25.csv is ready to download until 25 Dec 2026.');
  expect(mail.text).toContain('Format: CSV');
  expect(mail.text).toContain('Size: 3.0 MB');
  expect(mail.text).toContain(`Open the download page: ${APP_URL}/export/workspace/ws/request/r-1?export=e-mail-1`);
  // Handlebars writes the '=' as &#x3D; in the attribute (the same URL to a mail client).
  expect(mail.html).toContain(`href="${APP_URL}/export/workspace/ws/request/r-1?export&#x3D;e-mail-1"`);
  expect(mail.html).toContain(`href="${APP_URL}/exports"`);

  const failed = mails.filter((m) => m.subject.startsWith('Export failed'));
  expect(failed).toHaveLength(1);
  expect(failed[0]!.text).toContain('Why: the documents service did not answer');
  expect(failed[0]!.text).toContain(`Retry the export: ${APP_URL}/export/workspace/ws/request/r-1?export=e-mail-1`);
});

it('an export without an address gets its in-app notice and no e-mail', async () => {
  await publisher.publish(topic, completed({ exportId: 'e-quiet', processId: 'p-quiet', userId: 'user-3' }));
  // A later outcome of the same export (same partition) with an address: once it is mailed, the first was handled.
  await publisher.publish(
    topic,
    completed({
      exportId: 'e-quiet',
      processId: 'p-quiet',
      userId: 'user-3',
      userEmail: 'quiet@example.test',
      succeeded: false,
      error: 'x',
      size: '0',
    }),
  );
  await waitFor(async () => (sink.messages.some((m) => m.to === 'quiet@example.test') ? true : undefined), {
    timeoutMs: 30_000,
    description: 'the later failure e-mail',
  });
  const page = await grpcCall(client, 'listNotifications', {
    ownerUserId: 'user-3',
    limit: 10,
    unreadOnly: false,
    cursor: '',
  });
  expect(page.notifications.map((n) => n.title).sort()).toEqual([
    "Export failed: Search 'rate case' — CSV",
    "Export ready: Search 'rate case' — CSV",
  ]);
  expect(sink.messages.filter((m) => m.to === 'quiet@example.test').map((m) => m.subject)).toEqual([
    "Export failed: Search 'rate case' — CSV",
  ]);
});
