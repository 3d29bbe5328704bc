import { credentials } from '@grpc/grpc-js';
import type { Collection } from 'mongodb';
import pino from 'pino';
import {
  createKafka,
  EventPublisher,
  kafkaNamespace,
  newEventFields,
  ProcessedEventsStore,
  topics,
  type TopicDef,
} from '@docket/events';
import { AlertServiceClient, EmailMode, type DataSubscriptionDefinition } from '@docket/proto/src/alerts';
import type { ReleasePublished } from '@docket/proto/src/document-events';
import type { ChangeLog } from '@docket/proto/src/documents';
import { connectMongo, grpcCall } from '@docket/service-kit';
import { waitFor } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import type { Config } from '../../src/config';
import { DATA_SUBSCRIPTIONS_GROUP } from '../../src/data-subscriptions/release-published.consumer';
import { HELD_CLAIM_LEASE_MS } from '../../src/delivery/delivery.repository';
import { deliveryKeys } from '../../src/domain/delivery';
import { alertsTestConfig } from '../support/alerts-app';
import { FakeDocuments } from '../support/fake-documents';
import { SmtpSink } from '../support/smtp-sink';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const APP_URL = 'https://docket.example.test';
const PRODUCT = 'rate-cases';

const change = (over: Partial<ChangeLog>): ChangeLog => ({
  added: '0',
  removed: '0',
  changed: '0',
  columns: [],
  columnsAdded: [],
  columnsRemoved: [],
  summary: 'No changes',
  ...over,
});

// Release 2 adds a New York proceeding and changes nothing in Texas.
const documents = new FakeDocuments({
  id: PRODUCT,
  name: 'Rate-case tracker',
  columns: ['docket', 'state', 'utility'],
  releases: [
    {
      id: 'rel-2',
      version: '2026-11',
      changeLog: change({ added: '1', summary: '1 new proceeding' }),
      byValue: { NY: change({ added: '1', summary: '1 new proceeding' }) },
    },
  ],
});

let config: Config;
let app: RunningApp | undefined;
let client: AlertServiceClient;
let publisher: EventPublisher;
let topic: TopicDef<ReleasePublished>;
let sink: SmtpSink;
let processed: { has(eventId: string): Promise<boolean>; close(): Promise<void> };
let deliveries: Collection<{ ownerUserId: string; status: string }>;

beforeAll(async () => {
  sink = await SmtpSink.start();
  const documentsTarget = await documents.start(logger);
  config = alertsTestConfig('alerts-data-subscriptions', {
    SMTP_URL: sink.url,
    PUBLIC_APP_URL: APP_URL,
    DOCUMENTS_GRPC: documentsTarget,
  });
  topic = kafkaNamespace(config.KAFKA_NAMESPACE).topic(topics.releasePublished);
  app = await startApp(config, logger);
  client = new AlertServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
  publisher = new EventPublisher(
    createKafka({ clientId: 'alerts-data-subscriptions-test', brokers: config.KAFKA_BROKERS, logger }),
    logger,
  );
  await publisher.connect();
  const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const store = new ProcessedEventsStore(connection);
  const group = kafkaNamespace(config.KAFKA_NAMESPACE).group(DATA_SUBSCRIPTIONS_GROUP);
  processed = { has: (eventId) => store.has(group, eventId), close: () => connection.close() };
  deliveries = connection.db!.collection('deliveries');
});

afterAll(async () => {
  client?.close();
  await publisher?.disconnect();
  await processed?.close();
  await app?.stop();
  await documents.stop();
  await sink?.stop();
});

function definition(state: string, over: Partial<DataSubscriptionDefinition> = {}): DataSubscriptionDefinition {
  return {
    dataProductId: PRODUCT,
    channels: { inApp: true, email: EmailMode.EMAIL_MODE_IMMEDIATE, webhookEndpointId: '' },
    filters: [{ column: 'state', op: 'in', values: [state], text: '', min: '', max: '' }],
    ...over,
  };
}

/** A subscriber who takes e-mail in the daily digest, and release rel-2 published and handled. */
async function digestSubscriberHearsOfRelease(ownerUserId: string, ownerEmail: string): Promise<void> {
  await grpcCall(client, 'createDataSubscription', {
    ownerUserId,
    ownerEmail,
    definition: definition('NY', {
      channels: { inApp: false, email: EmailMode.EMAIL_MODE_DIGEST, webhookEndpointId: '' },
    }),
  });
  const event: ReleasePublished = {
    ...newEventFields(),
    dataProductId: PRODUCT,
    releaseId: 'rel-2',
    version: '2026-11',
  };
  await publisher.publish(topic, event);
  await waitFor(() => processed.has(event.eventId), { timeoutMs: 30_000, description: 'the release event handled' });
}

async function notificationsOf(ownerUserId: string) {
  const page = await grpcCall(client, 'listNotifications', { ownerUserId, limit: 20, unreadOnly: false, cursor: '' });
  return page.notifications;
}

async function restart(): Promise<void> {
  client.close();
  await app?.stop();
  app = undefined;
  app = await startApp(config, logger);
  client = new AlertServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
}

it('refuses a subscription naming what is wrong, and one per user and product', async () => {
  await expect(
    grpcCall(client, 'createDataSubscription', {
      ownerUserId: 'u-x',
      ownerEmail: '',
      definition: definition('NY', {
        filters: [{ column: 'county', op: 'in', values: ['Kings'], text: '', min: '', max: '' }],
      }),
    }),
  ).rejects.toMatchObject({ issues: [expect.objectContaining({ path: 'filters[0].column' })] });
  await expect(
    grpcCall(client, 'createDataSubscription', {
      ownerUserId: 'u-x',
      ownerEmail: '',
      definition: definition('NY', { dataProductId: 'no-such-product' }),
    }),
  ).rejects.toMatchObject({ issues: [expect.objectContaining({ path: 'data_product_id' })] });
});

it('a release reaches only the subscriber whose filter matches, once, across redelivery and restarts', async () => {
  const ny = await grpcCall(client, 'createDataSubscription', {
    ownerUserId: 'u-ny',
    ownerEmail: 'ny@example.test',
    definition: definition('NY'),
  });
  await grpcCall(client, 'createDataSubscription', {
    ownerUserId: 'u-tx',
    ownerEmail: 'tx@example.test',
    definition: definition('TX'),
  });
  await expect(
    grpcCall(client, 'createDataSubscription', { ownerUserId: 'u-ny', ownerEmail: '', definition: definition('NJ') }),
  ).rejects.toMatchObject({ name: 'ConflictError' });
  const listed = await grpcCall(client, 'listDataSubscriptions', { ownerUserId: 'u-ny', dataProductId: PRODUCT });
  expect(listed.subscriptions.map((s) => [s.id, s.dataProductName])).toEqual([
    [ny.subscription!.id, 'Rate-case tracker'],
  ]);

  // The first count for the New York rows fails (the documents service restarting): the handler is
  // retried, and whatever it had done before the failure is not done twice.
  documents.failing = { value: 'NY', failures: 1 };
  const event: ReleasePublished = {
    ...newEventFields(),
    dataProductId: PRODUCT,
    releaseId: 'rel-2',
    version: '2026-11',
  };
  await publisher.publish(topic, event);
  await publisher.publish(topic, event); // redelivered
  await waitFor(() => processed.has(event.eventId), { timeoutMs: 30_000, description: 'the release event handled' });

  // A restart, then the same release again under a new event id (a republished outbox row).
  await restart();
  const again: ReleasePublished = { ...event, ...newEventFields() };
  await publisher.publish(topic, again);
  await waitFor(() => processed.has(again.eventId), { timeoutMs: 60_000, description: 'the second event handled' });

  expect(documents.failing.failures).toBe(0); // the failure did happen
  const notices = await notificationsOf('u-ny');
  expect(notices).toHaveLength(1);
  expect(notices[0]).toMatchObject({
    title: 'Rate-case tracker: release 2026-11 published',
    body: 'Rows where state is NY: 1 new proceeding',
    link: '/data-subscriptions/rate-cases/change-log?release=rel-2',
  });
  expect(await notificationsOf('u-tx')).toEqual([]);

  const mails = await waitFor(
    async () => {
      const ours = sink.messages.filter((m) => m.to === 'ny@example.test');
      return ours.length > 0 ? ours : undefined;
    },
    { timeoutMs: 30_000, description: 'the release e-mail' },
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // a duplicate would have arrived by now
  expect(sink.messages.filter((m) => m.to === 'ny@example.test')).toHaveLength(1);
  expect(mails[0]!.subject).toBe('Rate-case tracker: release 2026-11 published');
  expect(mails[0]!.text).toContain(
    `Open the change log: ${APP_URL}/data-subscriptions/rate-cases/change-log?release=rel-2`,
  );
  expect(sink.messages.some((m) => m.to === 'tx@example.test')).toBe(false);

  const after = await grpcCall(client, 'listDataSubscriptions', { ownerUserId: 'u-ny', dataProductId: '' });
  expect(after.subscriptions[0]!.lastReleaseId).toBe('rel-2');
});

it('an unfiltered subscriber hears of any change; update and delete are the owner’s only', async () => {
  const created = await grpcCall(client, 'createDataSubscription', {
    ownerUserId: 'u-all',
    ownerEmail: '',
    definition: definition('', { filters: [], channels: { inApp: true, email: 0, webhookEndpointId: '' } }),
  });
  const id = created.subscription!.id;
  await expect(
    grpcCall(client, 'deleteDataSubscription', { ownerUserId: 'u-ny', subscriptionId: id }),
  ).rejects.toMatchObject({ name: 'NotFoundError' });
  const updated = await grpcCall(client, 'updateDataSubscription', {
    ownerUserId: 'u-all',
    ownerEmail: '',
    subscriptionId: id,
    definition: definition('NY', { dataProductId: 'ignored' }),
  });
  expect(updated.subscription!.definition!.dataProductId).toBe(PRODUCT);
  expect(updated.subscription!.definition!.filters.map((f) => f.values)).toEqual([['NY']]);
  await grpcCall(client, 'updateDataSubscription', {
    ownerUserId: 'u-all',
    ownerEmail: '',
    subscriptionId: id,
    definition: definition('', { filters: [] }),
  });

  const event: ReleasePublished = {
    ...newEventFields(),
    dataProductId: PRODUCT,
    releaseId: 'rel-2',
    version: '2026-11',
  };
  await publisher.publish(topic, event);
  await waitFor(() => processed.has(event.eventId), { timeoutMs: 30_000, description: 'the release event handled' });
  const notices = await notificationsOf('u-all');
  expect(notices.map((n) => n.body)).toEqual(['1 new proceeding']);

  await grpcCall(client, 'deleteDataSubscription', { ownerUserId: 'u-all', subscriptionId: id });
  expect(
    (await grpcCall(client, 'listDataSubscriptions', { ownerUserId: 'u-all', dataProductId: '' })).subscriptions,
  ).toEqual([]);
});

it('a digest-mode subscriber gets the release in the daily digest of their window, once', async () => {
  await digestSubscriberHearsOfRelease('u-digest', 'digest@example.test');
  const mailsOf = () => sink.messages.filter((m) => m.to === 'digest@example.test');
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(mailsOf()).toHaveLength(0); // held for the digest, not sent on its own

  // No daily alert: the default hour, 08:00 UTC. 07:00 is not it.
  expect(await app!.delivery.digests.planWindow(new Date('2026-11-25T07:00:00Z'))).toMatchObject({ deliveries: 0 });
  const window = new Date('2026-11-25T08:00:00Z');
  expect(await app!.delivery.digests.planWindow(window)).toMatchObject({ users: 1, deliveries: 1 });
  const [mail] = await waitFor(() => (mailsOf().length > 0 ? mailsOf() : undefined), {
    timeoutMs: 30_000,
    description: 'the digest e-mail',
  });
  expect(mail!.subject).toBe('Your daily digest: 1 data product release');
  expect(mail!.text).toContain('== Data products');
  expect(mail!.text).toContain('- Rate-case tracker, release 2026-11');
  expect(mail!.text).toContain('Rows where state is NY: 1 new proceeding');
  expect(mail!.text).toContain(`${APP_URL}/data-subscriptions/rate-cases/change-log?release=rel-2`);

  // The same window again (a retried tick) and the next day's: nothing more.
  expect(await app!.delivery.digests.planWindow(window)).toMatchObject({ deliveries: 0 });
  expect(await app!.delivery.digests.planWindow(new Date('2026-11-26T08:00:00Z'))).toMatchObject({ deliveries: 0 });
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // a duplicate would have arrived by now
  expect(mailsOf()).toHaveLength(1);
});

it("a digest that never finished gives its claim on a held release up: the next day's digest carries it", async () => {
  await digestSubscriberHearsOfRelease('u-abandoned', 'abandoned@example.test');
  // The day before's digest claimed the release, then every retry of its window failed: the claim is
  // left behind, older than the lease, and no e-mail of that digest was recorded.
  const abandoned = await deliveries.updateMany(
    { ownerUserId: 'u-abandoned', status: 'held' },
    {
      $set: {
        hitGroup: deliveryKeys.digestGroup('u-abandoned', 'daily', new Date('2026-11-26T08:00:00Z')),
        updatedAt: new Date(Date.now() - 2 * HELD_CLAIM_LEASE_MS),
      },
    },
  );
  expect(abandoned.modifiedCount).toBe(1);

  expect(await app!.delivery.digests.planWindow(new Date('2026-11-27T08:00:00Z'))).toMatchObject({
    users: 1,
    deliveries: 1,
  });
  const [mail] = await waitFor(
    () => {
      const mails = sink.messages.filter((m) => m.to === 'abandoned@example.test');
      return mails.length > 0 ? mails : undefined;
    },
    { timeoutMs: 30_000, description: "the next day's digest e-mail" },
  );
  expect(mail!.text).toContain('- Rate-case tracker, release 2026-11');
  expect(await deliveries.countDocuments({ ownerUserId: 'u-abandoned', status: 'held' })).toBe(0);
});
