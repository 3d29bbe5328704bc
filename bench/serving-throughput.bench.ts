/**
 * Serving throughput of the BFF (figures, never pass/fail): requests/s and latency percentiles of
 * GET /api/documents/{id} (the document JSON, signed in) and GET /healthz under autocannon load on
 * loopback, on an idle stack and on a stack loading its default corpus.
 *
 *   npm run bench:serving                      # 10 connections, 10 s per route and phase
 *   npx tsx bench/serving-throughput.bench.ts --connections 20 --duration 15 --phases idle
 *   npx tsx bench/serving-throughput.bench.ts --phases idle --distinct-documents 50   # a popular set: the cached path
 *
 * idle: a stack (test profile, no frontend) with a small corpus (--idle-filings), measured once
 * it has loaded and its backlog settled. loading: a second stack with the default 20,000-filing
 * corpus, measured as soon as --loading-after documents are stored, while the corpus run goes on
 * (the bench says whether it was still running at the end). Each document is read once before the
 * runs (a warm cache, as readers leave it); each request asks for another of the
 * stored documents. Prints the load average beside each figure: other work on the machine lowers
 * them; the CPU milliseconds per request of the parts that serve it (BFF, documents, MongoDB
 * stand-in, Redis) depend much less on that. Writes .data/bench/serving-throughput.json.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { pollUntil } from '@docket/local-infra';
import { printTable, round, writeBenchResult } from './support/bench-output';
import {
  cpuSecondsByPart,
  cpuSecondsOf,
  cpuSecondsBetween as cpuSecondsOfPartsBetween,
  pidOf,
  startBenchStack,
  type BenchStack,
} from './support/bench-stack';
import { signIn } from './support/bff-session';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    phases: { type: 'string', default: 'idle,loading' },
    'idle-filings': { type: 'string', default: '300' },
    'loading-after': { type: 'string', default: '200' },
    /** Ask for only the first N stored documents in turn (a popular set, mostly answered from caches); default all. */
    'distinct-documents': { type: 'string', default: '0' },
  },
});
const CONNECTIONS = Number(args.connections);
const DURATION_S = Number(args.duration);
const ADMIN_EMAIL = 'bench-admin@docket.local';
const ADMIN_PASSWORD = `bench-${crypto.randomBytes(12).toString('hex')}`;
/** What the frontend's document page asks for: the first five pages of text. */
const PAGE_QUERY = '?page=1&pages=5';

interface RouteFigures {
  route: string;
  requestsPerSecond: number;
  p50Ms: number;
  p97_5Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  loadAverage1m: number;
  /** Filings the corpus load stored per second during the run (it steps back while users ask). */
  storedPerSecond: number;
  /** CPU milliseconds per second of every part during the run (what the requests competed with). */
  cpuMsPerSecondByPart: Array<[string, number]>;
  /**
   * CPU milliseconds per request of each part that serves it (user + system, /proc/<pid>/stat), less
   * what the part used without requests (its background rate, measured just before, times the run).
   */
  cpuMsPerRequest: Record<string, number>;
}

/** The parts a document request passes through (the BFF's session lookups go to Redis and MongoDB too). */
const SERVING_PARTS = ['bff', 'documents', 'mongo', 'redis'] as const;
/** How long the parts' CPU use without requests is sampled before the runs. */
const BACKGROUND_SAMPLE_S = 5;

function servingCpuSeconds(): Record<string, number> {
  return Object.fromEntries(SERVING_PARTS.map((part) => [part, cpuSecondsOf(pidOf(part)) ?? 0]));
}

/** autocannon against `paths` in turn (one per request), with the session cookie. */
async function hammer(
  route: string,
  baseUrl: string,
  paths: string[],
  cookie: string,
  background: Record<string, number>,
  stored: () => Promise<number>,
): Promise<RouteFigures> {
  let next = 0;
  const storedBefore = await stored();
  const partsBefore = cpuSecondsByPart();
  const cpuBefore = servingCpuSeconds();
  const startedAt = process.hrtime.bigint();
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { cookie },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
  const used = cpuSecondsBetween(cpuBefore, servingCpuSeconds());
  const cpuMsPerSecondByPart = cpuSecondsOfPartsBetween(partsBefore, cpuSecondsByPart())
    .map(([part, cpu]): [string, number] => [part, Math.round((cpu * 1000) / seconds)])
    .filter(([, rate]) => rate > 0);
  const storedPerSecond = round(((await stored()) - storedBefore) / seconds, 1);
  return {
    route,
    requestsPerSecond: round(result.requests.average),
    p50Ms: result.latency.p50,
    p97_5Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    loadAverage1m: round(os.loadavg()[0] ?? 0, 2),
    storedPerSecond,
    cpuMsPerSecondByPart,
    cpuMsPerRequest: Object.fromEntries(
      Object.entries(used).map(([part, cpu]) => [
        part,
        round((Math.max(0, cpu - (background[part] ?? 0) * seconds) * 1000) / Math.max(result.requests.total, 1), 3),
      ]),
    ),
  };
}

function cpuSecondsBetween(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(after).map(([part, seconds]) => [part, seconds - (before[part] ?? 0)]));
}

/** CPU seconds per second each serving part uses with no request coming in (timers, consumers, the corpus load). */
async function backgroundCpuRate(seconds: number): Promise<Record<string, number>> {
  const before = servingCpuSeconds();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return Object.fromEntries(
    Object.entries(cpuSecondsBetween(before, servingCpuSeconds())).map(([part, cpu]) => [part, cpu / seconds]),
  );
}

async function storedDocumentIds(bench: BenchStack, atLeast: number): Promise<string[]> {
  const documents = bench.mongo.db('documents').collection('documents');
  await pollUntil(async () => (await documents.estimatedDocumentCount()) >= atLeast, {
    timeoutMs: 10 * 60_000,
    intervalMs: 500,
    description: `${atLeast} stored documents`,
    abortIf: bench.crashed,
  });
  const distinct = Number(args['distinct-documents']);
  const found = await documents
    .find({ failureReason: { $exists: false } }, { projection: { _id: 1 } })
    .limit(distinct > 0 ? distinct : 2000)
    .toArray();
  return found.map((d) => String(d._id));
}

async function corpusRunning(bench: BenchStack): Promise<boolean> {
  const runs = await bench.mongo
    .db('documents')
    .collection('ingestion_runs')
    .find({ connector: 'corpus' }, { projection: { status: 1 } })
    .toArray();
  return runs.length === 0 || runs.some((run) => run.status === 'running');
}

async function measurePhase(phase: 'idle' | 'loading'): Promise<{
  phase: string;
  documentsBefore: number;
  documentsAfter: number;
  corpusStillLoading: boolean;
  backgroundMsPerSecond: Record<string, number>;
  routes: RouteFigures[];
}> {
  const bench = await startBenchStack({
    // MongoDB as `npm start` runs it: the stand-in on its H2 file store
    // (the test profile's in-memory store locks differently).
    h2MongoHeap: '2g',
    env: {
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      ...(phase === 'idle' ? { SEED_FILINGS: args['idle-filings'], SEED_DOCKETS: '40' } : {}),
    },
  });
  try {
    const documents = bench.mongo.db('documents').collection('documents');
    let ids: string[];
    if (phase === 'idle') {
      await pollUntil(async () => !(await corpusRunning(bench)), {
        timeoutMs: 10 * 60_000,
        intervalMs: 500,
        description: 'the small corpus to load',
        abortIf: bench.crashed,
      });
      ids = await storedDocumentIds(bench, 1);
      // Let indexing and embedding of what was just stored finish, so "idle" means idle.
      await new Promise((resolve) => setTimeout(resolve, 15_000));
    } else {
      ids = await storedDocumentIds(bench, Number(args['loading-after']));
    }
    const cookie = await signIn(bench.stack.bffUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const check = await fetch(`${bench.stack.bffUrl}/api/documents/${ids[0]}${PAGE_QUERY}`, { headers: { cookie } });
    if (check.status !== 200)
      throw new Error(`GET /api/documents/${ids[0]}: ${check.status} ${(await check.text()).slice(0, 300)}`);
    const documentsBefore = await documents.estimatedDocumentCount();
    // A serving process runs warm: each document is asked for once before the runs, as readers
    // would have, so the figures are of serving, not of the first read of 300 documents at once.
    for (const id of ids)
      await fetch(`${bench.stack.bffUrl}/api/documents/${id}${PAGE_QUERY}`, { headers: { cookie } }).then((res) =>
        res.arrayBuffer(),
      );
    const background = await backgroundCpuRate(BACKGROUND_SAMPLE_S);
    const stored = () => documents.estimatedDocumentCount();
    const routes = [
      await hammer(
        'GET /api/documents/{id}',
        bench.stack.bffUrl,
        ids.map((id) => `/api/documents/${id}${PAGE_QUERY}`),
        cookie,
        background,
        stored,
      ),
      await hammer('GET /healthz', bench.stack.bffUrl, ['/healthz'], cookie, background, stored),
    ];
    const backgroundMsPerSecond = Object.fromEntries(
      Object.entries(background).map(([part, rate]) => [part, round(rate * 1000)]),
    );
    return {
      phase,
      documentsBefore,
      documentsAfter: await documents.estimatedDocumentCount(),
      corpusStillLoading: await corpusRunning(bench),
      backgroundMsPerSecond,
      routes,
    };
  } finally {
    await bench.stop();
  }
}

const figuresOf = (byPart: Record<string, number>): string =>
  Object.entries(byPart)
    .map(([part, value]) => `${part} ${value}`)
    .join('   ');

async function main(): Promise<void> {
  const phases = args.phases.split(',').map((p) => p.trim()) as ('idle' | 'loading')[];
  const results = [];
  for (const phase of phases) {
    if (phase !== 'idle' && phase !== 'loading') throw new Error(`--phases: idle and/or loading, got "${phase}"`);
    const result = await measurePhase(phase);
    results.push(result);
    const asked =
      Number(args['distinct-documents']) > 0 ? `, asking for ${args['distinct-documents']} of them in turn` : '';
    const title =
      phase === 'idle'
        ? `idle stack (${result.documentsBefore} documents${asked})`
        : `while the default corpus loads (${result.documentsBefore} -> ${result.documentsAfter} documents ` +
          `stored during the runs; ` +
          `${result.corpusStillLoading ? 'still loading at the end' : 'the load FINISHED before the end'})`;
    const rows: [string, string][] = [
      ...result.routes.map((r): [string, string] => [
        r.route,
        `${r.requestsPerSecond} req/s   p50 ${r.p50Ms} ms   p97.5 ${r.p97_5Ms} ms   p99 ${r.p99Ms} ms   ` +
          `max ${r.maxMs} ms   non-2xx ${r.non2xx}   errors ${r.errors}   load average ${r.loadAverage1m}`,
      ]),
      ...result.routes.map((r): [string, string] => [
        `  CPU ms per request, ${r.route.slice(4)}`,
        figuresOf(r.cpuMsPerRequest),
      ]),
      ...(phase === 'loading'
        ? result.routes.map((r): [string, string] => [
            `  filings stored/s, ${r.route.slice(4)}`,
            String(r.storedPerSecond),
          ])
        : []),
      ...result.routes.map((r): [string, string] => [
        `  CPU ms/s of all parts, ${r.route.slice(4)}`,
        r.cpuMsPerSecondByPart.map(([part, rate]) => `${part} ${rate}`).join('   '),
      ]),
      ['  background CPU ms/s', figuresOf(result.backgroundMsPerSecond)],
    ];
    printTable(`${title}, ${CONNECTIONS} connections, ${DURATION_S} s each`, rows);
  }
  const file = writeBenchResult('serving-throughput', {
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    phases: results,
  });
  console.log(`written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
