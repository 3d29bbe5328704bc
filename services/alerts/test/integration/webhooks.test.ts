import net, { type AddressInfo } from 'node:net';
import { credentials } from '@grpc/grpc-js';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { InputError, NotFoundError } from '@docket/errors';
import { AlertServiceClient, AlertServiceService } from '@docket/proto/src/alerts';
import { grpcCall, startGrpcServer, type RunningGrpcServer } from '@docket/service-kit';
import { testInfraEnv, uniqueName } from '@docket/testkit';
import {
  PermanentDeliveryError,
  RetryableDeliveryError,
  type NotificationSink,
  type WebhookMessage,
} from '../../src/domain/delivery-ports';
import type { ResolveHost } from '../../src/webhooks/address-guard';
import { WebhookEndpointRepository } from '../../src/webhooks/webhook-endpoint.repository';
import { wireWebhooks, type WebhookParts } from '../../src/webhooks/webhook-parts';
import { webhookHandlers } from '../../src/webhooks/webhooks.grpc';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * The webhook channel against a real HTTP receiver on 127.0.0.1 (loopback allowed by configuration,
 * as an operator would for a local receiver), the MongoDB stand-in for the endpoints, and the
 * endpoint RPCs through a real gRPC server.
 */

class RecordingNotices implements NotificationSink {
  readonly byKey = new Map<string, Parameters<NotificationSink['notify']>[0]>();
  async notify(notification: Parameters<NotificationSink['notify']>[0]): Promise<void> {
    if (!this.byKey.has(notification.key)) this.byKey.set(notification.key, notification);
  }
}

const PATH = '/hooks/docket';
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const dbName = uniqueName('alerts_webhooks').replace(/-/g, '_');
let receiver: WebhookReceiver;
const notices = new RecordingNotices();
/** Names the tests resolve themselves (the system resolver knows none of them). */
const dnsAnswers = new Map<string, string>();
const resolve: ResolveHost = async (host) => {
  const address = dnsAnswers.get(host);
  if (!address) throw Object.assign(new Error(`no such host ${host}`), { code: 'ENOTFOUND' });
  return [{ address, family: address.includes(':') ? 6 : 4 }];
};
let connection: Connection;
let store: WebhookEndpointRepository;
let webhooks: WebhookParts;
let grpcServer: RunningGrpcServer;
let client: AlertServiceClient;
let receiverUrl: string;
let receiverPort: number;
/** A loopback port nothing listens on (a listener's, closed again): connecting to it is refused. */
let closedPort: number;

async function portNobodyListensOn(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  const env = testInfraEnv();
  connection = mongoose.createConnection(env.mongoUrl, { dbName });
  await connection.asPromise();
  store = new WebhookEndpointRepository(connection);
  await store.init();
  receiver = await WebhookReceiver.start();
  receiverPort = receiver.port;
  receiverUrl = receiver.url(PATH);
  closedPort = await portNobodyListensOn();
  webhooks = wireWebhooks(
    {
      WEBHOOK_ENDPOINTS_MAX_PER_USER: 4,
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: false,
      WEBHOOK_ALLOWED_ADDRESSES: ['127.0.0.0/8'],
      // The receiver's port is random: opened here as an operator would open a receiver's port.
      WEBHOOK_ALLOWED_PORTS: [receiverPort, closedPort],
      WEBHOOK_TIMEOUT_MS: 500,
      WEBHOOK_DISABLE_AFTER_FAILURES: 2,
    },
    { store, notices, logger, resolve },
  );
  grpcServer = await startGrpcServer({
    port: 0,
    host: '127.0.0.1',
    logger,
    services: [
      { definition: AlertServiceService, implementation: webhookHandlers({ endpoints: webhooks.endpoints, logger }) },
    ],
  });
  client = new AlertServiceClient(`127.0.0.1:${grpcServer.port}`, credentials.createInsecure());
});

afterAll(async () => {
  client?.close();
  await grpcServer?.shutdown(1_000);
  await receiver?.stop();
  await connection?.dropDatabase();
  await connection?.close();
});

beforeEach(() => {
  receiver.received.length = 0;
});

async function createEndpoint(owner: string, url = receiverUrl) {
  const created = await grpcCall(client, 'createWebhookEndpoint', {
    ownerUserId: owner,
    url,
    description: 'test receiver',
  });
  receiver.useSecret(new URL(url).pathname, created.secret);
  return created;
}

function message(owner: string, endpointId: string, id = uniqueName('msg')): WebhookMessage {
  return {
    id,
    ownerUserId: owner,
    endpointId,
    type: 'alert.hits',
    payload: {
      alert: { id: 'alert-1', name: 'Rate cases' },
      documents: [{ id: 'doc-1', title: 'Order 12', docket_number: 'UE-230001' }],
    },
  };
}

describe('webhook endpoints (gRPC)', () => {
  it('creates an endpoint whose secret is shown once, lists it without the secret, scoped to its owner', async () => {
    const owner = uniqueName('user');
    const created = await createEndpoint(owner);
    expect(created.secret).toMatch(/^whsec_/);
    expect(created.endpoint).toMatchObject({
      url: receiverUrl,
      description: 'test receiver',
      disabled: false,
      consecutiveFailures: 0,
    });

    const listed = await grpcCall(client, 'listWebhookEndpoints', { ownerUserId: owner });
    expect(listed.endpoints.map((e) => e.id)).toEqual([created.endpoint?.id]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(await webhooks.endpoints.isOwnersEndpoint(owner, created.endpoint!.id)).toBe(true);

    const stranger = uniqueName('user');
    expect((await grpcCall(client, 'listWebhookEndpoints', { ownerUserId: stranger })).endpoints).toEqual([]);
    expect(await webhooks.endpoints.isOwnersEndpoint(stranger, created.endpoint!.id)).toBe(false);
    await expect(
      grpcCall(client, 'deleteWebhookEndpoint', { ownerUserId: stranger, endpointId: created.endpoint!.id }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      grpcCall(client, 'enableWebhookEndpoint', { ownerUserId: stranger, endpointId: created.endpoint!.id }),
    ).rejects.toBeInstanceOf(NotFoundError);

    await grpcCall(client, 'deleteWebhookEndpoint', { ownerUserId: owner, endpointId: created.endpoint!.id });
    expect((await grpcCall(client, 'listWebhookEndpoints', { ownerUserId: owner })).endpoints).toEqual([]);
    await expect(
      grpcCall(client, 'deleteWebhookEndpoint', { ownerUserId: owner, endpointId: created.endpoint!.id }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it.each([
    ['http://10.0.0.1/hook', '10.0.0.1 is a private network address'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['http://[::ffff:169.254.169.254]/hook', '169.254.169.254 is a link-local address'],
    ['http://[fd00:ec2::254]/', 'unique-local'],
    ['http://100.100.100.200/', 'carrier-grade NAT'],
    // IPv6 forms that embed an IPv4 address: IPv4-compatible (however written), NAT64, 6to4, Teredo.
    ['http://[::127.0.0.1]/', '::7f00:1 is an IPv4-compatible IPv6 address (it embeds 127.0.0.1)'],
    ['http://[::7f00:1]/', 'IPv4-compatible IPv6 address (it embeds 127.0.0.1)'],
    ['http://[::a9fe:a9fe]/latest/meta-data/', 'IPv4-compatible IPv6 address (it embeds 169.254.169.254)'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'NAT64'],
    ['http://[2002:a9fe:a9fe::1]/', '6to4'],
    ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'Teredo'],
    // A public address, but a port that is neither 80, 443 nor configured.
    ['https://93.184.215.14:8443/hook', 'port 8443 is not allowed: webhooks are sent to ports 80, 443'],
    ['http://93.184.215.14:22/', 'port 22 is not allowed'],
    ['ftp://hooks.example.com/', 'must use http or https'],
    ['not a url', 'is not an absolute URL'],
  ])('refuses %s at creation with INVALID_ARGUMENT naming url', async (url, why) => {
    const error = await grpcCall(client, 'createWebhookEndpoint', {
      ownerUserId: uniqueName('user'),
      url,
      description: '',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).issues).toEqual([{ path: 'url', message: expect.stringContaining(why) }]);
  });

  it('refuses a host name that resolves to a private address, or does not resolve', async () => {
    dnsAnswers.set('intranet.example.test', '192.168.10.20');
    const error = await grpcCall(client, 'createWebhookEndpoint', {
      ownerUserId: uniqueName('user'),
      url: 'https://intranet.example.test/in',
      description: '',
    }).catch((e: unknown) => e);
    expect((error as InputError).issues).toEqual([
      {
        path: 'url',
        message:
          'intranet.example.test resolves to a private network address; ' +
          'webhooks are not sent to private or internal networks',
      },
    ]);
    const unknown = await grpcCall(client, 'createWebhookEndpoint', {
      ownerUserId: uniqueName('user'),
      url: 'https://nowhere.example.test/in',
      description: '',
    }).catch((e: unknown) => e);
    expect((unknown as InputError).issues).toEqual([
      { path: 'url', message: expect.stringContaining('nowhere.example.test could not be resolved') },
    ]);
  });

  it('stops at the per-user limit with an error naming the field', async () => {
    const owner = uniqueName('user');
    for (let i = 0; i < 4; i += 1) await createEndpoint(owner);
    const error = await createEndpoint(owner).catch((e: unknown) => e);
    expect((error as InputError).issues).toEqual([
      {
        path: 'url',
        message: 'you already have 4 webhook endpoints, the most allowed: delete one before adding another',
      },
    ]);
  });

  it('never goes past the limit when creations race', async () => {
    const owner = uniqueName('user');
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, () => createEndpoint(owner)));
    // How many win depends on the interleaving (racing creations may all be taken back); never more than 4.
    const created = outcomes.filter((o) => o.status === 'fulfilled').length;
    expect(created).toBeLessThanOrEqual(4);
    expect(
      outcomes
        .filter((o) => o.status === 'rejected')
        .every((o) => (o as PromiseRejectedResult).reason instanceof InputError),
    ).toBe(true);
    expect((await grpcCall(client, 'listWebhookEndpoints', { ownerUserId: owner })).endpoints).toHaveLength(created);
  });
});

describe('sending (Standard Webhooks)', () => {
  it('POSTs a signed JSON message that the standardwebhooks verifier accepts', async () => {
    const owner = uniqueName('user');
    const { endpoint } = await createEndpoint(owner);
    const sent = message(owner, endpoint!.id);
    await webhooks.sender.send(sent);

    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got?.verifyError).toBeUndefined();
    expect(got?.headers['webhook-id']).toBe(sent.id);
    expect(got?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.verified).toEqual({
      type: 'alert.hits',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: sent.payload,
    });
    const stored = await store.find(endpoint!.id);
    expect(stored?.lastSuccessAt).toBeInstanceOf(Date);
    expect(stored?.consecutiveFailures).toBe(0);
  });

  it('fails twice, is retried under the same webhook-id, then succeeds (failures counted, then cleared)', async () => {
    const owner = uniqueName('user');
    const { endpoint } = await createEndpoint(owner);
    receiver.script(PATH, [500, 429]);
    const sent = message(owner, endpoint!.id);

    await expect(webhooks.sender.send(sent)).rejects.toThrow(new RetryableDeliveryError('HTTP 500'));
    await expect(webhooks.sender.send(sent)).rejects.toThrow(new RetryableDeliveryError('HTTP 429'));
    expect(
      (await grpcCall(client, 'listWebhookEndpoints', { ownerUserId: owner })).endpoints[0]?.consecutiveFailures,
    ).toBe(2);
    expect((await store.find(endpoint!.id))?.lastError).toBe('HTTP 429');
    await webhooks.sender.send(sent);

    expect(receiver.received.map((r) => r.webhookId)).toEqual([sent.id, sent.id, sent.id]);
    expect(receiver.received.every((r) => r.verifyError === undefined)).toBe(true);
    expect((await grpcCall(client, 'listWebhookEndpoints', { ownerUserId: owner })).endpoints[0]).toMatchObject({
      consecutiveFailures: 0,
      disabled: false,
    });
  });

  it('treats a receiver that does not answer in time as a failure worth retrying', async () => {
    const owner = uniqueName('user');
    const { endpoint } = await createEndpoint(owner);
    receiver.script(PATH, ['hang']);
    await expect(webhooks.sender.send(message(owner, endpoint!.id))).rejects.toThrow(
      new RetryableDeliveryError('timed out'),
    );
    expect((await store.find(endpoint!.id))?.lastError).toBe('timed out');
  });

  it("records a refused connection and a failed TLS handshake as such, not in the network error's words", async () => {
    const owner = uniqueName('user');
    const { endpoint: refused } = await createEndpoint(owner, `http://127.0.0.1:${closedPort}/in`);
    await expect(webhooks.sender.send(message(owner, refused!.id))).rejects.toThrow(
      new RetryableDeliveryError('connection refused'),
    );
    expect(await store.find(refused!.id)).toMatchObject({ lastError: 'connection refused', consecutiveFailures: 1 });

    // https to a plain-HTTP port: OpenSSL's answer ("wrong version number") would say what listens there.
    const { endpoint: tls } = await createEndpoint(owner, `https://127.0.0.1:${receiverPort}/in`);
    await expect(webhooks.sender.send(message(owner, tls!.id))).rejects.toThrow(
      new RetryableDeliveryError('TLS error'),
    );
    expect(await store.find(tls!.id)).toMatchObject({ lastError: 'TLS error', consecutiveFailures: 1 });
    expect(receiver.received).toHaveLength(0);
  });

  it('disables the endpoint when the receiver answers 410 Gone, and tells its owner', async () => {
    const owner = uniqueName('user');
    const { endpoint } = await createEndpoint(owner);
    receiver.script(PATH, [410]);
    await expect(webhooks.sender.send(message(owner, endpoint!.id))).rejects.toBeInstanceOf(PermanentDeliveryError);
    const [listed] = (await grpcCall(client, 'listWebhookEndpoints', { ownerUserId: owner })).endpoints;
    expect(listed).toMatchObject({ disabled: true, disabledReason: 'HTTP 410 Gone' });
    expect(notices.byKey.get(`webhook-disabled:${endpoint!.id}:0`)).toMatchObject({
      ownerUserId: owner,
      kind: 'notice',
      link: '/alerts/webhooks',
    });
    await expect(webhooks.sender.send(message(owner, endpoint!.id))).rejects.toThrow(
      new PermanentDeliveryError('the webhook endpoint is disabled: HTTP 410 Gone'),
    );
    expect(receiver.received).toHaveLength(1);
  });

  it('disables the endpoint after repeated final failures with one notice, and enabling starts it again', async () => {
    const owner = uniqueName('user');
    const { endpoint } = await createEndpoint(owner);
    const id = endpoint!.id;
    await webhooks.sender.recordFinalFailure(id, 'HTTP 503');
    expect((await store.find(id))?.disabled).toBe(false);
    await webhooks.sender.recordFinalFailure(id, 'HTTP 502');
    // A repeated call (a worker restarted after a crash) changes nothing and sends no second notice.
    await webhooks.sender.recordFinalFailure(id, 'HTTP 502');

    const [disabled] = (await grpcCall(client, 'listWebhookEndpoints', { ownerUserId: owner })).endpoints;
    expect(disabled).toMatchObject({
      disabled: true,
      disabledReason: '2 messages in a row could not be delivered after 24 hours of retries; the last: HTTP 502',
    });
    const mine = [...notices.byKey.values()].filter((n) => n.ownerUserId === owner);
    expect(mine).toEqual([
      {
        key: `webhook-disabled:${id}:0`,
        ownerUserId: owner,
        kind: 'notice',
        title: 'Webhook endpoint disabled',
        link: '/alerts/webhooks',
        body:
          `Nothing more is sent to ${receiverUrl}: 2 messages in a row could not be delivered after 24 hours ` +
          'of retries; the last: HTTP 502. Fix the receiver, then enable the endpoint again.',
      },
    ]);
    await expect(webhooks.sender.send(message(owner, id))).rejects.toBeInstanceOf(PermanentDeliveryError);
    expect(receiver.received).toHaveLength(0);

    const { endpoint: enabled } = await grpcCall(client, 'enableWebhookEndpoint', {
      ownerUserId: owner,
      endpointId: id,
    });
    expect(enabled).toMatchObject({ disabled: false, disabledReason: '', consecutiveFailures: 0 });
    await webhooks.sender.send(message(owner, id));
    expect(receiver.received).toHaveLength(1);
    // A success in between resets the count: one more final failure does not disable it again.
    await webhooks.sender.recordFinalFailure(id, 'HTTP 500');
    expect((await store.find(id))?.disabled).toBe(false);
  });

  it('checks the address again at send time and connects to the address it checked (no DNS rebinding)', async () => {
    const owner = uniqueName('user');
    // The name resolves to the receiver's loopback address (allowed here): only the checked address
    // reaches the receiver, since the system resolver does not know this name at all.
    dnsAnswers.set('hooks.rebind.test', '127.0.0.1');
    const { endpoint } = await createEndpoint(owner, `http://hooks.rebind.test:${receiverPort}/in`);
    await webhooks.sender.send(message(owner, endpoint!.id));
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.headers.host).toBe(`hooks.rebind.test:${receiverPort}`);

    // Then the name is rebound to an internal address: refused for good, nothing sent.
    dnsAnswers.set('hooks.rebind.test', '10.20.30.40');
    await expect(webhooks.sender.send(message(owner, endpoint!.id))).rejects.toThrow(
      new PermanentDeliveryError(
        'hooks.rebind.test resolves to a private network address; ' +
          'webhooks are not sent to private or internal networks',
      ),
    );
    // Or to the loopback address written as an IPv4-compatible IPv6 address.
    dnsAnswers.set('hooks.rebind.test', '::7f00:1');
    const rebound = await webhooks.sender.send(message(owner, endpoint!.id)).catch((e: unknown) => e);
    expect(rebound).toBeInstanceOf(PermanentDeliveryError);
    expect((rebound as Error).message).toContain('hooks.rebind.test resolves to an IPv4-compatible IPv6 address');
    expect(receiver.received).toHaveLength(1);
  });

  it('checks the port again at send time: an endpoint on a port no longer allowed gets nothing', async () => {
    const owner = uniqueName('user');
    // As if stored while the operator allowed that port, which the configuration no longer does.
    const { endpoint } = await createEndpoint(owner);
    const record = (await store.find(endpoint!.id))!;
    const moved = { ...record, id: uniqueName('endpoint'), url: `http://127.0.0.1:8081${PATH}` };
    await store.insert(moved);
    await expect(webhooks.sender.send(message(owner, moved.id))).rejects.toThrow(
      new PermanentDeliveryError(
        `port 8081 is not allowed: webhooks are sent to ports 80, 443, ${receiverPort} and ${closedPort} only`,
      ),
    );
    expect(receiver.received).toHaveLength(0);
  });

  it('counts a host that no longer resolves as a failure worth retrying', async () => {
    const owner = uniqueName('user');
    dnsAnswers.set('hooks.vanishing.test', '127.0.0.1');
    const { endpoint } = await createEndpoint(owner, `http://hooks.vanishing.test:${receiverPort}/in`);
    dnsAnswers.delete('hooks.vanishing.test');
    await expect(webhooks.sender.send(message(owner, endpoint!.id))).rejects.toThrow(RetryableDeliveryError);
    expect(await store.find(endpoint!.id)).toMatchObject({
      consecutiveFailures: 1,
      lastError: 'host not found',
      disabled: false,
    });
    expect(receiver.received).toHaveLength(0);
  });

  it("refuses a message for an endpoint that is gone or is another user's", async () => {
    const owner = uniqueName('user');
    const { endpoint } = await createEndpoint(owner);
    await expect(webhooks.sender.send(message(uniqueName('user'), endpoint!.id))).rejects.toThrow(
      new PermanentDeliveryError('the webhook endpoint no longer exists'),
    );
    await grpcCall(client, 'deleteWebhookEndpoint', { ownerUserId: owner, endpointId: endpoint!.id });
    await expect(webhooks.sender.send(message(owner, endpoint!.id))).rejects.toThrow(
      new PermanentDeliveryError('the webhook endpoint no longer exists'),
    );
    expect(receiver.received).toHaveLength(0);
  });
});
