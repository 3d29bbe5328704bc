/**
 * Whole-stack start-up time and idle memory (figures, never pass/fail).
 *
 *   npx tsx bench/stack-startup-memory.bench.ts [--mongo-storage h2|memory]
 *
 * Starts everything `npm start` starts (test profile: fresh data dir, free ports, jars cached, the
 * frontend built if its sources changed; the MongoDB stand-in keeps its data in an H2 file as under
 * `npm start`, not in its heap as the test profile otherwise does: --mongo-storage memory for that)
 * and reports the seconds until the login page is served,
 * then samples the resident memory of every process group it started (Kafka's and the MongoDB
 * stand-in's JVMs, Redis, five Node services, Next.js) once a second for 15 s and reports the
 * median total, and the CPU each part used meanwhile (% of one core). The default corpus starts
 * loading at once, so the figure depends on how far that load got: the bench prints the documents
 * stored and whether the load was still running when it sampled, and the load average. Writes JSON
 * to bench/results/.
 *
 * --settle samples the stack idle instead: once the corpus (--filings N, default the services' 20,000)
 * is stored and searchable and the query-engine's embedding backlog is done (no row left in its
 * backlog table, and its background process has ended), within --settle-minutes (default 30).
 *
 *   npx tsx bench/stack-startup-memory.bench.ts --settle --filings 2000
 *
 * With --settle it samples twice: as soon as the stack settled, and again after --quiet-seconds
 * (default 60) more of quiet, once what the parts give back when idle (after 30 s) is given back.
 *
 * --real-use measures the stack as a user has it an hour after a first `npm start`: `npm start` itself
 * (the launcher's own memory included) on a fresh data dir, a scripted session of use through the
 * frontend and the BFF's API, the corpus loaded and embedded, the idle timers fired (see
 * support/real-use-profile.ts). Takes 25-40 min on two cores.
 *
 *   npm run bench:stack -- --real-use [--settle-minutes 60] [--quiet-seconds 60] [--at-minutes 0] [--filings N]
 *
 * (--filings N: a smaller corpus than the services' 20,000, for a quicker run; not the figure to quote.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { MongoClient } from 'mongodb';
import {
  groupMemoryMb,
  liveManagedProcesses,
  pollUntil,
  processTreeOf,
  startStack,
  type StackHandle,
} from '@docket/local-infra';
import { SearchServiceClient } from '@docket/proto/src/search';
import { GRPC_CLIENT_OPTIONS } from '@docket/service-kit';
import { cpuSecondsBetween, cpuSecondsByPart, indexedCount } from './support/bench-stack';
import { realUseProfile } from './support/real-use-profile';

const SAMPLES = 15;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** How far the default-corpus load had got: it runs while the bench samples and fills the stand-in's heap. */
async function corpusState(mongoUrl: string): Promise<{ documentsStored: number; stillLoading: boolean }> {
  const mongo = await new MongoClient(mongoUrl).connect();
  try {
    const db = mongo.db('documents');
    const runs = await db
      .collection('ingestion_runs')
      .find({ connector: 'corpus' }, { projection: { status: 1 } })
      .toArray();
    return {
      documentsStored: await db.collection('documents').estimatedDocumentCount(),
      stillLoading: runs.length === 0 || runs.some((run) => run.status === 'running'),
    };
  } finally {
    await mongo.close();
  }
}

const { values: args } = parseArgs({
  options: {
    'mongo-storage': { type: 'string', default: 'h2' },
    settle: { type: 'boolean', default: false },
    filings: { type: 'string' },
    /** default 30; with --real-use 60 (the 20,000 filings' embedding takes most of it on two cores). */
    'settle-minutes': { type: 'string' },
    /** With --settle: sampled again after this many more seconds of quiet. */
    'quiet-seconds': { type: 'string', default: '60' },
    'real-use': { type: 'boolean', default: false },
    /** With --real-use: sample no earlier than this many minutes after the start. */
    'at-minutes': { type: 'string', default: '0' },
  },
});

/** Waits until the corpus is stored and searchable and the query-engine has no background process left. */
async function settle(stack: StackHandle): Promise<void> {
  const started = Date.now();
  const search = new SearchServiceClient(stack.grpcTargets.queryEngine, stack.grpcCredentials(), GRPC_CLIENT_OPTIONS);
  const queryEngine = liveManagedProcesses().find((p) => p.name === 'query-engine');
  let last = '';
  await pollUntil(
    async () => {
      const corpus = await corpusState(stack.infra.mongoUrl);
      const indexed = await indexedCount(search);
      // Its Node processes besides itself (each part also has a shell and a cat watching the launcher's pipe).
      const background = queryEngine
        ? processTreeOf(queryEngine.pid).filter((p) => p.command === 'node' && p.pid !== queryEngine.pid).length
        : 0;
      const toEmbed = embeddingBacklog(stack.dataDir);
      const line =
        `${corpus.documentsStored} stored${corpus.stillLoading ? ' (loading)' : ''}, ${indexed} indexed, ` +
        `${toEmbed ?? 'no'} to embed, ${background} background process(es) in the query-engine`;
      if (line !== last) process.stderr.write(`[settle] ${Math.round((Date.now() - started) / 1000)} s: ${line}\n`);
      last = line;
      // The backlog too: its process starts only once writes have paused, so none running is not enough.
      return !corpus.stillLoading && indexed >= corpus.documentsStored && !toEmbed && background === 0;
    },
    { timeoutMs: Number(args['settle-minutes'] ?? 30) * 60_000, intervalMs: 5_000, description: 'the stack to settle' },
  );
  search.close();
  process.stderr.write(`[settle] idle after ${Math.round((Date.now() - started) / 1000)} s\n`);
}

/**
 * Documents the query-engine has still to embed: the rows of its vector index's backlog table (read
 * only), undefined without a vector index (VECTOR_SEARCH=off).
 */
function embeddingBacklog(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'query-engine', 'vectors.sqlite');
  if (!fs.existsSync(file)) return undefined;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM vector_backlog').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

interface MemorySample {
  rss: Record<string, number>;
  pss: Record<string, number>;
  /** Percent of one core each part used over the sampling seconds (what an idle stack costs a laptop's battery). */
  cpuPercent: Record<string, number>;
}

/** Median RSS and PSS per part over SAMPLES seconds, and the CPU each part used meanwhile. */
async function sampleMemory(): Promise<MemorySample> {
  const cpuBefore = cpuSecondsByPart();
  const started = performance.now();
  const perPart = new Map<string, number[]>();
  const pssPerPart = new Map<string, number[]>();
  for (let i = 0; i < SAMPLES; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000)); // one sample a second while idle
    for (const p of liveManagedProcesses()) {
      if (p.name === 'next-build') continue;
      perPart.set(p.name, [...(perPart.get(p.name) ?? []), groupMemoryMb(p.pid, 'rss')]);
      pssPerPart.set(p.name, [...(pssPerPart.get(p.name) ?? []), groupMemoryMb(p.pid, 'pss')]);
    }
  }
  const medians = (byPart: Map<string, number[]>) =>
    Object.fromEntries([...byPart].map(([name, samples]) => [name, Math.round(median(samples))]));
  const seconds = (performance.now() - started) / 1000;
  const cpuPercent = Object.fromEntries(
    cpuSecondsBetween(cpuBefore, cpuSecondsByPart()).map(([name, cpu]) => [
      name,
      Math.round((1000 * cpu) / seconds) / 10,
    ]),
  );
  return { rss: medians(perPart), pss: medians(pssPerPart), cpuPercent };
}

const total = (byPart: Record<string, number>): number => Object.values(byPart).reduce((a, b) => a + b, 0);

function printSample(title: string, sample: MemorySample): void {
  console.log(`${title}: ${total(sample.rss)} MB in all (load average ${os.loadavg()[0]?.toFixed(2)})`);
  console.log(
    `  ${'part'.padEnd(14)} ${'RSS'.padStart(8)} ${'PSS'.padStart(8)} ${'CPU'.padStart(7)}   ` +
      `(PSS shares each page among the processes mapping it: the node executable's ~45 MB is ` +
      `counted once in all, not once a process; CPU in % of one core over the ${SAMPLES} s)`,
  );
  const cpu = (name: string) => `${(sample.cpuPercent[name] ?? 0).toFixed(1)} %`.padStart(7);
  for (const [name, mb] of Object.entries(sample.rss).sort((a, b) => b[1] - a[1]))
    console.log(
      `  ${name.padEnd(14)} ${`${mb} MB`.padStart(8)} ${`${sample.pss[name] ?? 0} MB`.padStart(8)} ${cpu(name)}`,
    );
  const allCpu = `${Object.values(sample.cpuPercent)
    .reduce((a, b) => a + b, 0)
    .toFixed(1)} %`.padStart(7);
  const allRss = `${total(sample.rss)} MB`.padStart(8);
  const allPss = `${total(sample.pss)} MB`.padStart(8);
  console.log(
    `  ${'all'.padEnd(14)} ${allRss} ${allPss} ${allCpu}   ` +
      `(PSS is lower still while other Node processes run on the machine)`,
  );
}

async function main(): Promise<void> {
  const mongoStorage = args['mongo-storage'];
  if (mongoStorage !== 'h2' && mongoStorage !== 'memory')
    throw new Error(`--mongo-storage must be h2 or memory, got ${mongoStorage}`);
  const env = { LOG_LEVEL: 'warn', ...(args.filings ? { SEED_FILINGS: args.filings } : {}) };
  const stack = await startStack({
    profile: 'test',
    mongoStorage,
    env,
    log: (m) => process.stderr.write(`[stack] ${m}\n`),
  });
  try {
    if (args.settle) await settle(stack);
    const first = await sampleMemory();
    // Idle means quiet for a while too: what the parts give back once nothing happens (the stand-in's
    // heap, the JVMs' native heap, the query-engine's page caches) they give back after 30 s of quiet.
    const quietSeconds = Number(args['quiet-seconds']);
    let quiet: MemorySample | undefined;
    if (args.settle && quietSeconds > 0) {
      await new Promise((resolve) => setTimeout(resolve, quietSeconds * 1000));
      quiet = await sampleMemory();
    }
    const corpus = await corpusState(stack.infra.mongoUrl);
    const result = {
      bench: 'stack-startup-memory',
      at: new Date().toISOString(),
      startup: stack.timings,
      idleRssMb: { total: total(first.rss), ...first.rss },
      idlePssMb: { total: total(first.pss), ...first.pss },
      idleCpuPercent: first.cpuPercent,
      ...(quiet
        ? {
            quietSeconds,
            quietRssMb: { total: total(quiet.rss), ...quiet.rss },
            quietPssMb: { total: total(quiet.pss), ...quiet.pss },
            quietCpuPercent: quiet.cpuPercent,
          }
        : {}),
      settled: args.settle,
      corpus,
      mongoStorage,
      loadAverage1m: os.loadavg()[0],
    };
    console.log(
      `start-up to login page served: ${stack.timings.totalSeconds.toFixed(1)} s` +
        (stack.timings.frontendBuildSeconds
          ? ` (including a frontend build of ${stack.timings.frontendBuildSeconds.toFixed(1)} s)`
          : ''),
    );
    console.log(
      `  infrastructure ${stack.timings.infraSeconds.toFixed(1)} s, ` +
        `services + BFF ready at ${stack.timings.servicesSeconds.toFixed(1)} s`,
    );
    const state =
      `${corpus.documentsStored} documents stored, ` +
      `default corpus ${corpus.stillLoading ? 'still loading' : 'loaded'}; MongoDB stand-in storage ${mongoStorage}`;
    printSample(`${args.settle ? 'settled' : 'idle'} resident memory (${state})`, first);
    if (quiet) printSample(`then quiet for ${quietSeconds} s more`, quiet);
    const dir = path.join(__dirname, 'results');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `stack-startup-memory-${Date.now()}.json`), JSON.stringify(result, null, 2) + '\n');
  } finally {
    await stack.stop();
  }
}

const run = args['real-use']
  ? () =>
      realUseProfile({
        settleMinutes: Number(args['settle-minutes'] ?? 60),
        quietSeconds: Number(args['quiet-seconds']),
        atMinutes: Number(args['at-minutes']),
        filings: args.filings,
      })
  : main;

void run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
