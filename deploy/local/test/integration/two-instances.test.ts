import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@opensearch-project/opensearch';
import { MongoClient } from 'mongodb';
import { generateCatalog, generateDockets, generateFilings, type Filing } from '@docket/corpus';
import { pollUntil, startStack, type StackHandle } from '@docket/local-infra';
import { uniqueName } from '@docket/testkit';
import { signIn } from '../support/bff-client';

const opensearchUrl = process.env.OPENSEARCH_URL || process.env.TEST_OPENSEARCH_URL;
const describeWithNode = opensearchUrl ? describe : describe.skip;
if (!opensearchUrl) process.stderr.write('[two-instances.test] SKIPPED: TEST_OPENSEARCH=off and no OPENSEARCH_URL\n');

const FILINGS = 600;
const SEED = 'two-instances';
/** Each service's second instance, and the documents service's first (either may hold the import job). */
const KILLED = ['documents', 'query-engine-2', 'alerts-2', 'export-2'];
/** Deliveries one alerts instance works on at once (ALERTS_DELIVERY_CONCURRENCY, set below). */
const DELIVERY_CONCURRENCY = 8;

// Two instances of every consuming service on topics of 4 partitions, one of each SIGKILLed while
// filings are imported, alerts match and exports run, and restarted by the launcher: every document
// is indexed (in the OpenSearch index both query-engines write), every alert hit is recorded and
// its e-mail delivery recorded once (sent under one Message-ID), and every export completes. The
// stack has Kafka, the stand-in and Redis of its own.
describeWithNode('launcher: two instances of every service share the work and survive losing one', () => {
  const email = 'replicas-admin@docket.local';
  const password = `Rp-${crypto.randomBytes(12).toString('base64url')}`;
  const index = uniqueName('qe-os-replicas').toLowerCase();
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'two-instances-'));
  let stack: StackHandle | undefined;
  let mongo: MongoClient | undefined;
  const serviceLines: string[] = [];

  afterAll(async () => {
    await mongo?.close();
    await stack?.stop();
    fs.rmSync(filesDir, { recursive: true, force: true });
    const client = new Client({ node: opensearchUrl });
    const { body, statusCode } = await client.indices.getAlias({ name: index }, { ignore: [404] });
    const behind = statusCode === 404 ? [] : Object.keys(body as object);
    for (const concrete of behind) await client.indices.delete({ index: concrete });
    await client.close();
  });

  it('indexes every document, records and e-mails every alert hit once, completes every export', async () => {
    try {
      await journey();
    } catch (error) {
      // The services' warnings and errors say why.
      process.stderr.write(`${serviceLines.slice(-200).join('\n')}\n`);
      throw error;
    }
  }, 600_000);

  async function journey(): Promise<void> {
    const { filings, sources } = writeFilings(filesDir);
    stack = await startStack({
      profile: 'test',
      frontend: false,
      replicas: 2,
      restartPolicy: { initialDelayMs: 200, maxDelayMs: 1000, maxCrashes: 3, windowMs: 120_000 },
      env: {
        // Infrastructure of its own (empty: the launcher starts it), so its topics have 4 partitions.
        KAFKA_BROKERS: '',
        MONGO_URL: '',
        REDIS_URL: '',
        KAFKA_TOPIC_PARTITIONS: '4',
        OPENSEARCH_URL: opensearchUrl!,
        OPENSEARCH_INDEX: index,
        VECTOR_SEARCH: 'off',
        // Two of everything on two cores while 600 filings stream in: the exports' search pages may
        // take longer than a user's 5 s budget, and a spent budget fails an export (not retried).
        SEARCH_TIME_BUDGET_MS: '30000',
        SEED_CORPUS: 'false',
        ALERTS_REALTIME_MAX_PER_HOUR: '100000',
        ALERTS_DELIVERY_CONCURRENCY: String(DELIVERY_CONCURRENCY),
        ADMIN_EMAIL: email,
        ADMIN_PASSWORD: password,
        LOG_LEVEL: 'warn',
      },
      log: () => undefined,
      // Warnings and errors of the services, shown when the test fails.
      onOutput: (name, line) => serviceLines.push(`[${name}] ${line}`),
    });
    const running = stack;
    mongo = await new MongoClient(running.infra.mongoUrl).connect();
    const db = (name: string) => mongo!.db(name);
    const bff = await signIn(running.bffUrl, email, password);

    for (const source of sources) {
      await bff.post('/api/catalog/sources', {
        id: source.id,
        name: source.name,
        kind: source.kind,
        jurisdiction: source.state === 'US' ? 'federal' : 'state',
        state: source.state,
      });
    }
    // One real-time alert per source, on e-mail and in the app.
    const alertSources = sources.slice(0, 2);
    const alertIds: Record<string, string> = {};
    for (const source of alertSources) {
      const created = await bff.post<{ alert: { id: string } }>('/api/alerts', {
        name: `Everything from ${source.name}`,
        filters: { agencies: [source.id] },
        schedule: { cadence: 'realtime' },
        channels: { inApp: true, email: true },
      });
      alertIds[source.id] = created.alert.id;
    }

    // A search in a workspace's log, made while the index is empty: its exports run it again.
    const workspace = await bff.post<{ workspace: { id: string } }>('/api/workspaces', { name: 'Replicas' });
    const search = await bff.post<{ requestId: string }>('/api/search', {
      workspace: workspace.workspace.id,
      q: 'order',
    });
    for (const source of sources) {
      await bff.post('/api/imports', { path: path.join(filesDir, source.id), sourceId: source.id });
    }
    const stored = () => db('documents').collection('documents').countDocuments();
    // A third in: lose one instance of each service (the launcher restarts them).
    await pollUntil(async () => ((await stored()) >= FILINGS / 3 ? true : undefined), {
      timeoutMs: 120_000,
      intervalMs: 50,
      description: 'a third of the filings stored',
    });
    const exportIds: string[] = [];
    for (const format of ['csv', 'jsonl', 'xlsx']) {
      const queued = await bff.post<{ export: { id: string } }>('/api/exports', {
        workspaceId: workspace.workspace.id,
        requestId: search.requestId,
        format,
      });
      exportIds.push(queued.export.id);
    }
    const pidsBefore = new Map(running.status().parts.map((part) => [part.name, part.pid]));
    for (const name of KILLED) process.kill(pidsBefore.get(name)!, 'SIGKILL');
    await pollUntil(
      () => {
        const parts = running.status().parts;
        return KILLED.every((name) => {
          const part = parts.find((p) => p.name === name);
          return part?.state === 'up' && part.restarts === 1;
        });
      },
      { timeoutMs: 120_000, intervalMs: 100, description: `${KILLED.join(', ')} restarted` },
    );

    // Every run finishes, every filing is stored once and indexed.
    const runs = db('documents').collection<{ status: string; new: number }>('ingestion_runs');
    await pollUntil(
      async () => ((await runs.countDocuments({ status: 'succeeded' })) === sources.length ? true : undefined),
      { timeoutMs: 180_000, intervalMs: 250, description: 'every import run to succeed' },
    );
    expect(await stored()).toBe(filings.length);
    const opensearch = new Client({ node: opensearchUrl });
    let indexed = 0;
    try {
      await pollUntil(
        async () => {
          await opensearch.indices.refresh({ index });
          const live = { bool: { must_not: [{ term: { tombstone: true } }] } };
          indexed = (await opensearch.count({ index, body: { query: live } })).body.count;
          return indexed === filings.length ? true : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 500, description: `${filings.length} documents in OpenSearch` },
      );
    } catch (error) {
      throw new Error(`${String(error)}; OpenSearch holds ${indexed}`);
    } finally {
      await opensearch.close();
    }

    // Every alert hit recorded once (one per document of its source) and e-mailed once.
    const hits = db('alerts').collection<{ _id: unknown; alertId: string }>('hits');
    const expectedHits = alertSources.map((s) => filings.filter((f) => f.sourceId === s.id).length);
    await pollUntil(
      async () => {
        const counts = await Promise.all(alertSources.map((s) => hits.countDocuments({ alertId: alertIds[s.id] })));
        return counts.every((count, i) => count === expectedHits[i]) ? true : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 250, description: `alert hits ${expectedHits.join(' and ')}` },
    );
    // Every export completes.
    for (const id of exportIds) {
      const done = await pollUntil(
        async () => {
          const { export: job } = await bff.get<{ export: { status: string; error: string } }>(`/api/exports/${id}`);
          return ['succeeded', 'failed', 'cancelled'].includes(job.status) ? job : undefined;
        },
        { timeoutMs: 180_000, intervalMs: 250, description: `export ${id} to finish` },
      );
      // A failed export's error says why (printed in full by the assertion).
      expect({ status: done.status, error: done.error }).toEqual({ status: 'succeeded', error: '' });
    }

    // A finished export is e-mailed too, through the same deliveries: the inbox is compared once those are sent.
    const deliveries = db('alerts').collection<{ kind: string; channel: string; status: string; hitIds: string[] }>(
      'deliveries',
    );
    const totalHits = expectedHits.reduce((a, b) => a + b, 0);
    let byState = '';
    const sentEmails = await pollUntil(
      async () => {
        const all = await deliveries.find({}).toArray();
        byState = JSON.stringify(
          all.reduce<Record<string, number>>((counts, d) => {
            const key = `${d.channel} ${d.status}`;
            counts[key] = (counts[key] ?? 0) + d.hitIds.length;
            return counts;
          }, {}),
        );
        const sent = all.filter((d) => d.channel === 'email' && d.status === 'sent');
        const exportsMailed = sent.filter((d) => d.kind === 'export').length;
        return sent.flatMap((d) => d.hitIds).length >= totalHits && exportsMailed >= exportIds.length
          ? sent
          : undefined;
      },
      {
        timeoutMs: 120_000,
        intervalMs: 250,
        description: `e-mail deliveries of ${totalHits} hits and ${exportIds.length} exports`,
      },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; hits by channel and status: ${byState}`);
    });
    const hitIds = sentEmails.flatMap((d) => d.hitIds);
    expect(new Set(hitIds).size).toBe(hitIds.length);
    expect(hitIds.length).toBe(totalHits);
    // Each sent delivery reached the mail server under its own Message-ID. The one step that can
    // repeat (docs/alerts.md) is a send whose worker was killed before recording it: the same
    // message again, same Message-ID, at most one per delivery the killed worker had in flight.
    const caught = (await (await fetch(`${running.mailUrl}/email`)).json()) as {
      messageId?: string;
      subject?: string;
    }[];
    // A worker killed in the middle of a send leaves the mail catcher a message cut off in its headers
    // (no Message-ID, no subject); an SMTP server accepts a message only once its data is complete.
    const inbox = caught.filter((message) => message.messageId);
    const distinct = new Set(inbox.map((message) => message.messageId)).size;
    if (distinct !== sentEmails.length) {
      // What was mailed and what was recorded, for whoever looks into the difference.
      const all = await deliveries
        .find({}, { projection: { key: 1, kind: 1, channel: 1, status: 1, hitIds: 1 } })
        .toArray();
      process.stderr.write(
        `inbox:\n${inbox.map((m) => `  ${m.messageId} ${m.subject}`).join('\n')}\ndeliveries:\n` +
          `${all.map((d) => `  ${JSON.stringify({ ...d, hitIds: d.hitIds.length })}`).join('\n')}\n`,
      );
    }
    expect(distinct).toBe(sentEmails.length);
    expect(inbox.length - sentEmails.length).toBeLessThanOrEqual(DELIVERY_CONCURRENCY);
  }
});

/** Generated filings as an importer holds them: per source, `<id>.txt` and its `<id>.txt.json` sidecar. */
function writeFilings(dir: string): { filings: Filing[]; sources: ReturnType<typeof generateCatalog>['sources'] } {
  const catalog = generateCatalog(SEED);
  const dockets = generateDockets(SEED, catalog, 60);
  const filings = [...generateFilings(SEED, catalog, dockets, { count: FILINGS, pdfShare: 0 })];
  const sources = catalog.sources.filter((source) => filings.some((f) => f.sourceId === source.id));
  for (const source of sources) fs.mkdirSync(path.join(dir, source.id));
  for (const filing of filings) {
    const file = path.join(dir, filing.sourceId, `${filing.sourceDocumentId}.txt`);
    fs.writeFileSync(file, filing.pages.join('\f'));
    fs.writeFileSync(
      `${file}.json`,
      JSON.stringify({
        title: filing.title,
        docketNumber: filing.docketNumber,
        filingType: filing.filingTypeNative,
        filedAt: filing.filedAt,
        filers: filing.filers,
        description: filing.description,
      }),
    );
  }
  return { filings, sources };
}
