/**
 * The search page as a browser gets it, while the default corpus loads and once it has (figures,
 * never pass/fail): the server-rendered /search?q=… to its last byte, and /api/search/coverage (the
 * "Indexing: …" notice's counts) on the BFF.
 *
 *   npx tsx bench/search-page.bench.ts                       # the default corpus's 20,000 filings
 *   npx tsx bench/search-page.bench.ts --filings 5000 --idle 30
 *
 * Starts the stack with the frontend and the default corpus (MongoDB stand-in on its H2 file, as under
 * npm start), signs in as the administrator, then asks for the page and then the coverage, a second
 * apart, until every filing is indexed; then --idle more of each, back to back, on the settled stack. Prints
 * p50/p95/max per phase, how many pages showed the notice, and the load average; writes
 * .data/bench/search-page.json.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { printTable, round, summary, writeBenchResult, type Summary } from './support/bench-output';
import { indexedCount, startBenchStack } from './support/bench-stack';
import { signIn } from './support/bff-session';

const { values: args } = parseArgs({
  options: {
    filings: { type: 'string', default: '20000' },
    idle: { type: 'string', default: '30' },
    minutes: { type: 'string', default: '30' },
  },
});
const FILINGS = Number(args.filings);
const IDLE_SAMPLES = Number(args.idle);
const LIMIT_MS = Number(args.minutes) * 60_000;
const ADMIN_EMAIL = 'bench-admin@docket.local';
const ADMIN_PASSWORD = `bench-${crypto.randomBytes(12).toString('hex')}`;
/** Between two samples while the corpus loads. */
const PAUSE_MS = 1_000;
const SEARCHES = ['rate case', 'settlement', 'interconnection', 'tariff', 'hearing'];

interface Phase {
  page: number[];
  coverage: number[];
  notices: number;
  failures: string[];
  loadAverages: number[];
}

const newPhase = (): Phase => ({ page: [], coverage: [], notices: 0, failures: [], loadAverages: [] });

/** Milliseconds to the last byte of a GET, and its body (undefined when it did not answer 200). */
async function timedGet(
  url: string,
  cookie: string,
): Promise<{ ms: number; body: string | undefined; status: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  const body = await response.text();
  return { ms: performance.now() - started, body: response.status === 200 ? body : undefined, status: response.status };
}

async function sample(phase: Phase, frontendUrl: string, bffUrl: string, cookie: string, n: number): Promise<void> {
  const page = await timedGet(
    `${frontendUrl}/search?q=${encodeURIComponent(SEARCHES[n % SEARCHES.length] as string)}`,
    cookie,
  );
  phase.page.push(page.ms);
  if (page.body === undefined) phase.failures.push(`page ${page.status}`);
  else if (page.body.includes('data-testid="index-behind"')) phase.notices += 1;
  const coverage = await timedGet(`${bffUrl}/api/search/coverage`, cookie);
  phase.coverage.push(coverage.ms);
  if (coverage.body === undefined) phase.failures.push(`coverage ${coverage.status}`);
  phase.loadAverages.push(os.loadavg()[0] ?? 0);
}

function rows(name: string, phase: Phase): [string, string][] {
  const line = (s: Summary) => `p50 ${round(s.p50)} ms, p95 ${round(s.p95)} ms, max ${round(s.max)} ms (${s.count})`;
  const load = phase.loadAverages.length ? round(Math.max(...phase.loadAverages), 1) : 0;
  return [
    [`${name}: search page`, phase.page.length ? line(summary(phase.page)) : 'no samples'],
    [`${name}: /api/search/coverage`, phase.coverage.length ? line(summary(phase.coverage)) : 'no samples'],
    [`${name}: pages with the indexing notice`, `${phase.notices} of ${phase.page.length}`],
    [`${name}: failed requests`, phase.failures.length ? phase.failures.join(', ') : 'none'],
    [`${name}: highest load average (1 min)`, String(load)],
  ];
}

async function main(): Promise<void> {
  const started = performance.now();
  const bench = await startBenchStack({
    h2MongoHeap: '2g',
    frontend: true,
    env: { SEED_CORPUS: 'true', SEED_FILINGS: String(FILINGS), ADMIN_EMAIL, ADMIN_PASSWORD },
  });
  try {
    const { frontendUrl, bffUrl } = bench.stack;
    if (!frontendUrl) throw new Error('the stack started without its frontend');
    const cookie = await signIn(bffUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const loading = newPhase();
    let indexed = 0;
    for (let n = 0; indexed < FILINGS; n += 1) {
      if (performance.now() - started > LIMIT_MS)
        throw new Error(`only ${indexed} of ${FILINGS} indexed after ${args.minutes} min`);
      const crash = bench.crashed();
      if (crash) throw new Error(crash);
      await sample(loading, frontendUrl, bffUrl, cookie, n);
      indexed = await indexedCount(bench.search).catch(() => indexed);
      // A user's pace, not a load test: back to back, the page renders took the CPU the load needed.
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      if (n % 10 === 0)
        process.stderr.write(
          `[bench] ${indexed} of ${FILINGS} indexed; last page ${round(loading.page.at(-1) ?? 0)} ms\n`,
        );
    }
    const idle = newPhase();
    for (let n = 0; n < IDLE_SAMPLES; n += 1) await sample(idle, frontendUrl, bffUrl, cookie, n);
    printTable(`the search page, ${FILINGS} filings (H2 file store, like npm start)`, [
      ...rows('while the corpus loads', loading),
      ...rows('after', idle),
    ]);
    const asFigures = (phase: Phase) => ({
      page: summary(phase.page),
      coverage: summary(phase.coverage),
      notices: phase.notices,
      failures: phase.failures,
      highestLoadAverage: round(Math.max(0, ...phase.loadAverages), 2),
    });
    const file = writeBenchResult('search-page', {
      filings: FILINGS,
      loading: asFigures(loading),
      idle: asFigures(idle),
    });
    console.log(`written to ${file}`);
  } finally {
    await bench.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
