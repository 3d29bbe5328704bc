/**
 * What a second instance of every service buys on this machine (figures, never pass/fail): the work of
 * deploy/local/test/integration/two-instances.test.ts (filings imported, indexed into OpenSearch,
 * matched against real-time alerts and e-mailed) with one and with two instances of each gRPC service,
 * topics of 4 partitions, one after the other in the same run.
 *
 *   npm run bench:replicas                                # 2,000 text filings, 4 alerts
 *   npm run bench:replicas -- --filings 1000 --replicas 1,2,3
 *
 * Each run starts its own stack and infrastructure (test profile, no frontend) and one OpenSearch
 * node shared by the runs (each run its own index), imports every source directory at once, and
 * measures from the first import call to (a) every run finished, (b) OpenSearch holding every
 * document, (c) every alert hit recorded. Prints documents/s for each and the CPU seconds of each
 * part; the load average beside them. On a 2-core machine the instances share the same two cores,
 * so the figure says what the partitioning costs or saves here, not what a cluster would gain.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Client } from '@opensearch-project/opensearch';
import { MongoClient } from 'mongodb';
import { generateCatalog, generateDockets, generateFilings, type Source } from '@docket/corpus';
import { pollUntil, startStack, startTestOpenSearch } from '@docket/local-infra';
import { printTable, round, writeBenchResult } from './support/bench-output';
import { cpuSecondsBetween, cpuSecondsByPart } from './support/bench-stack';
import { postJson, signInForWrites, type BffSession } from './support/bff-session';
import { writeTextFiling } from './support/filing-files';

const { values: args } = parseArgs({
  options: {
    filings: { type: 'string', default: '2000' },
    alerts: { type: 'string', default: '4' },
    replicas: { type: 'string', default: '1,2' },
  },
});
const FILINGS = Number(args.filings);
const ALERTS = Number(args.alerts);
const REPLICAS = args.replicas.split(',').map(Number);
const SEED = 'bench-replicas';
const TIMEOUT_MS = 30 * 60_000;
const log = (line: string) => process.stderr.write(`[replicas] ${line}\n`);

interface RunFigures {
  replicas: number;
  importedSeconds: number;
  indexedSeconds: number;
  alertHitsSeconds: number;
  documentsPerSecond: number;
  loadAverage1m: number;
  cpuSecondsByPart: Record<string, number>;
}

async function main(): Promise<void> {
  if (!Number.isInteger(FILINGS) || FILINGS <= 0) throw new Error(`--filings must be a positive integer`);
  if (REPLICAS.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--replicas lists whole numbers ≥ 1');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-replicas-'));
  const catalog = generateCatalog(SEED);
  const dockets = generateDockets(SEED, catalog, 100);
  const filings = [...generateFilings(SEED, catalog, dockets, { count: FILINGS, pdfShare: 0 })];
  const sources = catalog.sources.filter((source) => filings.some((f) => f.sourceId === source.id));
  for (const source of sources) fs.mkdirSync(path.join(dir, source.id));
  for (const filing of filings) writeTextFiling(path.join(dir, filing.sourceId), filing.sourceDocumentId, filing);
  const alertSources = sources.slice(0, ALERTS);
  const expectedHits = filings.filter((f) => alertSources.some((s) => s.id === f.sourceId)).length;
  log(`${filings.length} filings in ${sources.length} sources; ${alertSources.length} alerts, ${expectedHits} hits`);

  const node = await startTestOpenSearch(log);
  const runs: RunFigures[] = [];
  try {
    for (const replicas of REPLICAS) runs.push(await run(replicas, node.url, dir, sources, alertSources, expectedHits));
  } finally {
    await node.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  for (const figures of runs) {
    printTable(`${figures.replicas} instance(s) of each service, ${filings.length} filings, 4 partitions a topic`, [
      ['every import run finished (s)', figures.importedSeconds],
      ['every document in OpenSearch (s)', figures.indexedSeconds],
      ['every alert hit recorded (s)', figures.alertHitsSeconds],
      ['documents/s (first import call to the last of the three)', figures.documentsPerSecond],
      ['load average (1 min) at the end', figures.loadAverage1m],
      ...Object.entries(figures.cpuSecondsByPart).map(([part, s]): [string, number] => [`CPU s: ${part}`, s]),
    ]);
  }
  writeBenchResult('replicas', { filings: filings.length, alerts: alertSources.length, expectedHits, runs });
}

async function run(
  replicas: number,
  opensearchUrl: string,
  dir: string,
  sources: Source[],
  alertSources: Source[],
  expectedHits: number,
): Promise<RunFigures> {
  const email = 'bench-replicas@docket.local';
  const password = `Br-${crypto.randomBytes(12).toString('base64url')}`;
  const index = `bench-replicas-${replicas}-${crypto.randomBytes(3).toString('hex')}`;
  const stack = await startStack({
    profile: 'test',
    frontend: false,
    replicas,
    log: () => undefined,
    env: {
      KAFKA_BROKERS: '',
      MONGO_URL: '',
      REDIS_URL: '',
      KAFKA_TOPIC_PARTITIONS: '4',
      OPENSEARCH_URL: opensearchUrl,
      OPENSEARCH_INDEX: index,
      VECTOR_SEARCH: 'off',
      SEED_CORPUS: 'false',
      ALERTS_REALTIME_MAX_PER_HOUR: '1000000',
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: password,
      LOG_LEVEL: 'warn',
    },
  });
  const mongo = await new MongoClient(stack.infra.mongoUrl).connect();
  const opensearch = new Client({ node: opensearchUrl });
  try {
    const session = await signInForWrites(stack.bffUrl, email, password);
    for (const source of sources) {
      await post(stack.bffUrl, session, '/api/catalog/sources', {
        id: source.id,
        name: source.name,
        kind: source.kind,
        jurisdiction: source.state === 'US' ? 'federal' : 'state',
        state: source.state,
      });
    }
    for (const source of alertSources) {
      await post(stack.bffUrl, session, '/api/alerts', {
        name: `Everything from ${source.name}`,
        filters: { agencies: [source.id] },
        schedule: { cadence: 'realtime' },
        channels: { inApp: true, email: true },
      });
    }
    const cpuBefore = cpuSecondsByPart();
    const started = performance.now();
    for (const source of sources)
      await post(stack.bffUrl, session, '/api/imports', { path: path.join(dir, source.id), sourceId: source.id });
    const seconds = () => round((performance.now() - started) / 1000);
    const wait = (description: string, done: () => Promise<boolean>) =>
      pollUntil(async () => ((await done()) ? true : undefined), {
        timeoutMs: TIMEOUT_MS,
        intervalMs: 250,
        description,
      });
    const runsDone = mongo.db('documents').collection('ingestion_runs');
    await wait(
      'every import run to finish',
      async () => (await runsDone.countDocuments({ status: 'succeeded' })) >= sources.length,
    );
    const importedSeconds = seconds();
    const filings = await mongo.db('documents').collection('documents').countDocuments();
    await wait(`${filings} documents in OpenSearch`, async () => {
      await opensearch.indices.refresh({ index });
      return (await opensearch.count({ index })).body.count >= filings;
    });
    const indexedSeconds = seconds();
    await wait(
      `${expectedHits} alert hits`,
      async () => (await mongo.db('alerts').collection('hits').countDocuments()) >= expectedHits,
    );
    const alertHitsSeconds = seconds();
    const perPart = cpuSecondsBetween(cpuBefore, cpuSecondsByPart());
    const figures: RunFigures = {
      replicas,
      importedSeconds,
      indexedSeconds,
      alertHitsSeconds,
      documentsPerSecond: round(filings / Math.max(importedSeconds, indexedSeconds, alertHitsSeconds)),
      loadAverage1m: round(os.loadavg()[0] ?? 0, 2),
      cpuSecondsByPart: Object.fromEntries(perPart.map(([part, s]) => [part, round(s)])),
    };
    log(`${replicas} instance(s): ${JSON.stringify(figures)}`);
    return figures;
  } finally {
    await opensearch.indices.delete({ index: `${index}*` }, { ignore: [404] }).catch(() => undefined);
    await opensearch.close();
    await mongo.close();
    await stack.stop();
  }
}

async function post(bffUrl: string, session: BffSession, route: string, body: unknown): Promise<void> {
  const response = await postJson(bffUrl, session, route, body);
  if (!response.ok) throw new Error(`${route}: HTTP ${response.status} ${await response.text()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
