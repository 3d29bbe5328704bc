import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { credentials } from '@grpc/grpc-js';
import mongoose, { type Connection } from 'mongoose';
import { freePort } from '@docket/local-infra';
import { AlertServiceClient, Cadence } from '@docket/proto/src/alerts';
import { grpcCall } from '@docket/service-kit';
import { waitFor } from '@docket/testkit';
import { alertsTestEnv } from '../support/alerts-app';
import { SmtpSink } from '../support/smtp-sink';
import { WebhookReceiver } from '../support/webhook-receiver';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const SERVICE_ENTRY = 'services/alerts/src/main.ts';
const USERS = 40;
/**
 * Its own database, Kafka names, channels and queues (the same across the restart): what other suites
 * publish (export notices above all, which would add e-mails and notifications) never reaches it.
 */
const serviceEnv = alertsTestEnv('alerts-crash');
let connection: Connection;
let sink: SmtpSink;
let receiver: WebhookReceiver;

beforeAll(async () => {
  connection = await mongoose.createConnection(serviceEnv.MONGO_URL, { dbName: serviceEnv.MONGO_DB }).asPromise();
  // Each message takes the server 400 ms: with 8 sends at a time the kill lands mid-delivery even on a loaded machine.
  sink = await SmtpSink.start({ acceptDelayMs: 400 });
  receiver = await WebhookReceiver.start();
});

afterAll(async () => {
  await sink?.stop();
  await receiver?.stop();
  await connection?.dropDatabase();
  await connection?.close();
});

// Only a send in flight at the kill can repeat.
it('SIGKILL during delivery, then a restart: every delivery arrives; none recorded as sent goes twice', async () => {
  const port = await freePort();
  const childEnv = {
    ...process.env,
    ...serviceEnv,
    GRPC_PORT: String(port),
    SMTP_URL: sink.url,
    LOG_LEVEL: 'warn',
    // A dead worker's jobs are taken up 1.5 s after; records left unqueued are swept after 1 s.
    ALERTS_DELIVERY_LOCK_MS: '1500',
    ALERTS_DELIVERY_SWEEP_MS: '1000',
    // The receiver is on loopback, on a random port.
    WEBHOOK_ALLOWED_ADDRESSES: '127.0.0.0/8',
    WEBHOOK_ALLOWED_PORTS: String(receiver.port),
  };
  const spawnService = () =>
    spawn(process.execPath, ['--import', 'tsx', SERVICE_ENTRY], { cwd: REPO_ROOT, env: childEnv, stdio: 'ignore' });
  const client = new AlertServiceClient(`127.0.0.1:${port}`, credentials.createInsecure());
  const deliveries = () => connection.collection<{ _id: string; status: string; channel: string }>('deliveries');
  let child: ChildProcess = spawnService();
  try {
    const endpoints: string[] = [];
    const definition = (i: number) => ({
      name: `Crash ${i}`,
      query: `zzcrash${i}`,
      question: '',
      filters: { agencies: [], filingTypes: [], dockets: [], parties: [], filedFrom: '', filedTo: '' },
      schedule: { cadence: Cadence.CADENCE_REALTIME, hour: 0, weekday: 0, timeZone: 'UTC' },
      channels: { inApp: true, email: true, webhookEndpointId: endpoints[i]! },
    });
    const endpoint = (i: number) =>
      grpcCall(client, 'createWebhookEndpoint', {
        ownerUserId: `crash-${i}`,
        url: receiver.url(`/crash-${i}`),
        description: '',
      });
    for (let i = 0; i < USERS; i += 1) {
      const created =
        i === 0
          ? await waitFor(() => endpoint(0).catch(() => undefined), {
              description: 'the service to serve',
              timeoutMs: 60_000,
            })
          : await endpoint(i);
      endpoints.push(created.endpoint!.id);
      receiver.useSecret(`/crash-${i}`, created.secret);
    }
    const alerts = [];
    for (let i = 0; i < USERS; i += 1)
      alerts.push(
        (
          await grpcCall(client, 'createAlert', {
            ownerUserId: `crash-${i}`,
            ownerEmail: `crash-${i}@example.com`,
            definition: definition(i),
          })
        ).alert!,
      );
    // Each test send records three deliveries (in-app, e-mail, webhook) and queues them.
    for (const [i, alert] of alerts.entries())
      await grpcCall(client, 'sendTestAlert', { ownerUserId: `crash-${i}`, alertId: alert.id });

    await waitFor(() => sink.messages.length >= 5, { description: 'the first e-mails to arrive', timeoutMs: 30_000 });
    child.kill('SIGKILL');
    await once(child, 'exit');
    const emailKeys = (await deliveries().find({ channel: 'email' }).toArray()).map((d) => d._id);
    expect(emailKeys).toHaveLength(USERS);
    const sentAtKill = new Set(
      (await deliveries().find({ channel: 'email', status: 'sent' }).toArray()).map((d) => d._id),
    );
    const hooksSentAtKill = new Set(
      (await deliveries().find({ channel: 'webhook', status: 'sent' }).toArray()).map((d) => d._id),
    );
    expect(sentAtKill.size).toBeLessThan(USERS); // killed mid-delivery

    child = spawnService();
    await waitFor(async () => (await deliveries().countDocuments({ status: 'sent' })) === USERS * 3, {
      description: 'every delivery sent after the restart',
      timeoutMs: 90_000,
    });

    const counts = new Map<string, number>();
    for (const m of sink.messages) counts.set(m.deliveryKey, (counts.get(m.deliveryKey) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...emailKeys].sort()); // none lost
    const repeated = [...counts].filter(([, n]) => n > 1).map(([key]) => key);
    // The only repeat possible: a message in flight (the server may have taken it) not yet recorded as
    // sent when the process died; a delivery recorded as sent is never sent again.
    for (const key of repeated) expect(sentAtKill.has(key)).toBe(false);
    expect(repeated.length).toBeLessThanOrEqual(8); // at most the sends in flight (the worker's concurrency)
    // Webhooks: the same rule, each signed and verified, a repeat under the same webhook-id.
    const hookKeys = (await deliveries().find({ channel: 'webhook' }).toArray()).map((d) => d._id);
    const hookCounts = new Map<string, number>();
    for (const r of receiver.received) hookCounts.set(r.webhookId, (hookCounts.get(r.webhookId) ?? 0) + 1);
    expect([...hookCounts.keys()].sort()).toEqual([...hookKeys].sort());
    expect(receiver.received.every((r) => r.verifyError === undefined)).toBe(true);
    for (const [key, n] of hookCounts) if (n > 1) expect(hooksSentAtKill.has(key)).toBe(false);
    // In-app: the notification's key is the delivery's, so exactly one each whatever happened.
    expect(await connection.collection('notifications').countDocuments({})).toBe(USERS);
    // Every repeated message carries the same Message-ID, so a mail client shows it once.
    for (const key of repeated) expect(new Set(sink.byKey(key).map((m) => m.messageId)).size).toBe(1);
  } finally {
    client.close();
    child.kill('SIGTERM');
    await once(child, 'exit').catch(() => undefined);
  }
}, 180_000);
