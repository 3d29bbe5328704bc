import { credentials, type ClientReadableStream } from '@grpc/grpc-js';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { InputError, NotFoundError } from '@docket/errors';
import {
  createKafka,
  ensureTopics,
  EventConsumer,
  EventPublisher,
  newEventFields,
  type TopicDef,
} from '@docket/events';
import type { AlertTriggered } from '@docket/proto/src/alert-events';
import {
  AlertKind,
  AlertServiceClient,
  Cadence,
  Channel,
  DeliveryKind,
  type AlertDefinition,
  type WatchNotificationsResponse,
} from '@docket/proto/src/alerts';
import type { DocumentIngested, DocumentUpdated } from '@docket/proto/src/document-events';
import { grpcCall } from '@docket/service-kit';
import { uniqueName, waitFor } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import { configSchema, type Config } from '../../src/config';
import { alertDefinition, documentIngested } from '../support/alert-fixtures';
import { alertsTestEnv, alertsTopics, PercolatorProgress } from '../support/alerts-app';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const env = alertsTestEnv('alerts-perc', { ALERTS_MAX_PER_USER: '4' });
const config = configFor();
const { ingested: ingestedTopic, updated: updatedTopic, triggered: triggeredTopic } = alertsTopics(config);

const triggered: AlertTriggered[] = [];
let app: RunningApp;
let client: AlertServiceClient;
let publisher: EventPublisher;
let triggeredConsumer: EventConsumer;
let connection: Connection;
let percolator: PercolatorProgress;
let documentCount = 0;

function configFor(over: Record<string, string> = {}): Config {
  return { ...configSchema.parse({ ...env, ...over }), GRPC_PORT: 0 };
}

beforeAll(async () => {
  app = await startApp(config, logger);
  client = new AlertServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
  const kafka = createKafka({ clientId: 'alerts-perc-test', brokers: config.KAFKA_BROKERS, logger });
  publisher = new EventPublisher(kafka, logger);
  await publisher.connect();
  connection = mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB });
  await connection.asPromise();
  percolator = new PercolatorProgress(config);
  await ensureTopics(kafka, [triggeredTopic]);
  triggeredConsumer = new EventConsumer({
    kafka,
    groupId: uniqueName('alerts-perc-test.triggered'),
    connection,
    logger,
  }).on(triggeredTopic, async (event) => {
    triggered.push(event);
  });
  await triggeredConsumer.start();
});

afterAll(async () => {
  client?.close();
  await triggeredConsumer?.stop();
  await publisher?.disconnect();
  await app?.stop();
  await connection?.dropDatabase();
  await connection?.close();
});

const definition = alertDefinition;

function documentEvent(over: Partial<DocumentIngested> = {}): DocumentIngested {
  documentCount += 1;
  return documentIngested(`doc-${config.KAFKA_NAMESPACE}-${documentCount}`, over);
}

/** Publishes the event and waits until the percolator has handled it. */
async function ingest(
  event: DocumentIngested,
  topic: TopicDef<DocumentIngested> | TopicDef<DocumentUpdated> = ingestedTopic,
): Promise<void> {
  await publisher.publish(topic as TopicDef<DocumentIngested>, event);
  await percolator.caughtUp();
}

const create = (owner: string, over: Partial<AlertDefinition> = {}) =>
  grpcCall(client, 'createAlert', {
    ownerUserId: owner,
    ownerEmail: `${owner}@example.com`,
    definition: definition(over),
  }).then((r) => r.alert!);
const hitsOf = (owner: string, alertId: string) =>
  grpcCall(client, 'listAlertHits', { ownerUserId: owner, alertId, limit: 50 }).then((r) => r.hits);
const deliveriesOf = (owner: string, alertId: string) =>
  grpcCall(client, 'listDeliveries', { ownerUserId: owner, alertId, limit: 50 }).then((r) => r.deliveries);

describe('percolation', () => {
  it('stores a hit with a marked snippet, counts it, emits alerts.triggered.v1 and hands it to delivery', async () => {
    const alert = await create('ann');
    const event = documentEvent();
    await ingest(event);

    const hits = await hitsOf('ann', alert.id);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      documentId: event.documentId,
      title: event.title,
      docketNumber: 'RP24-100-000',
      sourceName: 'Federal Energy Regulatory Commission',
      filingType: 'Order',
    });
    expect(hits[0]!.snippet).toContain('\uE000pipeline\uE001 \uE000tariff\uE001 revisions');
    const got = await grpcCall(client, 'getAlert', { ownerUserId: 'ann', alertId: alert.id }).then((r) => r.alert!);
    expect(got.hitsTotal).toBe('1');
    expect(got.hitsThisWeek).toBe('1');
    expect(got.lastHitAt).toBeInstanceOf(Date);
    const listed = await grpcCall(client, 'listAlerts', { ownerUserId: 'ann', kind: AlertKind.ALERT_KIND_UNSPECIFIED });
    expect(listed.alerts.find((a) => a.id === alert.id)?.hitsThisWeek).toBe('1');

    await waitFor(() => triggered.some((t) => t.subscriptionId === alert.id), {
      description: 'alerts.triggered.v1 for the alert',
    });
    expect(triggered.find((t) => t.subscriptionId === alert.id)).toMatchObject({
      userId: 'ann',
      documentIds: [event.documentId],
    });
    // Delivery took the hit: one real-time in-app message, recorded as carrying it, then delivered.
    expect(hits[0]!.deliveryKey).not.toBe('');
    expect(await deliveriesOf('ann', alert.id)).toMatchObject([
      { kind: DeliveryKind.DELIVERY_KIND_REALTIME, channel: Channel.CHANNEL_IN_APP, documentCount: 1 },
    ]);
    await waitFor(
      async () =>
        (
          await grpcCall(client, 'listNotifications', { ownerUserId: 'ann', limit: 10, unreadOnly: false, cursor: '' })
        ).notifications.some((n) => n.documentId === event.documentId),
      { description: "the hit's in-app notification" },
    );
  });

  it('no second hit or event when the document comes again (same event, or a new event for it)', async () => {
    const alert = await create('ben', { query: 'natural gas' });
    const event = documentEvent();
    await ingest(event);
    await waitFor(() => triggered.some((t) => t.subscriptionId === alert.id), {
      description: 'the first alerts.triggered.v1',
    });
    // The same event again (as a relay publishing twice) and a new event for the same document both
    // reach the percolator, which keeps no processed-event records, and meet the unique hit.
    await publisher.publish(ingestedTopic, event);
    await ingest({ ...event, ...newEventFields() });

    expect(await hitsOf('ben', alert.id)).toHaveLength(1);
    const got = await grpcCall(client, 'getAlert', { ownerUserId: 'ben', alertId: alert.id }).then((r) => r.alert!);
    expect(got.hitsTotal).toBe('1');
    // One hit document ever held an outbox entry for this alert, and the relay has published it.
    expect(await connection.collection('hits').countDocuments({ alertId: alert.id })).toBe(1);
    await waitFor(
      async () =>
        (await connection
          .collection('hits')
          .countDocuments({ alertId: alert.id, 'pendingEvents.0': { $exists: true } })) === 0,
      { description: 'the outbox to drain' },
    );
    expect(triggered.filter((t) => t.subscriptionId === alert.id)).toHaveLength(1);
    // One message for the one hit, however often its document came.
    expect(await deliveriesOf('ben', alert.id)).toHaveLength(1);
  });

  it('delivers a hit stored before a crash but never handed to delivery, when its document comes again', async () => {
    const alert = await create('dee', { query: 'pipeline' });
    const event = documentEvent();
    // As a percolator killed between storing the hit and planning its delivery leaves it.
    await connection.collection<{ _id: string } & Record<string, unknown>>('hits').insertOne({
      _id: `hit-${event.documentId}`,
      alertId: alert.id,
      ownerUserId: 'dee',
      documentId: event.documentId,
      title: event.title,
      snippet: 'stored before the crash',
      docketNumber: '',
      sourceName: '',
      filingType: '',
      matchedAt: new Date(),
      deliveryKey: '',
    });
    await ingest(event);

    const hits = await hitsOf('dee', alert.id);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ id: `hit-${event.documentId}`, snippet: 'stored before the crash' });
    expect(hits[0]!.deliveryKey).not.toBe('');
    expect(await deliveriesOf('dee', alert.id)).toMatchObject([{ kind: DeliveryKind.DELIVERY_KIND_REALTIME }]);
  });

  it('matches documents.updated.v1: a document that now matches gets its hit', async () => {
    const alert = await create('cy', { query: 'merger' });
    const event = documentEvent();
    await ingest(event);
    expect(await hitsOf('cy', alert.id)).toHaveLength(0);
    await ingest({ ...event, ...newEventFields(), text: `${event.text} The merger is approved.` }, updatedTopic);
    const hits = await hitsOf('cy', alert.id);
    expect(hits).toHaveLength(1);
    expect(hits[0]!.snippet).toContain('\uE000merger\uE001');
  });

  it("applies the filters with the query, and matches a docket follow with the document's opening", async () => {
    const filtered = await create('dee', {
      query: 'tariff',
      filters: { agencies: ['cpuc'], filingTypes: [], dockets: [], parties: [], filedFrom: '', filedTo: '' },
    });
    const follow = await grpcCall(client, 'followDocket', {
      ownerUserId: 'dee',
      ownerEmail: 'dee@example.com',
      docket: { docketId: '', docketNumber: 'rp24 100 000', title: 'Northern rate case', sourceName: 'FERC' },
      schedule: undefined,
      channels: undefined,
    }).then((r) => r.alert!);
    expect(follow.kind).toBe(AlertKind.ALERT_KIND_DOCKET);
    const again = await grpcCall(client, 'followDocket', {
      ownerUserId: 'dee',
      ownerEmail: 'dee@example.com',
      docket: { docketId: '', docketNumber: 'RP24-100-000', title: '', sourceName: '' },
      schedule: undefined,
      channels: undefined,
    }).then((r) => r.alert!);
    expect(again.id).toBe(follow.id);

    const event = documentEvent();
    await ingest(event);
    expect(await hitsOf('dee', filtered.id)).toHaveLength(0);
    const hits = await hitsOf('dee', follow.id);
    expect(hits).toHaveLength(1);
    expect(hits[0]!.snippet).toBe(event.text);
  });

  it('does not match a paused alert, and matches again once resumed', async () => {
    const alert = await create('eve', { query: 'northern' });
    const paused = await grpcCall(client, 'setAlertPaused', {
      ownerUserId: 'eve',
      alertId: alert.id,
      paused: true,
    }).then((r) => r.alert!);
    expect(paused.paused).toBe(true);
    await ingest(documentEvent());
    expect(await hitsOf('eve', alert.id)).toHaveLength(0);
    await grpcCall(client, 'setAlertPaused', { ownerUserId: 'eve', alertId: alert.id, paused: false });
    await ingest(documentEvent());
    expect(await hitsOf('eve', alert.id)).toHaveLength(1);
  });

  it('deletes an alert with its hits', async () => {
    const alert = await create('fay', { query: 'northern' });
    await ingest(documentEvent());
    expect(await hitsOf('fay', alert.id)).toHaveLength(1);
    await grpcCall(client, 'deleteAlert', { ownerUserId: 'fay', alertId: alert.id });
    await expect(grpcCall(client, 'getAlert', { ownerUserId: 'fay', alertId: alert.id })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(await connection.collection('hits').countDocuments({ alertId: alert.id })).toBe(0);
    await ingest(documentEvent());
    expect(await connection.collection('hits').countDocuments({ alertId: alert.id })).toBe(0);
  });

  // The index is refreshed from the store; a watcher on one process hears of a notification the other wrote.
  it('two alerts processes: one matches an alert created via the other, and hears its notifications', async () => {
    // The same database, Redis channels and queues, but Kafka names of its own: the documents it is
    // sent reach it alone, so a hit proves that its index has the alert.
    const otherConfig = configFor({
      ALERTS_INDEX_REFRESH_MS: '200',
      KAFKA_NAMESPACE: `${config.KAFKA_NAMESPACE}.other`,
    });
    const otherTopic = alertsTopics(otherConfig).ingested;
    const otherPercolator = new PercolatorProgress(otherConfig);
    const other = await startApp(otherConfig, logger);
    try {
      const alert = await create('gus', { query: 'comments' });
      await waitFor(
        async () => {
          const event = documentEvent();
          await publisher.publish(otherTopic, event);
          await otherPercolator.caughtUp();
          return (await hitsOf('gus', alert.id)).length > 0;
        },
        { description: 'the other process to match the new alert', timeoutMs: 15_000 },
      );

      const otherClient = new AlertServiceClient(`127.0.0.1:${other.grpcPort}`, credentials.createInsecure());
      const updates: WatchNotificationsResponse[] = [];
      const stream = otherClient.watchNotifications({ ownerUserId: 'gus' });
      const ended = new Promise<void>((resolve) => {
        stream.on('error', () => resolve());
        stream.on('end', () => resolve());
      });
      stream.on('data', (update: WatchNotificationsResponse) => updates.push(update));
      await waitFor(() => updates.length >= 1, { description: 'the first unread count from the other process' });
      await app.notifications.notify({
        key: `test:gus:${alert.id}`,
        ownerUserId: 'gus',
        kind: 'hit',
        title: 'From the first process',
        body: '',
        link: '/alerts',
      });
      await waitFor(() => updates.some((u) => u.notification?.title === 'From the first process'), {
        description: 'the other process to relay the notification',
      });
      stream.cancel();
      await ended;
      otherClient.close();
    } finally {
      await other.stop();
    }
  });
});

describe('AlertService', () => {
  it('another process matches the first document filed after an alert was saved, with its timer far off', async () => {
    // Its timed refresh never comes during the test: only the change mark the save set tells it to read.
    const otherConfig = configFor({
      ALERTS_INDEX_REFRESH_MS: '600000',
      KAFKA_NAMESPACE: `${config.KAFKA_NAMESPACE}.marked`,
    });
    const otherTopic = alertsTopics(otherConfig).ingested;
    const otherPercolator = new PercolatorProgress(otherConfig);
    const other = await startApp(otherConfig, logger);
    try {
      // A document first: the other process has then read the store since its start.
      const before = documentEvent();
      await publisher.publish(otherTopic, before);
      await otherPercolator.caughtUp();

      const alert = await create('hal', { query: 'comments' });
      const after = documentEvent();
      await publisher.publish(otherTopic, after);
      await otherPercolator.caughtUp();
      expect((await hitsOf('hal', alert.id)).map((hit) => hit.documentId)).toEqual([after.documentId]);
    } finally {
      await other.stop();
    }
  });

  it("answers NOT_FOUND for another user's alert, whatever the call", async () => {
    const alert = await create('hal');
    const other = { ownerUserId: 'ivy', alertId: alert.id };
    await expect(grpcCall(client, 'getAlert', other)).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      grpcCall(client, 'updateAlert', { ...other, ownerEmail: '', definition: definition() }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(grpcCall(client, 'setAlertPaused', { ...other, paused: true })).rejects.toBeInstanceOf(NotFoundError);
    await expect(grpcCall(client, 'listAlertHits', { ...other, limit: 5 })).rejects.toBeInstanceOf(NotFoundError);
    await expect(grpcCall(client, 'deleteAlert', other)).rejects.toBeInstanceOf(NotFoundError);
    expect(
      (await grpcCall(client, 'listAlerts', { ownerUserId: 'ivy', kind: AlertKind.ALERT_KIND_UNSPECIFIED })).alerts,
    ).toHaveLength(0);
    expect((await grpcCall(client, 'getAlert', { ownerUserId: 'hal', alertId: alert.id })).alert?.id).toBe(alert.id);
  });

  it('updates every field of an alert and its matching', async () => {
    const alert = await create('jo', { query: 'nothing-like-this' });
    const updated = await grpcCall(client, 'updateAlert', {
      ownerUserId: 'jo',
      ownerEmail: 'jo@example.org',
      alertId: alert.id,
      definition: definition({
        name: 'Renamed',
        query: 'accepts',
        schedule: { cadence: Cadence.CADENCE_WEEKLY, hour: 6, weekday: 5, timeZone: 'America/New_York' },
      }),
    }).then((r) => r.alert!);
    expect(updated.definition).toMatchObject({
      name: 'Renamed',
      query: 'accepts',
      schedule: { cadence: Cadence.CADENCE_WEEKLY, hour: 6, weekday: 5, timeZone: 'America/New_York' },
    });
    await ingest(documentEvent());
    const hits = await hitsOf('jo', alert.id);
    expect(hits).toHaveLength(1);
    // Weekly now: the hit waits for its digest, and the digest goes to the new address.
    expect(hits[0]!.deliveryKey).toBe('');
    expect(await deliveriesOf('jo', alert.id)).toHaveLength(0);
    expect(await connection.collection<{ _id: string }>('alerts').findOne({ _id: alert.id })).toMatchObject({
      ownerEmail: 'jo@example.org',
    });
  });

  it('refuses bad input naming the field, and more alerts than the limit', async () => {
    const syntax = await create('kim', { query: 'tariff AND (rate' }).catch((error: unknown) => error);
    expect(syntax).toBeInstanceOf(InputError);
    expect((syntax as InputError).message).toMatch(/^query: .*column/);
    const cadence = await create('kim', {
      schedule: { cadence: 9 as Cadence, hour: 8, weekday: 1, timeZone: 'UTC' },
    }).catch((error: unknown) => error);
    expect((cadence as InputError).message).toBe('schedule.cadence: must be one of realtime, daily, weekly, got "9"');
    const webhook = await create('kim', { channels: { inApp: false, email: false, webhookEndpointId: 'nope' } }).catch(
      (error: unknown) => error,
    );
    expect((webhook as InputError).message).toMatch(
      /^channels.webhook_endpoint_id: is not one of your webhook endpoints/,
    );

    for (let i = 0; i < 3; i += 1) await create('kim', { name: `alert ${i}` });
    await grpcCall(client, 'followDocket', {
      ownerUserId: 'kim',
      ownerEmail: '',
      docket: { docketId: 'dk-9', docketNumber: '', title: '', sourceName: '' },
      schedule: undefined,
      channels: undefined,
    });
    const over = await create('kim').catch((error: unknown) => error);
    expect(over).toBeInstanceOf(InputError);
    expect((over as InputError).message).toMatch(
      /^alerts: you already have 4 alerts and docket follows, the most one user may keep \(4\)/,
    );
  });
});

describe('notifications', () => {
  it('lists with a cursor and an unread count, marks read, and streams every change to a watcher', async () => {
    const owner = 'lou';
    const updates: WatchNotificationsResponse[] = [];
    const stream: ClientReadableStream<WatchNotificationsResponse> = client.watchNotifications({ ownerUserId: owner });
    const ended = new Promise<void>((resolve) => {
      stream.on('error', () => resolve());
      stream.on('end', () => resolve());
    });
    stream.on('data', (update: WatchNotificationsResponse) => updates.push(update));
    await waitFor(() => updates.length >= 1, { description: 'the first unread count' });
    expect(updates[0]).toMatchObject({ unreadCount: '0' });
    expect(updates[0]!.notification).toBeUndefined();

    for (let i = 1; i <= 3; i += 1) {
      await app.notifications.notify({
        key: `test:${owner}:${i}`,
        ownerUserId: owner,
        kind: 'hit',
        title: `Hit ${i}`,
        body: 'body',
        link: `/documents/d${i}`,
        documentId: `d${i}`,
      });
    }
    await app.notifications.notify({
      key: `test:${owner}:1`,
      ownerUserId: owner,
      kind: 'hit',
      title: 'again',
      body: '',
      link: '',
    });
    await waitFor(() => updates.length >= 4, { description: 'three new notifications on the stream' });
    expect(updates.slice(1).map((u) => [u.unreadCount, u.notification?.title])).toEqual([
      ['1', 'Hit 1'],
      ['2', 'Hit 2'],
      ['3', 'Hit 3'],
    ]);

    const first = await grpcCall(client, 'listNotifications', {
      ownerUserId: owner,
      limit: 2,
      unreadOnly: false,
      cursor: '',
    });
    expect(first.notifications.map((n) => n.title)).toEqual(['Hit 3', 'Hit 2']);
    expect(first.unreadCount).toBe('3');
    expect(first.nextCursor).not.toBe('');
    const second = await grpcCall(client, 'listNotifications', {
      ownerUserId: owner,
      limit: 2,
      unreadOnly: false,
      cursor: first.nextCursor,
    });
    expect(second.notifications.map((n) => n.title)).toEqual(['Hit 1']);
    expect(second.nextCursor).toBe('');
    expect(second.notifications[0]).toMatchObject({
      link: '/documents/d1',
      documentId: 'd1',
      kind: 'hit',
      read: false,
    });

    const afterOne = await grpcCall(client, 'markNotificationsRead', {
      ownerUserId: owner,
      notificationIds: [second.notifications[0]!.id],
      all: false,
    });
    expect(afterOne.unreadCount).toBe('2');
    // Someone else's notification id marks nothing.
    expect(
      (
        await grpcCall(client, 'markNotificationsRead', {
          ownerUserId: 'max',
          notificationIds: [first.notifications[0]!.id],
          all: false,
        })
      ).unreadCount,
    ).toBe('0');
    expect(
      (
        await grpcCall(client, 'listNotifications', { ownerUserId: owner, limit: 10, unreadOnly: true, cursor: '' })
      ).notifications.map((n) => n.title),
    ).toEqual(['Hit 3', 'Hit 2']);
    expect(
      (await grpcCall(client, 'markNotificationsRead', { ownerUserId: owner, notificationIds: [], all: true }))
        .unreadCount,
    ).toBe('0');
    await waitFor(() => updates.at(-1)?.unreadCount === '0' && updates.length === 6, {
      description: 'the read counts on the stream',
    });
    expect(updates.slice(4).map((u) => [u.unreadCount, u.notification])).toEqual([
      ['2', undefined],
      ['0', undefined],
    ]);

    stream.cancel();
    await ended;
  });

  it('refuses a cursor it did not make', async () => {
    await expect(
      grpcCall(client, 'listNotifications', { ownerUserId: 'lou', limit: 2, unreadOnly: false, cursor: 'bogus' }),
    ).rejects.toBeInstanceOf(InputError);
  });
});
