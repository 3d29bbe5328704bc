/**
 * Digest build for many users (figures, never pass/fail): 10,000 users × 10 daily alerts, each alert
 * with 1-12 new hits from @docket/corpus filings, planned by the real DigestPlanner (grouping per user,
 * sections, top documents, "and N more") and every e-mail built by the real AlertEmailBuilder (MJML
 * layout compiled once + Handlebars, HTML and text, signed unsubscribe token), as the delivery worker
 * builds it before sending. The stores are in memory here (the planner's reads and writes are the
 * service's Mongo calls, measured by the integration tests, not this bench); each e-mail is built as
 * its delivery is recorded and then dropped, as the worker does one message at a time.
 *
 *   npm run bench:digest-build   # 10,000 users × 10 alerts, 500 e-mails sent to a local SMTP server
 *   npx tsx bench/digest-build.bench.ts --users 2000 --send 0
 *
 * Prints the time, users/s, e-mails/s, the average e-mail size, peak RSS and heap, and the load
 * average; sending (nodemailer to an SMTP server in this process) is timed separately. Writes
 * .data/bench/digest-build.json.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { generateCatalog, generateDockets, generateFilings } from '@docket/corpus';
import type { DeliveryRepository, NewDelivery } from '../services/alerts/src/delivery/delivery.repository';
import { DigestPlanner } from '../services/alerts/src/delivery/digest-planner';
import { AlertEmailBuilder, type EmailContent } from '../services/alerts/src/delivery/email/alert-email';
import { EmailRenderer } from '../services/alerts/src/delivery/email/email-renderer';
import { SmtpMailer } from '../services/alerts/src/delivery/email/mailer';
import { UnsubscribeTokens } from '../services/alerts/src/delivery/unsubscribe-token';
import type { DeliveryRecord } from '../services/alerts/src/domain/delivery';
import type {
  AlertForDelivery,
  AlertSource,
  CadenceName,
  HitForDelivery,
  HitSource,
} from '../services/alerts/src/domain/delivery-ports';
import { SmtpSink } from '../services/alerts/test/support/smtp-sink';
import { printTable, round, writeBenchResult } from './support/bench-output';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    alerts: { type: 'string', default: '10' },
    send: { type: 'string', default: '500' },
  },
});
const USERS = Number(args.users);
const ALERTS = Number(args.alerts);
const SEND = Number(args.send);
const SEED = 'bench-digest';
const WINDOW = new Date('2026-11-25T08:00:00Z'); // 08:00 UTC: every generated alert's daily hour

/** A pool of hits made from generated filings (title, snippet around a word, docket, source). */
function hitPool(size: number): Omit<HitForDelivery, 'id' | 'alertId'>[] {
  const catalog = generateCatalog(SEED);
  const dockets = generateDockets(SEED, catalog, 100);
  const pool: Omit<HitForDelivery, 'id' | 'alertId'>[] = [];
  for (const filing of generateFilings(SEED, catalog, dockets, { count: size, pdfShare: 0 })) {
    const words = (filing.pages[0] ?? filing.description).split(/\s+/u).slice(10, 40);
    pool.push({
      documentId: `doc-${pool.length}`,
      title: filing.title,
      snippet: `${words.slice(0, 12).join(' ')} \uE000${words[12] ?? 'tariff'}\uE001 ${words.slice(13).join(' ')}`,
      docketNumber: filing.docketNumber,
      sourceName: filing.sourceId,
      filingType: filing.filingTypeNative,
      filedAt: new Date(filing.filedAt),
      matchedAt: WINDOW,
      deliveryKey: '',
    });
  }
  return pool;
}

async function main(): Promise<void> {
  const pool = hitPool(2_000);
  // Deterministic "random": hits per alert 1-12, drawn from the pool.
  const hitsFor = (user: number, alert: number): HitForDelivery[] => {
    const n = 1 + ((user * 31 + alert * 17) % 12);
    return Array.from({ length: n }, (_, i) => ({
      ...pool[(user * 97 + alert * 13 + i * 7) % pool.length]!,
      id: `h-${user}-${alert}-${i}`,
      alertId: `a-${user}-${alert}`,
    }));
  };
  const alertOf = (user: number, alert: number): AlertForDelivery => ({
    id: `a-${user}-${alert}`,
    ownerUserId: `u-${user}`,
    ownerEmail: `user${user}@example.com`,
    name: `Alert ${alert} of user ${user}`,
    kind: alert % 4 === 0 ? 'docket' : 'search',
    query: alert % 4 === 0 ? '' : 'rate case',
    question: '',
    cadence: 'daily',
    hour: 8,
    weekday: 0,
    timeZone: 'UTC',
    paused: false,
    volumeNotice: '',
    emailUnsubscribed: false,
    channels: { inApp: true, email: true, webhookEndpointId: '' },
  });
  const alerts: AlertSource = {
    alert: async () => null,
    alertsOfOwner: async (owner: string, cadence: CadenceName) =>
      cadence === 'daily' ? Array.from({ length: ALERTS }, (_, a) => alertOf(Number(owner.slice(2)), a)) : [],
    ownersWithCadence: async function* (cadence: CadenceName) {
      if (cadence === 'daily') for (let u = 0; u < USERS; u += 1) yield `u-${u}`;
    },
    setVolumeNotice: async () => undefined,
    setEmailUnsubscribed: async () => undefined,
  };
  const hits: HitSource = {
    undeliveredHits: async (alertId: string) => {
      const [, user, alert] = alertId.split('-');
      return hitsFor(Number(user), Number(alert));
    },
    countUndelivered: async (alertId: string) => (await hits.undeliveredHits(alertId, 0)).length,
    markDelivered: async () => undefined,
  };

  const tokens = new UnsubscribeTokens('bench-secret-of-enough-length');
  const builder = new AlertEmailBuilder({
    appUrl: 'https://docket.example',
    messageIdDomain: 'docket.example',
    renderer: EmailRenderer.load(),
    unsubscribeToken: (ownerUserId, alertIds) => tokens.sign({ ownerUserId, alertIds }),
  });
  const keep: EmailContent[] = [];
  let emails = 0;
  let emailBytes = 0;
  let buildMs = 0;
  // Records nothing: each e-mail delivery is built when recorded, then dropped (the first `SEND` are kept to send).
  const deliveries = {
    record: async (d: NewDelivery) => {
      const record: DeliveryRecord = { ...d, status: 'pending', attempts: 0, error: '' };
      if (d.channel === 'email') {
        const started = performance.now();
        const email = builder.build(record);
        buildMs += performance.now() - started;
        emails += 1;
        emailBytes += email.html.length + email.text.length;
        if (keep.length < SEND) keep.push(email);
      }
      return { delivery: record, created: true };
    },
  } as unknown as DeliveryRepository;
  const planner = new DigestPlanner({
    deliveries,
    alerts,
    hits,
    jobs: { enqueue: async () => undefined },
    answers: { answer: async () => [] },
    maxPerHour: 20,
    logger: pino({ level: 'silent' }),
  });

  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
  }, 20);
  const baseRss = process.memoryUsage().rss;
  const started = performance.now();
  const result = await planner.planWindow(WINDOW);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);

  let sendSeconds = 0;
  if (keep.length > 0) {
    const sink = await SmtpSink.start();
    const mailer = new SmtpMailer(sink.url, '"Docket Research" <alerts@docket.example>');
    const sendStarted = performance.now();
    for (let i = 0; i < keep.length; i += 8) await Promise.all(keep.slice(i, i + 8).map((e) => mailer.send(e)));
    sendSeconds = (performance.now() - sendStarted) / 1000;
    mailer.close();
    await sink.stop();
  }

  const loadAverage = os.loadavg().map((l) => round(l, 2));
  const figures = {
    users: USERS,
    alertsPerUser: ALERTS,
    usersWithDigest: result.users,
    deliveries: result.deliveries,
    emails,
    seconds: round(seconds, 2),
    usersPerSecond: round(result.users / seconds),
    emailBuildMs: round(buildMs),
    emailsPerSecondBuilt: round(emails / (buildMs / 1000)),
    averageEmailKb: round(emailBytes / Math.max(1, emails) / 1024),
    peakRssMb: round(peakRss / 2 ** 20),
    rssGrowthMb: round((peakRss - baseRss) / 2 ** 20),
    peakHeapMb: round(peakHeap / 2 ** 20),
    sent: keep.length,
    sendSeconds: round(sendSeconds, 2),
    sentPerSecond: keep.length ? round(keep.length / sendSeconds) : 0,
    loadAverage,
  };
  printTable(`Digest build: ${USERS} users × ${ALERTS} daily alerts (1-12 new documents each), one window`, [
    ['users with a digest / deliveries planned', `${result.users} / ${result.deliveries} (in-app + e-mail)`],
    ['plan + build, total', `${figures.seconds} s (${figures.usersPerSecond} users/s)`],
    [
      'of which building e-mails (HTML + text)',
      `${figures.emailBuildMs} ms for ${emails} (${figures.emailsPerSecondBuilt}/s), ${figures.averageEmailKb} KB each`,
    ],
    ['peak RSS / growth / peak heap', `${figures.peakRssMb} MB / ${figures.rssGrowthMb} MB / ${figures.peakHeapMb} MB`],
    ...(keep.length
      ? [
          [
            'sent to a local SMTP server (8 at a time)',
            `${keep.length} in ${figures.sendSeconds} s (${figures.sentPerSecond}/s)`,
          ] as [string, string],
        ]
      : []),
    ['load average (1, 5, 15 min)', loadAverage.join(', ')],
  ]);
  console.log(`wrote ${writeBenchResult('digest-build', figures)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
