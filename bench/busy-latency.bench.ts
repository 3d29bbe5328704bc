/**
 * Answers and searches while the stack is busy (figures, never pass/fail): starts the
 * stack (test profile, no frontend, no default corpus), imports a directory of generated text filings
 * and, while the import runs and the index catches up, asks questions (Ask, streamed to its end) and
 * runs searches one after another; then the same while only the embedding backlog runs (at the lowest
 * priority: a question's own embedding never waits behind it), then once the stack is idle.
 *
 *   npx tsx bench/busy-latency.bench.ts                 # 3,000 filings
 *   npx tsx bench/busy-latency.bench.ts --filings 1000
 *   npx tsx bench/busy-latency.bench.ts --filings 20000 --backlog 100   # the default corpus's size
 *   npx tsx bench/busy-latency.bench.ts --filings 20000 --idle 0        # no waiting for the backlog's end
 *
 * Prints p50/p95 of each phase with the load average (other work on the machine counts: say so);
 * the query-engine's CPU seconds in each phase (all its threads: indexing, embedding, searches); and,
 * from its indexing progress lines, the event loop's delay (p99 of each 5 s line: what a request waited
 * behind other work on the main thread) and the index writer thread's CPU ms per document;
 * writes .data/bench/busy-latency.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { generateCatalog, generateDockets, generateFilings } from '@docket/corpus';
import { QueryServiceClient } from '@docket/proto/src/queries';
import { SearchRequest } from '@docket/proto/src/search';
import { GRPC_CLIENT_OPTIONS, grpcCall } from '@docket/service-kit';
import { printTable, round, summary, writeBenchResult, type Summary } from './support/bench-output';
import { indexedCount, pidOf, startBenchStack, waitForRun, type BenchStack } from './support/bench-stack';
import { readBacklog, vectorIndexFile } from './support/embedding-backlog';
import { writeTextFiling } from './support/filing-files';

const { values: args } = parseArgs({
  options: {
    filings: { type: 'string', default: '3000' },
    backlog: { type: 'string', default: '40' },
    idle: { type: 'string', default: '20' },
  },
});
const FILINGS = Number(args.filings);
const IDLE_SAMPLES = Number(args.idle);
const BACKLOG_SAMPLES = Number(args.backlog);
/**
 * Between two samples while the backlog runs, a user's pause: asked back to back, the questions kept
 * the query-engine on a core and the backlog (at the lowest priority, as it should) barely moved.
 */
const BACKLOG_PAUSE_MS = 2_000;
const SEED = 'bench-busy';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const QUESTIONS = [
  'What rate increase did the utility request?',
  'Which parties opposed the settlement?',
  'When is the hearing scheduled?',
  'What did the commission decide about the pipeline?',
];
const SEARCHES = ['tariff', 'settlement OR hearing', 'pipeline safety', 'interconnection', 'rate case'];

interface Phase {
  questionMs: number[];
  searchMs: number[];
  loadAverages: number[];
}

function writeCorpus(): string {
  const catalog = generateCatalog(SEED);
  const dockets = generateDockets(SEED, catalog, 200);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-busy-'));
  let index = 0;
  for (const filing of generateFilings(SEED, catalog, dockets, { count: FILINGS, pdfShare: 0 })) {
    writeTextFiling(dir, `filing-${String(index++).padStart(6, '0')}`, filing);
  }
  return dir;
}

/** One question, streamed to its end: the time a user waits for the whole answer. */
function ask(client: QueryServiceClient, question: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const stream = client.ask({ question, userId: 'bench-user', workspaceId: '', mode: 0 } as Parameters<
      QueryServiceClient['ask']
    >[0]);
    stream.on('data', () => undefined);
    stream.on('error', reject);
    stream.on('end', () => resolve(performance.now() - started));
  });
}

async function search(bench: BenchStack, query: string): Promise<number> {
  const started = performance.now();
  await grpcCall(
    bench.search,
    'search',
    SearchRequest.fromPartial({ query, includeFacets: true, limit: 20, userId: 'bench-user' }),
  );
  return performance.now() - started;
}

/** A question then a search, again and again, until `done` says stop (at least once). */
async function sample(
  bench: BenchStack,
  queries: QueryServiceClient,
  done: () => boolean | Promise<boolean>,
  phase: Phase,
): Promise<void> {
  let i = 0;
  do {
    phase.questionMs.push(await ask(queries, QUESTIONS[i % QUESTIONS.length] as string));
    phase.searchMs.push(await search(bench, SEARCHES[i % SEARCHES.length] as string));
    phase.loadAverages.push(os.loadavg()[0] as number);
    i += 1;
  } while (!(await done()));
}

/** The query-engine's indexing progress lines (JSON logs): event loop delay and the writer's CPU per document. */
interface ProgressLine {
  eventLoopDelayP99Ms?: number;
  eventLoopDelayMaxMs?: number;
  writerCpuMsPerDocument?: number;
  perSecond?: number;
}

function progressLineOf(name: string, line: string): ProgressLine | undefined {
  if (name !== 'query-engine' || !line.includes('eventLoopDelayP99Ms')) return undefined;
  try {
    return JSON.parse(line) as ProgressLine;
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system, every thread) a process has used, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function describe(phase: Phase): { question: Summary; search: Summary; loadAverage: number } {
  const loads = phase.loadAverages;
  return {
    question: summary(phase.questionMs),
    search: summary(phase.searchMs),
    loadAverage: round(loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length), 1),
  };
}

function emptyAfter(seconds: number | null): string {
  return seconds === null ? '(not waited for)' : `${seconds} s`;
}

async function main(): Promise<void> {
  const dir = writeCorpus();
  const progress: ProgressLine[] = [];
  // Every line the services print, for whoever asks why a figure is what it is.
  fs.mkdirSync(path.join('.data', 'bench'), { recursive: true });
  const serviceLog = fs.createWriteStream(path.join('.data', 'bench', 'busy-latency-services.log'));
  const bench = await startBenchStack({
    // MongoDB as `npm start` runs it (the H2 file store): the test profile's in-memory store held 20,000
    // filings in its 2 GB heap only by collecting garbage most of the time, a core of it near the end.
    h2MongoHeap: '2g',
    env: { SEED_CORPUS: 'false', QUERY_ENGINE_LOG_LEVEL: 'info' },
    onOutput: (name, line) => {
      serviceLog.write(`[${name}] ${line}\n`);
      const parsed = progressLineOf(name, line);
      if (parsed) progress.push(parsed);
    },
  });
  const queryEngine = pidOf('query-engine');
  const queries = new QueryServiceClient(
    bench.stack.grpcTargets.queryEngine,
    bench.stack.grpcCredentials(),
    GRPC_CLIENT_OPTIONS,
  );
  try {
    const busy: Phase = { questionMs: [], searchMs: [], loadAverages: [] };
    const started = performance.now();
    const cpuAtStart = cpuSeconds(queryEngine);
    const { runId } = await grpcCall(bench.documents, 'startImport', {
      path: dir,
      sourceId: 'uploads',
      requestedBy: 'bench',
    });
    let imported = false;
    const run = waitForRun(bench, runId, 30 * 60_000).then((r) => {
      imported = true;
      return r;
    });
    // Busy: while the import runs and until the index holds every filing.
    await sample(bench, queries, async () => imported && (await indexedCount(bench.search)) >= FILINGS, busy);
    const busySeconds = (performance.now() - started) / 1000;
    const busyCpuSeconds = cpuSeconds(queryEngine) - cpuAtStart;
    const busyLines = [...progress];
    await run;
    // Only the embedding backlog runs: a user's questions and searches at a user's pace, then wait until it is empty.
    const backlog: Phase = { questionMs: [], searchMs: [], loadAverages: [] };
    const vectors = vectorIndexFile(bench.stack.dataDir);
    const backlogStarted = performance.now();
    const cpuAtBacklog = cpuSeconds(queryEngine);
    const backlogAtStart = readBacklog(vectors);
    let sampled = 0;
    await sample(
      bench,
      queries,
      async () => {
        if (++sampled >= BACKLOG_SAMPLES || readBacklog(vectors).pending === 0) return true;
        await sleep(BACKLOG_PAUSE_MS);
        return false;
      },
      backlog,
    );
    const backlogSampleSeconds = (performance.now() - backlogStarted) / 1000;
    const backlogCpuSeconds = cpuSeconds(queryEngine) - cpuAtBacklog;
    const backlogAfterSamples = readBacklog(vectors);
    // --idle 0: no idle phase, so no waiting for the backlog's end (the default corpus's takes half an hour).
    while (IDLE_SAMPLES > 0 && readBacklog(vectors).pending > 0) await sleep(5_000);
    const backlogSeconds = (performance.now() - backlogStarted) / 1000;
    const idle: Phase = { questionMs: [], searchMs: [], loadAverages: [] };
    let left = IDLE_SAMPLES;
    const idleStarted = performance.now();
    const cpuAtIdle = cpuSeconds(queryEngine);
    if (IDLE_SAMPLES > 0) await sample(bench, queries, () => --left <= 0, idle);
    const idleSeconds = (performance.now() - idleStarted) / 1000;
    const idleCpuSeconds = cpuSeconds(queryEngine) - cpuAtIdle;

    // Where a question's time went, as the query-engine stored it with each query (server side).
    const stored = await bench.mongo
      .db('query_engine')
      .collection<{ timings?: Record<string, number> }>('queries')
      .find({}, { projection: { timings: 1 } })
      .toArray();
    const serverTimings = (['retrievalMs', 'analysisMs', 'figuresMs', 'totalMs'] as const).map(
      (key) => [key, summary(stored.map((q) => q.timings?.[key] ?? 0))] as const,
    );
    const numbers = (pick: (line: ProgressLine) => number | undefined) =>
      busyLines.map(pick).filter((n): n is number => typeof n === 'number');
    const queryEngineWhileBusy = {
      cpuSeconds: round(busyCpuSeconds, 1),
      cpuShareOfOneCore: round(busyCpuSeconds / busySeconds, 2),
      progressLines: busyLines.length,
      eventLoopDelayP99Ms: summary(numbers((line) => line.eventLoopDelayP99Ms)),
      eventLoopDelayMaxMs: summary(numbers((line) => line.eventLoopDelayMaxMs)),
      writerCpuMsPerDocument: summary(numbers((line) => line.writerCpuMsPerDocument)),
    };
    const result = {
      filings: FILINGS,
      busySeconds: round(busySeconds, 1),
      busy: describe(busy),
      backlog: {
        ...describe(backlog),
        documentsWaitingAtStart: backlogAtStart.pending,
        documentsEmbeddedWhileSampled: backlogAfterSamples.embedded - backlogAtStart.embedded,
        sampledSeconds: round(backlogSampleSeconds, 1),
        secondsUntilEmpty: IDLE_SAMPLES > 0 ? round(backlogSeconds, 1) : null,
      },
      idle: describe(idle),
      serverTimings: Object.fromEntries(serverTimings),
      queryEngineWhileBusy,
      queryEngineWhileBacklog: {
        cpuSeconds: round(backlogCpuSeconds, 1),
        cpuShareOfOneCore: round(backlogCpuSeconds / backlogSampleSeconds, 2),
      },
      queryEngineIdle: {
        cpuSeconds: round(idleCpuSeconds, 1),
        cpuShareOfOneCore: round(idleCpuSeconds / idleSeconds, 2),
      },
    };
    printTable(
      `question timings stored by the query-engine (all ${stored.length} questions)`,
      serverTimings.map(([key, s]) => [key, `p50 ${s.p50} ms   p95 ${s.p95} ms   max ${s.max} ms`]),
    );
    const q = queryEngineWhileBusy;
    printTable(`query-engine while importing and indexing (${q.progressLines} progress lines, one per 5 s)`, [
      ['CPU (all threads)', `${q.cpuSeconds} s in ${result.busySeconds} s (${q.cpuShareOfOneCore} of one core)`],
      [
        'event loop delay, p99 per line',
        `median ${q.eventLoopDelayP99Ms.p50} ms   worst ${q.eventLoopDelayP99Ms.max} ms`,
      ],
      [
        'event loop delay, max per line',
        `median ${q.eventLoopDelayMaxMs.p50} ms   worst ${q.eventLoopDelayMaxMs.max} ms`,
      ],
      [
        'index writer CPU per document',
        `median ${q.writerCpuMsPerDocument.p50} ms   p95 ${q.writerCpuMsPerDocument.p95} ms`,
      ],
    ]);
    for (const [name, phase] of [
      ['while importing and indexing', result.busy],
      [
        `while only the embedding backlog ran (${result.backlog.documentsWaitingAtStart} documents waiting; ` +
          `${result.backlog.documentsEmbeddedWhileSampled} embedded in the ${result.backlog.sampledSeconds} s ` +
          `sampled, a ${BACKLOG_PAUSE_MS / 1000} s pause after each; ` +
          `empty after ${emptyAfter(result.backlog.secondsUntilEmpty)})`,
        result.backlog,
      ],
      ['idle afterwards', result.idle],
    ] as const) {
      if (phase.question.count === 0) continue;
      printTable(`${name}: ${phase.question.count} questions and searches, load average ${phase.loadAverage}`, [
        [
          'question (Ask, whole stream)',
          `p50 ${phase.question.p50} ms   p95 ${phase.question.p95} ms   max ${phase.question.max} ms`,
        ],
        [
          'search (20 hits, facets)',
          `p50 ${phase.search.p50} ms   p95 ${phase.search.p95} ms   max ${phase.search.max} ms`,
        ],
      ]);
    }
    console.log(`${FILINGS} filings imported and indexed in ${result.busySeconds} s`);
    const file = writeBenchResult('busy-latency', {
      setup:
        'test-profile stack, MongoDB stand-in on H2 (as npm start), SEED_CORPUS=false; ' +
        'one StartImport of text filings; questions without a workspace',
      ...result,
    });
    console.log(`written to ${file}`);
  } finally {
    queries.close();
    await bench.stop();
    serviceLog.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
