import { credentials } from '@grpc/grpc-js';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { createKafka, EventPublisher, newEventFields } from '@docket/events';
import { AlertServiceClient, Cadence, DeliveryStatus, type AlertDefinition } from '@docket/proto/src/alerts';
import type { DocumentIngested } from '@docket/proto/src/document-events';
import { grpcCall } from '@docket/service-kit';
import { uniqueName, waitFor } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import type { Config } from '../../src/config';
import { DELIVERY_QUEUE } from '../../src/delivery/delivery.queue';
import { jobIdOf } from '../../src/domain/delivery';
import { WEBHOOK_MAX_ATTEMPTS } from '../../src/webhooks/retry-schedule';
import { alertsTestConfig, alertsTopics, PercolatorProgress } from '../support/alerts-app';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * Webhooks end to end through the alerts service: a percolated document → a delivery on the BullMQ
 * worker → a signed POST to a real HTTP receiver on 127.0.0.1 (loopback allowed by configuration),
 * which verifies it with the standardwebhooks verifier. Retries follow the real 24 h schedule; the
 * test does not wait it out: it promotes the delayed job, as if its time had come.
 */

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const APP_URL = 'http://app.test';

let receiver: WebhookReceiver;
let config: Config;
let app: RunningApp;
let client: AlertServiceClient;
let publisher: EventPublisher;
let redis: Redis;
let queue: Queue;
let connection: Connection;
let percolator: PercolatorProgress;
let documentCount = 0;

beforeAll(async () => {
  receiver = await WebhookReceiver.start();
  config = alertsTestConfig('alerts-webhooks', {
    PUBLIC_APP_URL: APP_URL,
    WEBHOOK_ALLOWED_ADDRESSES: '127.0.0.0/8',
    WEBHOOK_ALLOWED_PORTS: String(receiver.port),
    WEBHOOK_DISABLE_AFTER_FAILURES: '1',
    WEBHOOK_TIMEOUT_MS: '5000',
  });
  app = await startApp(config, logger);
  client = new AlertServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
  publisher = new EventPublisher(
    createKafka({ clientId: 'alerts-webhook-test', brokers: config.KAFKA_BROKERS, logger }),
    logger,
  );
  await publisher.connect();
  redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  queue = new Queue(DELIVERY_QUEUE, { connection: redis, prefix: config.ALERTS_QUEUE_PREFIX });
  connection = await mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB }).asPromise();
  percolator = new PercolatorProgress(config);
});

afterAll(async () => {
  client?.close();
  await publisher?.disconnect();
  await queue?.close();
  redis?.disconnect();
  await app?.stop();
  await receiver?.stop();
  await connection?.dropDatabase();
  await connection?.close();
});

function definition(endpointId: string, query: string): AlertDefinition {
  return {
    name: 'Storage tariffs',
    query,
    question: '',
    filters: { agencies: [], filingTypes: [], dockets: [], parties: [], filedFrom: '', filedTo: '' },
    schedule: { cadence: Cadence.CADENCE_REALTIME, hour: 8, weekday: 1, timeZone: 'UTC' },
    channels: { inApp: false, email: false, webhookEndpointId: endpointId },
  };
}

async function endpointAt(owner: string, path: string): Promise<string> {
  const { endpoint, secret } = await grpcCall(client, 'createWebhookEndpoint', {
    ownerUserId: owner,
    url: receiver.url(path),
    description: '',
  });
  receiver.useSecret(path, secret);
  return endpoint!.id;
}

/** Publishes a matching document and waits until the percolator has handled it. */
async function ingest(text: string): Promise<string> {
  documentCount += 1;
  const event: DocumentIngested = {
    ...newEventFields(),
    documentId: `doc-${config.KAFKA_NAMESPACE}-${documentCount}`,
    title: 'Order on gas storage tariff',
    text,
    sourceId: 'ferc',
    sourceName: 'Federal Energy Regulatory Commission',
    docketNumber: 'RP25-7-000',
    docketId: 'dk-rp25-7',
    filingType: 'Order',
    filingCategory: 'Order',
    filedAt: new Date('2025-02-03T10:00:00Z'),
    sha256: '',
    filers: [],
    parties: [],
    description: '',
    language: 'en',
    entities: [],
    pages: [],
  };
  await publisher.publish(alertsTopics(config).ingested, event);
  await percolator.caughtUp();
  return event.documentId;
}

const deliveryOf = async (owner: string, alertId: string) =>
  (await grpcCall(client, 'listDeliveries', { ownerUserId: owner, alertId, limit: 10 })).deliveries[0];

/** Runs the delayed retry of a delivery now instead of after its back-off (as if its time had come). */
async function runRetryNow(key: string): Promise<void> {
  await waitFor(
    async () => {
      const job = await queue.getJob(jobIdOf(key));
      if (!job || !(await job.isDelayed())) return false;
      await job.promote();
      return true;
    },
    { description: `the retry of ${key} to be scheduled` },
  );
}

describe('webhook delivery through the alerts service', () => {
  it('sends a percolated document as a signed alert.hits message the receiver verifies', async () => {
    const owner = uniqueName('wendy');
    const endpointId = await endpointAt(owner, '/ok');
    const { alert } = await grpcCall(client, 'createAlert', {
      ownerUserId: owner,
      ownerEmail: '',
      definition: definition(endpointId, 'aquifer storage'),
    });
    const documentId = await ingest('The Commission accepts the aquifer storage tariff of Northern Natural Gas.');

    const [got] = await waitFor(() => (receiver.at('/ok').length > 0 ? receiver.at('/ok') : undefined), {
      description: 'the webhook',
    });
    expect(got?.verifyError).toBeUndefined();
    expect(got?.webhookId).toBe(`rt:${alert!.id}:${documentId}:webhook`);
    expect(got?.verified).toEqual({
      type: 'alert.hits',
      timestamp: expect.any(String),
      data: {
        alert: { id: alert!.id, name: 'Storage tariffs', kind: 'search', link: `${APP_URL}/alerts/${alert!.id}` },
        total: 1,
        documents: [
          expect.objectContaining({
            id: documentId,
            title: 'Order on gas storage tariff',
            link: `${APP_URL}/documents/${documentId}`,
            docket_number: 'RP25-7-000',
            filed_at: '2025-02-03T10:00:00.000Z',
            snippet: expect.stringContaining('aquifer storage'),
          }),
        ],
      },
    });
    const delivery = await waitFor(
      async () => {
        const found = await deliveryOf(owner, alert!.id);
        return found?.status === DeliveryStatus.DELIVERY_STATUS_SENT ? found : undefined;
      },
      { description: 'the delivery marked sent' },
    );
    expect(delivery.attempts).toBe(1);
  });

  it('retries a failing receiver on the back-off schedule under the same webhook-id, then succeeds', async () => {
    const owner = uniqueName('rhea');
    const endpointId = await endpointAt(owner, '/flaky');
    receiver.script('/flaky', [500, 503]);
    const { alert } = await grpcCall(client, 'createAlert', {
      ownerUserId: owner,
      ownerEmail: '',
      definition: definition(endpointId, 'salt cavern'),
    });
    const documentId = await ingest('Salt cavern storage expansion approved.');
    const key = `rt:${alert!.id}:${documentId}:webhook`;

    await waitFor(() => receiver.at('/flaky').length === 1, { description: 'the first attempt' });
    const retrying = await waitFor(
      async () => {
        const found = await deliveryOf(owner, alert!.id);
        return found?.status === DeliveryStatus.DELIVERY_STATUS_RETRYING ? found : undefined;
      },
      { description: 'the delivery marked retrying' },
    );
    expect(retrying.error).toBe('HTTP 500');
    // The first retry is due 5 s after the first failure.
    expect(retrying.nextAttemptAt!.getTime() - Date.now()).toBeLessThanOrEqual(5_000);

    await runRetryNow(key);
    await waitFor(() => receiver.at('/flaky').length === 2, { description: 'the second attempt' });
    await runRetryNow(key);
    await waitFor(() => receiver.at('/flaky').length === 3, { description: 'the third attempt' });

    const sent = await waitFor(
      async () => {
        const found = await deliveryOf(owner, alert!.id);
        return found?.status === DeliveryStatus.DELIVERY_STATUS_SENT ? found : undefined;
      },
      { description: 'the delivery marked sent' },
    );
    expect(sent.attempts).toBe(3);
    expect(receiver.at('/flaky').map((r) => r.webhookId)).toEqual([key, key, key]);
    expect(receiver.at('/flaky').every((r) => r.verifyError === undefined)).toBe(true);
    const [endpoint] = (await grpcCall(client, 'listWebhookEndpoints', { ownerUserId: owner })).endpoints;
    expect(endpoint).toMatchObject({ disabled: false, consecutiveFailures: 0 });
    expect(endpoint?.lastSuccessAt).toBeInstanceOf(Date);
  });

  it('gives up after every retry fails, disables the endpoint and tells its owner in the app', async () => {
    const owner = uniqueName('fay');
    receiver.alwaysFail('/always-500');
    const endpointId = await endpointAt(owner, '/always-500');
    const { alert } = await grpcCall(client, 'createAlert', {
      ownerUserId: owner,
      ownerEmail: '',
      definition: definition(endpointId, 'depleted reservoir'),
    });
    const documentId = await ingest('Depleted reservoir storage certificate.');
    const key = `rt:${alert!.id}:${documentId}:webhook`;

    await waitFor(() => receiver.at('/always-500').length === 1, { description: 'the first attempt' });
    for (let attempt = 2; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt += 1) {
      await runRetryNow(key);
      await waitFor(() => receiver.at('/always-500').length === attempt, { description: `attempt ${attempt}` });
    }
    const failed = await waitFor(
      async () => {
        const found = await deliveryOf(owner, alert!.id);
        return found?.status === DeliveryStatus.DELIVERY_STATUS_FAILED ? found : undefined;
      },
      { description: 'the delivery marked failed' },
    );
    expect(failed).toMatchObject({ attempts: WEBHOOK_MAX_ATTEMPTS, error: 'HTTP 500' });

    const [endpoint] = (await grpcCall(client, 'listWebhookEndpoints', { ownerUserId: owner })).endpoints;
    expect(endpoint).toMatchObject({
      disabled: true,
      consecutiveFailures: WEBHOOK_MAX_ATTEMPTS,
      disabledReason: '1 message could not be delivered after 24 hours of retries; the last: HTTP 500',
    });
    const notices = await waitFor(
      async () => {
        const list = (
          await grpcCall(client, 'listNotifications', { ownerUserId: owner, limit: 10, unreadOnly: false, cursor: '' })
        ).notifications;
        return list.length > 0 ? list : undefined;
      },
      { description: 'the notice' },
    );
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'notice',
        title: 'Webhook endpoint disabled',
        link: '/alerts/webhooks',
        read: false,
      }),
    ]);
    expect(notices[0]?.body).toContain(receiver.url('/always-500'));
  });
});
