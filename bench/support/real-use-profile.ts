/**
 * `bench:stack -- --real-use`: memory of the whole stack after a first `npm start` and an hour of use.
 *
 * Starts `npm start` (dev profile as a user runs it: the H2 stand-in, Zipkin, the default corpus
 * loading) on a fresh data dir, runs the scripted session of real-use-session.ts as soon as the login
 * page is served, then waits for what an hour brings without changing any timer: the corpus stored,
 * indexed and embedded with the query-engine's background embedding process ended, the question
 * workers' ten idle minutes after the last search or question, and --quiet-seconds more. Nothing is
 * polled during that quiet (a poll would be activity). Then samples RSS and PSS of each part for 15 s
 * (medians) and prints them with the load average and the run's length.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { DEV_PORTS, DEV_STACK_PORTS, localClientCredentials, pollUntil, processTreeOf } from '@docket/local-infra';
import { SearchServiceClient } from '@docket/proto/src/search';
import { GRPC_CLIENT_OPTIONS } from '@docket/service-kit';
import { indexedCount } from './bench-stack';
import { readBacklog, vectorIndexFile } from './embedding-backlog';
import { launchNpmStart, type LaunchedStack } from './launched-stack';
import { memoryBreakdown, type MemoryBreakdown } from './memory-breakdown';
import { launchedParts, partMemory } from './part-memory';
import { runRealUse, signInFirstTime, type RealUseReport } from './real-use-session';

/** The query-engine's question workers end after this long without a search or question (its app.ts). */
const QUESTION_WORKERS_IDLE_MS = 10 * 60_000;
const SAMPLES = 15;

export interface RealUseOptions {
  settleMinutes: number;
  quietSeconds: number;
  /** Sample no earlier than this many minutes after the start (0: as soon as the idle timers have fired). */
  atMinutes: number;
  /** SEED_FILINGS for the services (default: theirs, 20,000). */
  filings?: string;
}

const say = (message: string) => process.stderr.write(`[real-use] ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function realUseProfile(options: RealUseOptions): Promise<void> {
  const others = otherStacks();
  if (others > 0) say(`warning: ${others} other service process(es) run on this machine; figures will say so`);
  const stack = await launchNpmStart(20, options.filings ? { SEED_FILINGS: options.filings } : {});
  say(`npm start served ${stack.url} after ${stack.readySeconds.toFixed(0)} s; data in ${stack.dataDir}`);
  try {
    const session = await signInFirstTime(stack.url, stack.admin.email, stack.admin.oneTimePassword);
    const use = await runRealUse(stack.url, session, say);
    say(`scripted use took ${use.seconds.toFixed(0)} s`);
    const settledAt = await settle(stack, options.settleMinutes);
    const quietUntil = Math.max(
      use.lastUserSearchAt + QUESTION_WORKERS_IDLE_MS + options.quietSeconds * 1000,
      settledAt + options.quietSeconds * 1000,
      stack.startedAt + options.atMinutes * 60_000,
    );
    say(`quiet until ${new Date(quietUntil).toISOString()} (the question workers' idle end, then quiet)`);
    await sleep(Math.max(0, quietUntil - Date.now()));
    if (stack.exited()) throw new Error(stack.exited());
    const sample = await sampleParts(stack);
    report(stack, use, sample, others, options.filings ?? 'the default');
  } finally {
    say('stopping npm start');
    await stack.stop();
    // The launcher's own lines say what happened to a part that is missing from the sample.
    const kept = path.join('.data', 'bench', 'real-use-npm-start.log');
    fs.mkdirSync(path.dirname(kept), { recursive: true });
    fs.copyFileSync(stack.logFile, kept);
    say(`npm start's output kept in ${kept}`);
    fs.rmSync(stack.dataDir, { recursive: true, force: true });
  }
}

/** Service processes of stacks this bench did not start (the other engineer's, a test's). */
function otherStacks(): number {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return /services\/[^/]+\/dist\/main\.js/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
      } catch {
        return false;
      }
    }).length;
}

/**
 * Waits until the corpus is stored, searchable and embedded and the query-engine has no embedding
 * process left (the backlog's or the question worker's); returns when (ms since the epoch).
 */
async function settle(stack: LaunchedStack, minutes: number): Promise<number> {
  const search = new SearchServiceClient(
    `localhost:${DEV_STACK_PORTS.queryEngine}`,
    localClientCredentials(stack.dataDir),
    GRPC_CLIENT_OPTIONS,
  );
  const mongo = await new MongoClient(`mongodb://127.0.0.1:${DEV_PORTS.mongo}`).connect();
  let last = '';
  try {
    await pollUntil(
      async () => {
        const queryEngine = launchedParts(stack.dataDir).get('query-engine');
        const documents = mongo.db('documents');
        const stored = await documents.collection('documents').estimatedDocumentCount();
        const runs = await documents.collection('ingestion_runs').find({ connector: 'corpus' }).toArray();
        const loading = runs.length === 0 || runs.some((run) => run.status === 'running');
        const indexed = await indexedCount(search);
        const { pending, embedded } = readBacklog(vectorIndexFile(stack.dataDir));
        // The backlog's embedding processes and the question worker's.
        const embedding = queryEngine
          ? processTreeOf(queryEngine).filter((p) => p.command === 'node' && p.pid !== queryEngine).length
          : 0;
        const line =
          `${stored} stored${loading ? ' (loading)' : ''}, ${indexed} indexed, ${embedded} embedded, ` +
          `${pending} to embed, ${embedding} embedding process(es) in the query-engine`;
        if (line !== last) say(`${minutesSince(stack.startedAt)} min: ${line}`);
        last = line;
        return !loading && indexed >= stored && pending === 0 && embedding === 0;
      },
      {
        timeoutMs: minutes * 60_000,
        intervalMs: 15_000,
        description: 'the corpus to be stored, indexed and embedded',
        abortIf: () => stack.exited(),
      },
    );
  } finally {
    search.close();
    await mongo.close();
  }
  say(`settled ${minutesSince(stack.startedAt)} min after the start`);
  return Date.now();
}

const minutesSince = (at: number) => ((Date.now() - at) / 60_000).toFixed(1);

interface Sample {
  rssMb: Record<string, number>;
  pssMb: Record<string, number>;
  processes: Record<string, string[]>;
  loadAverage: number[];
  minutesAfterStart: number;
  /** Each part's larger processes (BREAKDOWN_MIN_MB of PSS or more), taken after the samples. */
  breakdown: Record<string, MemoryBreakdown[]>;
}

const BREAKDOWN_MIN_MB = 30;

async function sampleParts(stack: LaunchedStack): Promise<Sample> {
  const rss = new Map<string, number[]>();
  const pss = new Map<string, number[]>();
  let processes: Record<string, string[]> = {};
  for (let i = 0; i < SAMPLES; i++) {
    await sleep(1000);
    const now = partMemory(stack.pid, stack.dataDir);
    for (const [name, mb] of Object.entries(now.rssMb)) rss.set(name, [...(rss.get(name) ?? []), mb]);
    for (const [name, mb] of Object.entries(now.pssMb)) pss.set(name, [...(pss.get(name) ?? []), mb]);
    processes = now.processes;
  }
  const medians = (byPart: Map<string, number[]>) =>
    Object.fromEntries([...byPart].map(([name, values]) => [name, Math.round(median(values))]));
  const loadAverage = os.loadavg();
  const minutesAfterStart = (Date.now() - stack.startedAt) / 60_000;
  return {
    rssMb: medians(rss),
    pssMb: medians(pss),
    processes,
    loadAverage,
    minutesAfterStart,
    breakdown: breakdownOf(stack),
  };
}

function breakdownOf(stack: LaunchedStack): Record<string, MemoryBreakdown[]> {
  return Object.fromEntries(
    [...launchedParts(stack.dataDir)].map(([name, pgid]) => [
      name,
      processTreeOf(pgid)
        .map((p) => memoryBreakdown(p.pid))
        .filter((b): b is MemoryBreakdown => b !== null && b.anonymousMb + b.fileMb >= BREAKDOWN_MIN_MB),
    ]),
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

const sum = (byPart: Record<string, number>) => Object.values(byPart).reduce((a, b) => a + b, 0);

function report(stack: LaunchedStack, use: RealUseReport, sample: Sample, others: number, filings: string): void {
  const load = sample.loadAverage.map((l) => l.toFixed(2)).join(' ');
  const exports = use.exports.map((e) => `${e.format} ${e.status}`).join(', ');
  console.log(
    `real use (${filings} filings): npm start served /login after ${stack.readySeconds.toFixed(0)} s; ` +
      `scripted use ${use.seconds.toFixed(0)} s (${use.searches} searches, ${use.documentsRead} documents read, ` +
      `${use.questions} questions, ${use.alerts} alerts, exports ${exports}, ${use.pages} pages)`,
  );
  console.log(
    `sampled ${sample.minutesAfterStart.toFixed(1)} min after the start; ` +
      `load average ${load} on ${os.cpus().length} cores` +
      (others > 0 ? ` (busy machine: ${others} service processes of other stacks ran)` : ''),
  );
  console.log(`  ${'part'.padEnd(14)} ${'PSS'.padStart(8)} ${'RSS'.padStart(8)}   processes`);
  for (const [name, mb] of Object.entries(sample.pssMb).sort((a, b) => b[1] - a[1]))
    console.log(
      `  ${name.padEnd(14)} ${`${mb} MB`.padStart(8)} ${`${sample.rssMb[name] ?? 0} MB`.padStart(8)}   ` +
        (sample.processes[name] ?? []).join(' '),
    );
  console.log(
    `  ${'all'.padEnd(14)} ${`${sum(sample.pssMb)} MB`.padStart(8)} ${`${sum(sample.rssMb)} MB`.padStart(8)}`,
  );
  for (const [name, processes] of Object.entries(sample.breakdown))
    for (const p of processes)
      console.log(
        `  ${name} ${p.command} ${p.pid}: anonymous ${p.anonymousMb} MB, files ${p.fileMb} MB ` +
          `(${Object.entries(p.topFilesMb)
            .map(([file, mb]) => `${path.basename(file)} ${mb}`)
            .join(', ')})`,
      );
  // npm start runs Zipkin (supervised): absent means it did not start or gave up, and the total is short of it.
  if (!('zipkin' in sample.pssMb)) console.log('  NOTE: Zipkin was not running at the sample; the total leaves it out');
  const dir = path.join(__dirname, '..', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `stack-real-use-${Date.now()}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      {
        bench: 'stack-startup-memory --real-use',
        at: new Date().toISOString(),
        readySeconds: stack.readySeconds,
        use,
        minutesAfterStart: sample.minutesAfterStart,
        pssMb: { total: sum(sample.pssMb), ...sample.pssMb },
        rssMb: { total: sum(sample.rssMb), ...sample.rssMb },
        processes: sample.processes,
        breakdown: sample.breakdown,
        loadAverage: sample.loadAverage,
        otherServiceProcesses: others,
        filings,
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`written to ${path.relative(process.cwd(), file)}`);
}
