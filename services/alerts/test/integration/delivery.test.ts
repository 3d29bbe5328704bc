import { credentials } from '@grpc/grpc-js';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { InputError, NotFoundError } from '@docket/errors';
import { createKafka, EventPublisher } from '@docket/events';
import {
  AlertServiceClient,
  Cadence,
  Channel,
  DeliveryKind,
  DeliveryStatus,
  type AlertDefinition,
} from '@docket/proto/src/alerts';
import { grpcCall } from '@docket/service-kit';
import { waitFor } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import type { Config } from '../../src/config';
import { alertDefinition, documentIngested } from '../support/alert-fixtures';
import { alertsTestConfig, alertsTopics, PercolatorProgress } from '../support/alerts-app';
import { FakeQueryEngine } from '../support/fake-query-engine';
import { SmtpSink } from '../support/smtp-sink';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const APP_URL = 'http://app.test';
const MAX_PER_HOUR = 3;

/** Stands in for the query-engine's AnswerOverDocuments. */
const queryEngine = new FakeQueryEngine();
let sink: SmtpSink;
let config: Config;
let app: RunningApp;
let client: AlertServiceClient;
let publisher: EventPublisher;
let connection: Connection;
let percolator: PercolatorProgress;
let documentCount = 0;

beforeAll(async () => {
  sink = await SmtpSink.start();
  config = alertsTestConfig('alerts-delivery', {
    SMTP_URL: sink.url,
    PUBLIC_APP_URL: APP_URL,
    ALERTS_REALTIME_MAX_PER_HOUR: String(MAX_PER_HOUR),
    UNSUBSCRIBE_SECRET: 'delivery-test-secret-0123456789',
    // Windows are planned by the tests at chosen times; a real hourly tick could take a window's hits first.
    ALERTS_DIGEST_CRON: 'off',
    QUERY_ENGINE_GRPC: await queryEngine.start(logger),
  });
  app = await startApp(config, logger);
  client = new AlertServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
  publisher = new EventPublisher(
    createKafka({ clientId: 'alerts-delivery-test', brokers: config.KAFKA_BROKERS, logger }),
    logger,
  );
  await publisher.connect();
  connection = await mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB }).asPromise();
  percolator = new PercolatorProgress(config);
});

afterAll(async () => {
  client?.close();
  await publisher?.disconnect();
  await app?.stop();
  await queryEngine.stop();
  await sink?.stop();
  await connection?.dropDatabase();
  await connection?.close();
});

/** Publishes a document and waits until the percolator has handled it (hits stored, delivery planned). */
async function ingest(text: string, title?: string): Promise<string> {
  documentCount += 1;
  const event = documentIngested(`doc-${config.KAFKA_NAMESPACE}-${documentCount}`, {
    title: title ?? 'Order accepting tariff revisions',
    text,
    filers: [],
  });
  await publisher.publish(alertsTopics(config).ingested, event);
  await percolator.caughtUp();
  return event.documentId;
}

const create = (owner: string, over: Partial<AlertDefinition> = {}) =>
  grpcCall(client, 'createAlert', {
    ownerUserId: owner,
    ownerEmail: `${owner}@example.com`,
    definition: alertDefinition({ channels: { inApp: true, email: true, webhookEndpointId: '' }, ...over }),
  }).then((r) => r.alert!);
const notificationsOf = (owner: string) =>
  grpcCall(client, 'listNotifications', { ownerUserId: owner, limit: 100, unreadOnly: false, cursor: '' }).then(
    (r) => r.notifications,
  );
const deliveriesOf = (owner: string, alertId: string) =>
  grpcCall(client, 'listDeliveries', { ownerUserId: owner, alertId, limit: 100 }).then((r) => r.deliveries);
const mailTo = (owner: string) => sink.messages.filter((m) => m.to.includes(`${owner}@example.com`));
/** `list` once `ready` holds of it (waitFor's truthy value, typed). */
const when = <T>(list: T[], ready: (list: T[]) => boolean): T[] | undefined => (ready(list) ? list : undefined);
const mailOf = (key: string) => when(sink.byKey(key), (l) => l.length > 0);

describe('real-time delivery', () => {
  it('a percolated document reaches its owner at once: e-mail (HTML, text, 1-click unsubscribe), in-app', async () => {
    const alert = await create('rita');
    const documentId = await ingest(
      'The Commission accepts the pipeline tariff revisions filed by Northern Natural Gas.',
    );

    const [mail] = await waitFor(() => mailOf(`rt:${alert.id}:${documentId}:email`), {
      description: 'the real-time e-mail',
    });
    expect(mail!.to).toContain('rita@example.com');
    expect(mail!.subject).toBe('Pipeline tariffs: Order accepting tariff revisions');
    expect(mail!.html).toContain('Docket Research');
    expect(mail!.html).toContain(`${APP_URL}/documents/${documentId}`);
    expect(mail!.html).toContain(`${APP_URL}/alerts/${alert.id}`);
    expect(mail!.html).toMatch(/<strong>(pipeline|tariff)<\/strong>/iu);
    expect(mail!.text).toContain(`${APP_URL}/documents/${documentId}`);
    expect(mail!.headers.get('list-unsubscribe')).toMatch(
      new RegExp(`^<${APP_URL}/api/unsubscribe\\?token=u1\\.[^>]+>$`, 'u'),
    );
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    const notification = await waitFor(
      async () => (await notificationsOf('rita')).find((n) => n.documentId === documentId),
      { description: 'the in-app notification' },
    );
    expect(notification).toMatchObject({ kind: 'hit', link: `/documents/${documentId}`, alertId: alert.id });

    const deliveries = await waitFor(
      async () => {
        return when(
          await deliveriesOf('rita', alert.id),
          (all) => all.length === 2 && all.every((d) => d.status === DeliveryStatus.DELIVERY_STATUS_SENT),
        );
      },
      { description: 'both deliveries marked sent' },
    );
    expect(deliveries.map((d) => d.channel).sort()).toEqual([Channel.CHANNEL_IN_APP, Channel.CHANNEL_EMAIL].sort());
    expect(
      deliveries.every(
        (d) => d.kind === DeliveryKind.DELIVERY_KIND_REALTIME && d.attempts === 1 && d.documentCount === 1,
      ),
    ).toBe(true);
    const hits = await grpcCall(client, 'listAlertHits', { ownerUserId: 'rita', alertId: alert.id, limit: 10 }).then(
      (r) => r.hits,
    );
    expect(hits.map((h) => h.deliveryKey)).toEqual([`rt:${alert.id}:${documentId}`]);

    // Another user cannot see the deliveries.
    await expect(deliveriesOf('mallory', alert.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('unsubscribe by the e-mail’s token: described, done (twice is fine); no more e-mail, in-app goes on', async () => {
    const alert = await create('uma', { query: 'compressor station' });
    const first = await ingest('Application to build a compressor station in Ohio.', 'Compressor application');
    const [mail] = await waitFor(() => mailOf(`rt:${alert.id}:${first}:email`), { description: 'the first e-mail' });
    const token = decodeURIComponent(/token=([^>]+)>/u.exec(mail!.headers.get('list-unsubscribe')!)![1]!);

    expect(await grpcCall(client, 'describeUnsubscribe', { token })).toEqual({
      alertId: alert.id,
      alertName: 'Pipeline tariffs',
      unsubscribed: false,
    });
    expect(await grpcCall(client, 'unsubscribe', { token })).toEqual({
      alertId: alert.id,
      alertName: 'Pipeline tariffs',
      unsubscribed: true,
    });
    expect(await grpcCall(client, 'unsubscribe', { token })).toMatchObject({ unsubscribed: true });
    await expect(grpcCall(client, 'describeUnsubscribe', { token: `${token}x` })).rejects.toBeInstanceOf(InputError);
    // The genuine token with a part appended is not the token.
    await expect(grpcCall(client, 'unsubscribe', { token: `${token}.extra` })).rejects.toBeInstanceOf(InputError);

    const second = await ingest('A second compressor station is proposed nearby.', 'Second compressor');
    await waitFor(async () => (await notificationsOf('uma')).some((n) => n.documentId === second), {
      description: 'the in-app notification of the second document',
    });
    const deliveries = await deliveriesOf('uma', alert.id);
    expect(deliveries.filter((d) => d.key.includes(second)).map((d) => d.channel)).toEqual([Channel.CHANNEL_IN_APP]);
    expect(mailTo('uma')).toHaveLength(1);

    // The alert now shows e-mail off; an edit that turns it on again undoes the unsubscribe.
    const shown = (await grpcCall(client, 'getAlert', { ownerUserId: 'uma', alertId: alert.id })).alert!;
    expect(shown.definition!.channels).toMatchObject({ inApp: true, email: false });
    const edited = await grpcCall(client, 'updateAlert', {
      ownerUserId: 'uma',
      ownerEmail: 'uma@example.com',
      alertId: alert.id,
      definition: { ...shown.definition!, channels: { inApp: true, email: true, webhookEndpointId: '' } },
    });
    expect(edited.alert!.definition!.channels!.email).toBe(true);
    expect(await grpcCall(client, 'describeUnsubscribe', { token })).toMatchObject({ unsubscribed: false });
  });

  it('the volume guard folds an over-limit alert into an hourly digest, says why once, unfolds later', async () => {
    const alert = await create('vera', {
      query: 'gas storage',
      channels: { inApp: true, email: false, webhookEndpointId: '' },
    });
    const documents: string[] = [];
    for (let i = 0; i < MAX_PER_HOUR + 2; i += 1)
      documents.push(await ingest(`Report ${i} on gas storage levels.`, `Storage report ${i}`));

    const notices = await waitFor(
      async () => {
        return when(
          await notificationsOf('vera'),
          (all) => all.filter((n) => n.kind === 'hit').length === MAX_PER_HOUR && all.some((n) => n.kind === 'notice'),
        );
      },
      { description: 'the real-time notifications up to the limit and the notice' },
    );
    expect(notices.filter((n) => n.kind === 'notice')).toHaveLength(1);
    expect(
      notices
        .filter((n) => n.kind === 'hit')
        .map((n) => n.documentId)
        .sort(),
    ).toEqual(documents.slice(0, MAX_PER_HOUR).sort());
    const folded = await grpcCall(client, 'getAlert', { ownerUserId: 'vera', alertId: alert.id }).then((r) => r.alert!);
    expect(folded.volumeNotice).toContain(`more than ${MAX_PER_HOUR} documents in an hour`);

    // One more while folded: no real-time message, it waits for the hourly digest.
    documents.push(await ingest('Report late on gas storage levels.', 'Storage report late'));
    await app.delivery.digests.planWindow(new Date());
    const digest = await waitFor(async () => (await notificationsOf('vera')).find((n) => n.kind === 'digest'), {
      description: 'the hourly digest notification',
    });
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const hour = String(new Date().getUTCHours()).padStart(2, '0');
    expect(digest.title).toBe(`Your hourly digest, ${day.format(new Date())} ${hour}:00 UTC: 3 new documents`);
    expect(digest.link).toBe(`/alerts/${alert.id}`);
    expect((await notificationsOf('vera')).filter((n) => n.kind === 'hit')).toHaveLength(MAX_PER_HOUR);
    // 3 hits that hour is not under the limit of 3: still folded. A quiet next hour unfolds it.
    expect(
      (await grpcCall(client, 'getAlert', { ownerUserId: 'vera', alertId: alert.id })).alert!.volumeNotice,
    ).not.toBe('');
    await app.delivery.digests.planWindow(new Date(Date.now() + 3_600_000));
    expect((await grpcCall(client, 'getAlert', { ownerUserId: 'vera', alertId: alert.id })).alert!.volumeNotice).toBe(
      '',
    );
    const hits = await grpcCall(client, 'listAlertHits', { ownerUserId: 'vera', alertId: alert.id, limit: 50 }).then(
      (r) => r.hits,
    );
    expect(hits.every((h) => h.deliveryKey !== '')).toBe(true);
  });

  it('send a test: a message on every channel now, listed in the alert’s deliveries', async () => {
    const alert = await create('tess', { query: 'hydroelectric license' });
    const deliveries = await grpcCall(client, 'sendTestAlert', { ownerUserId: 'tess', alertId: alert.id }).then(
      (r) => r.deliveries,
    );
    expect(deliveries.map((d) => d.kind)).toEqual([DeliveryKind.DELIVERY_KIND_TEST, DeliveryKind.DELIVERY_KIND_TEST]);
    const [mail] = await waitFor(() => when(mailTo('tess'), (l) => l.length > 0), { description: 'the test e-mail' });
    expect(mail!.subject).toBe('Test message for “Pipeline tariffs”');
    await waitFor(
      async () => (await notificationsOf('tess')).some((n) => n.kind === 'notice' && n.link === `/alerts/${alert.id}`),
      { description: 'the test notification' },
    );
    await expect(
      grpcCall(client, 'sendTestAlert', { ownerUserId: 'someone-else', alertId: alert.id }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('crash leftovers', () => {
  it('a delivery recorded but not queued (the process died between) is requeued by the sweep, sent once', async () => {
    const alert = await create('sam', { query: 'sweep probe' });
    const key = `test:${alert.id}:swept:in_app`;
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await connection.collection<Record<string, unknown> & { _id: string }>('deliveries').insertOne({
      _id: key,
      kind: 'test',
      channel: 'in_app',
      status: 'pending',
      ownerUserId: 'sam',
      ownerEmail: 'sam@example.com',
      alertIds: [alert.id],
      endpointId: '',
      hitIds: [],
      hitGroup: '',
      sections: [
        {
          alertId: alert.id,
          alertName: alert.definition!.name,
          alertKind: 'search',
          question: '',
          total: 0,
          documents: [],
          answer: [],
        },
      ],
      documentCount: 0,
      label: 'test',
      attempts: 0,
      error: '',
      createdAt: longAgo,
      updatedAt: longAgo,
    });
    expect(await app.delivery.sweep()).toBeGreaterThanOrEqual(1);
    await waitFor(
      async () =>
        (await deliveriesOf('sam', alert.id)).find(
          (d) => d.key === key && d.status === DeliveryStatus.DELIVERY_STATUS_SENT,
        ),
      { description: 'the swept delivery sent' },
    );
    expect((await notificationsOf('sam')).filter((n) => n.title === 'Test of “Pipeline tariffs”')).toHaveLength(1);
    await app.delivery.sweep(); // nothing left pending: nothing sent twice
    expect((await notificationsOf('sam')).filter((n) => n.title === 'Test of “Pipeline tariffs”')).toHaveLength(1);
  });
});

describe('digests', () => {
  // Nothing goes twice when the window is planned again.
  it('a daily digest: one e-mail per user and window grouping the alerts hit, and one in-app digest', async () => {
    const daily = (name: string, query: string) =>
      create('dora', {
        name,
        query,
        schedule: { cadence: Cadence.CADENCE_DAILY, hour: 9, weekday: 0, timeZone: 'Europe/Paris' },
      });
    const rates = await daily('Rate cases', 'rate case');
    const wind = await daily('Offshore wind', 'offshore wind');
    const storage = await daily('Hydrogen storage', 'hydrogen storage');
    const weekly = await create('dora', {
      name: 'Weekly transmission',
      query: 'transmission line',
      schedule: { cadence: Cadence.CADENCE_WEEKLY, hour: 9, weekday: 1, timeZone: 'Europe/Paris' },
    });
    for (let i = 0; i < 7; i += 1)
      await ingest(`Utility files rate case number ${i} with the commission.`, `Rate case ${i}`);
    await ingest('Lease sale for offshore wind areas announced.', 'Offshore wind lease');
    await ingest('Hydrogen storage caverns and a new transmission line.', 'Hydrogen and transmission');
    expect(mailTo('dora')).toHaveLength(0); // nothing until the window

    // 09:00 in Paris, a Wednesday: the weekly alert (Monday) is not due.
    const window = new Date('2026-11-25T08:00:00Z');
    expect(await app.delivery.digests.planWindow(window)).toMatchObject({ deliveries: 2 });
    const [mail] = await waitFor(() => when(mailTo('dora'), (l) => l.length > 0), {
      description: 'the daily digest e-mail',
    });
    expect(mail!.deliveryKey).toBe('digest:dora:daily:2026-11-25T08:00:00.000Z:email');
    expect(mail!.subject).toBe('Your daily digest: 9 new documents for 3 alerts');
    for (const alert of [rates, wind, storage]) expect(mail!.html).toContain(`${APP_URL}/alerts/${alert.id}`);
    expect(mail!.html).toContain('and 2 more'); // 7 rate cases, 5 listed
    expect(mail!.html).not.toContain('Weekly transmission');
    expect(mail!.text).toContain('== Rate cases (7 new documents)');
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const digest = await waitFor(async () => (await notificationsOf('dora')).find((n) => n.kind === 'digest'), {
      description: 'the in-app digest',
    });
    expect(digest).toMatchObject({ title: 'Your daily digest, 25 Nov 2026: 9 new documents', link: '/alerts' });

    expect(await app.delivery.digests.planWindow(window)).toMatchObject({ deliveries: 0 });
    const listed = await waitFor(
      async () => {
        return when(
          await deliveriesOf('dora', wind.id),
          (all) => all.length === 2 && all.every((d) => d.status === DeliveryStatus.DELIVERY_STATUS_SENT),
        );
      },
      { description: 'the digest deliveries marked sent' },
    );
    expect(
      listed.every(
        (d) =>
          d.kind === DeliveryKind.DELIVERY_KIND_DIGEST &&
          d.label === 'daily digest, 25 Nov 2026' &&
          d.documentCount === 1,
      ),
    ).toBe(true);
    expect(mailTo('dora')).toHaveLength(1);
    expect(await deliveriesOf('dora', weekly.id)).toHaveLength(0);

    // The weekly one goes on its Monday, through the scheduler's queue this time.
    await app.delivery.digests.tick(new Date('2026-11-30T08:30:00Z'));
    const [weeklyMail] = await waitFor(() => when(mailTo('dora').slice(1), (l) => l.length === 1), {
      description: 'the weekly digest e-mail',
    });
    expect(weeklyMail!.subject).toBe('Your weekly digest: 1 new document for 1 alert');
  });

  it('an alert with a question gets an answer over its new documents in the digest, each sentence cited', async () => {
    const alert = await create('quinn', {
      name: 'Revenue asks',
      query: 'revenue requirement',
      question: 'What increase is requested?',
      schedule: { cadence: Cadence.CADENCE_DAILY, hour: 7, weekday: 0, timeZone: 'UTC' },
      channels: { inApp: false, email: true, webhookEndpointId: '' },
    });
    const first = await ingest('The revenue requirement rises by 4.2 percent.', 'Revenue filing');
    const second = await ingest('Staff testimony on the revenue requirement.', 'Staff testimony');
    await app.delivery.digests.planWindow(new Date('2026-11-26T07:00:00Z'));
    const [mail] = await waitFor(() => when(mailTo('quinn'), (l) => l.length > 0), {
      description: 'the digest with an answer',
    });
    expect(queryEngine.asked).toContainEqual({ question: 'What increase is requested?', documentIds: [first, second] });
    expect(mail!.html).toContain('What increase is requested?');
    expect(mail!.html).toMatch(
      new RegExp(
        `The utility asks for a 4.2% increase.</span> <a class="cite" href="${APP_URL}/documents/${first}">\\[1\\]</a>`,
        'u',
      ),
    );
    expect(mail!.text).toContain('The utility asks for a 4.2% increase. [1]');
    expect(mail!.html).toContain(`${APP_URL}/alerts/${alert.id}`);
  });
});
