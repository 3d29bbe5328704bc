/**
 * Serving throughput of the BFF (figures, never pass/fail): requests/s and latency percentiles of
 * GET /api/documents/{id} (the document JSON, signed in) and GET /healthz under autocannon load on
 * loopback, on an idle stack and on a stack loading its default corpus.
 *
 *   npm run bench:serving                      # 10 connections, 10 s per route and phase
 *   npx tsx bench/serving-throughput.bench.ts --connections 20 --duration 15 --phases idle
 *
 * idle: a stack (test profile, no frontend) with a small corpus (--idle-filings), measured once
 * it has loaded and its backlog settled. loading: a second stack with the default 20,000-filing
 * corpus, measured as soon as --loading-after documents are stored, while the corpus run goes on
 * (the bench says whether it was still running at the end). Each request asks for another of the
 * stored documents. Prints the load average beside each figure: other work on the machine lowers
 * them. Writes .data/bench/serving-throughput.json.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { pollUntil } from '@docket/local-infra';
import { printTable, round, writeBenchResult } from './support/bench-output';
import { startBenchStack, type BenchStack } from './support/bench-stack';
import { signIn } from './support/bff-session';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    phases: { type: 'string', default: 'idle,loading' },
    'idle-filings': { type: 'string', default: '300' },
    'loading-after': { type: 'string', default: '200' },
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
}

/** autocannon against `paths` in turn (one per request), with the session cookie. */
async function hammer(route: string, baseUrl: string, paths: string[], cookie: string): Promise<RouteFigures> {
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { cookie },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
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
  };
}

async function storedDocumentIds(bench: BenchStack, atLeast: number): Promise<string[]> {
  const documents = bench.mongo.db('documents').collection('documents');
  await pollUntil(async () => (await documents.estimatedDocumentCount()) >= atLeast, {
    timeoutMs: 10 * 60_000, intervalMs: 500, description: `${atLeast} stored documents`, abortIf: bench.crashed,
  });
  const found = await documents.find({ failureReason: { $exists: false } }, { projection: { _id: 1 } }).limit(2000).toArray();
  return found.map((d) => String(d._id));
}

async function corpusRunning(bench: BenchStack): Promise<boolean> {
  const runs = await bench.mongo.db('documents').collection('ingestion_runs').find({ connector: 'corpus' }, { projection: { status: 1 } }).toArray();
  return runs.length === 0 || runs.some((run) => run.status === 'running');
}

async function measurePhase(phase: 'idle' | 'loading'): Promise<{ phase: string; documentsBefore: number; documentsAfter: number; corpusStillLoading: boolean; routes: RouteFigures[] }> {
  const bench = await startBenchStack({
    env: { ADMIN_EMAIL, ADMIN_PASSWORD, ...(phase === 'idle' ? { SEED_FILINGS: args['idle-filings'], SEED_DOCKETS: '40' } : {}) },
  });
  try {
    const documents = bench.mongo.db('documents').collection('documents');
    let ids: string[];
    if (phase === 'idle') {
      await pollUntil(async () => !(await corpusRunning(bench)), { timeoutMs: 10 * 60_000, intervalMs: 500, description: 'the small corpus to load', abortIf: bench.crashed });
      ids = await storedDocumentIds(bench, 1);
      // Let indexing and embedding of what was just stored finish, so "idle" means idle.
      await new Promise((resolve) => setTimeout(resolve, 15_000));
    } else {
      ids = await storedDocumentIds(bench, Number(args['loading-after']));
    }
    const cookie = await signIn(bench.stack.bffUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const check = await fetch(`${bench.stack.bffUrl}/api/documents/${ids[0]}${PAGE_QUERY}`, { headers: { cookie } });
    if (check.status !== 200) throw new Error(`GET /api/documents/${ids[0]}: ${check.status} ${(await check.text()).slice(0, 300)}`);
    const documentsBefore = await documents.estimatedDocumentCount();
    const routes = [
      await hammer('GET /api/documents/{id}', bench.stack.bffUrl, ids.map((id) => `/api/documents/${id}${PAGE_QUERY}`), cookie),
      await hammer('GET /healthz', bench.stack.bffUrl, ['/healthz'], cookie),
    ];
    return { phase, documentsBefore, documentsAfter: await documents.estimatedDocumentCount(), corpusStillLoading: await corpusRunning(bench), routes };
  } finally {
    await bench.stop();
  }
}

async function main(): Promise<void> {
  const phases = args.phases.split(',').map((p) => p.trim()) as ('idle' | 'loading')[];
  const results = [];
  for (const phase of phases) {
    if (phase !== 'idle' && phase !== 'loading') throw new Error(`--phases: idle and/or loading, got "${phase}"`);
    const result = await measurePhase(phase);
    results.push(result);
    const title = phase === 'idle'
      ? `idle stack (${result.documentsBefore} documents)`
      : `while the default corpus loads (${result.documentsBefore} -> ${result.documentsAfter} documents stored during the runs; ${result.corpusStillLoading ? 'still loading at the end' : 'the load FINISHED before the end'})`;
    printTable(`${title}, ${CONNECTIONS} connections, ${DURATION_S} s each`, result.routes.map((r) => [
      r.route,
      `${r.requestsPerSecond} req/s   p50 ${r.p50Ms} ms   p97.5 ${r.p97_5Ms} ms   p99 ${r.p99Ms} ms   max ${r.maxMs} ms   non-2xx ${r.non2xx}   errors ${r.errors}   load average ${r.loadAverage1m}`,
    ]));
  }
  const file = writeBenchResult('serving-throughput', { connections: CONNECTIONS, durationSeconds: DURATION_S, phases: results });
  console.log(`written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
