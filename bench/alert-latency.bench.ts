/**
 * Real-time alert latency end to end (figures, never pass/fail): a document accepted by the
 * documents service (CreateDocument answered) → documents.ingested.v1 (outbox, Kafka) → percolation
 * in the alerts service → delivery queue (BullMQ) → (a) the in-app notification streamed by
 * WatchNotifications, (b) the e-mail accepted by an SMTP server.
 *
 *   npm run bench:alert-latency                 # 30 documents, one at a time, on an idle stack
 *   npx tsx bench/alert-latency.bench.ts --documents 60
 *   npx tsx bench/alert-latency.bench.ts --gap-ms 2000   # each document 2 s after the last one's alert
 *
 * Without a gap each document is created as soon as the one before has its alert: a stream of about
 * four a second, in which a document's event can land in the fetch window the one before opened (see
 * BUSY_TOPIC_FETCH_WINDOW). With a gap of a second or more each arrives alone, on an idle stack.
 *
 * Starts the stack (test profile, no frontend) with SMTP_URL pointing at an SMTP server in this
 * process, which stamps each message as it accepts it. Prints p50/p95 and the load average; writes
 * .data/bench/alert-latency.json.
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { pollUntil } from '@docket/local-infra';
import { AlertServiceClient, Cadence, type WatchNotificationsResponse } from '@docket/proto/src/alerts';
import { GRPC_CLIENT_OPTIONS, grpcCall } from '@docket/service-kit';
import { SmtpSink } from '../services/alerts/test/support/smtp-sink';
import { printTable, round, summary, writeBenchResult } from './support/bench-output';
import { startBenchStack } from './support/bench-stack';

const { values: args } = parseArgs({
  options: { documents: { type: 'string', default: '30' }, 'gap-ms': { type: 'string', default: '0' } },
});
const DOCUMENTS = Number(args.documents);
const GAP_MS = Number(args['gap-ms']);
const WARMUP = 3;
const OWNER = 'bench-latency';

async function main(): Promise<void> {
  const sink = await SmtpSink.start();
  const bench = await startBenchStack({
    env: { SMTP_URL: sink.url, ALERTS_REALTIME_MAX_PER_HOUR: '100000', SEED_CORPUS: 'false' },
  });
  const alerts = new AlertServiceClient(
    bench.stack.grpcTargets.alerts,
    bench.stack.grpcCredentials(),
    GRPC_CLIENT_OPTIONS,
  );
  const inApp = new Map<string, number>();
  const watch = alerts.watchNotifications({ ownerUserId: OWNER });
  watch.on('data', (message: WatchNotificationsResponse) => {
    if (message.notification?.documentId) inApp.set(message.notification.documentId, Date.now());
  });
  watch.on('error', () => undefined); // cancelled at the end
  try {
    const { alert } = await grpcCall(alerts, 'createAlert', {
      ownerUserId: OWNER,
      ownerEmail: 'bench@example.com',
      definition: {
        name: 'Latency probe',
        query: 'zzlatencyprobe',
        question: '',
        filters: { agencies: [], filingTypes: [], dockets: [], parties: [], filedFrom: '', filedTo: '' },
        schedule: { cadence: Cadence.CADENCE_REALTIME, hour: 0, weekday: 0, timeZone: 'UTC' },
        channels: { inApp: true, email: true, webhookEndpointId: '' },
      },
    });
    const toInApp: number[] = [];
    const toEmail: number[] = [];
    for (let i = 0; i < WARMUP + DOCUMENTS; i += 1) {
      if (i > 0 && GAP_MS > 0) await sleep(GAP_MS);
      const { document } = await grpcCall(bench.documents, 'createDocument', {
        title: `Latency probe ${i} ${Date.now()}`,
        text: `Notice ${i}: the zzlatencyprobe tariff filing number ${i} at ${Date.now()}.`,
        sourceId: 'uploads',
        docketNumber: '',
        filingType: 'Notice',
        createdBy: 'bench',
      });
      const accepted = Date.now();
      const id = document!.id;
      const key = `rt:${alert!.id}:${id}:email`;
      await pollUntil(async () => inApp.has(id) && sink.byKey(key).length > 0, {
        timeoutMs: 60_000,
        intervalMs: 5,
        description: `the notification and e-mail of ${id}`,
        abortIf: bench.crashed,
      });
      if (i < WARMUP) continue;
      toInApp.push(inApp.get(id)! - accepted);
      toEmail.push(sink.byKey(key)[0]!.receivedAt - accepted);
    }
    const loadAverage = os.loadavg().map((l) => round(l, 2));
    const inAppMs = summary(toInApp);
    const emailMs = summary(toEmail);
    printTable(
      `Real-time alert latency, ${DOCUMENTS} documents one at a time` +
        `${GAP_MS > 0 ? `, ${GAP_MS} ms apart` : ''} (after ${WARMUP} warm-up), ` +
        `ms from CreateDocument answered`,
      [
        ['→ in-app notification p50 / p95 / max', `${inAppMs.p50} / ${inAppMs.p95} / ${inAppMs.max}`],
        ['→ e-mail accepted by SMTP p50 / p95 / max', `${emailMs.p50} / ${emailMs.p95} / ${emailMs.max}`],
        ['load average (1, 5, 15 min)', loadAverage.join(', ')],
      ],
    );
    const result = { documents: DOCUMENTS, gapMs: GAP_MS, inAppMs, emailMs, loadAverage };
    console.log(`wrote ${writeBenchResult('alert-latency', result)}`);
  } finally {
    watch.cancel();
    alerts.close();
    await bench.stop();
    await sink.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
