/**
 * Crash safety, shown: SIGKILL each service in turn while documents are imported and questions asked,
 * let the launcher's supervisor restart it, then check that every imported document is stored,
 * indexed and searchable exactly once and that every import process finished (figures, never
 * pass/fail; the exit code is 1 when a document was lost or duplicated, so a run can be scripted).
 *
 *   npm run bench:chaos                        # 5 batches of 40 text filings, one kill per service
 *   npm run bench:chaos -- --per-kill 100 --rounds 2
 *
 * The stack is the launcher's own (test profile: free loopback ports, a temp data dir, no frontend,
 * no default corpus) with the dev restart policy. Each round, for each service (documents,
 * query-engine, alerts, export, bff): start importing a fresh directory, wait until the import is
 * under way, SIGKILL the service, time how long until the supervisor has it healthy again. A loop asks
 * questions through the BFF all along. Every filing carries a unique word ("chaos" + letters) in its
 * title and text; at the end each word is searched for (query-engine gRPC) and counted in MongoDB.
 * Writes .data/bench/chaos.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { generateCatalog, generateDockets, generateFilings } from '@docket/corpus';
import { DEFAULT_RESTART_POLICY, pollUntil } from '@docket/local-infra';
import { grpcCall, GRPC_CLIENT_OPTIONS } from '@docket/service-kit';
import { ProcessServiceClient, ProcessStatus } from '@docket/proto/src/gen/research/export/v1/processes';
import { SearchRequest } from '@docket/proto/src/gen/research/query_engine/v1/search';
import { machine, printTable, round, summary, writeBenchResult } from './support/bench-output';
import { startBenchStack, type BenchStack } from './support/bench-stack';
import { writeTextFiling } from './support/filing-files';

const { values: args } = parseArgs({ options: { 'per-kill': { type: 'string', default: '40' }, rounds: { type: 'string', default: '1' } } });
const PER_KILL = Number(args['per-kill']);
const ROUNDS = Number(args.rounds);
const SERVICES = ['documents', 'query-engine', 'alerts', 'export', 'bff'] as const;
const ADMIN_EMAIL = 'chaos-admin@docket.local';
const ADMIN_PASSWORD = `chaos-${Date.now()}-password`;
const SEED = 'bench-chaos';
const RECOVERY_TIMEOUT_MS = 3 * 60_000;
const SETTLE_TIMEOUT_MS = 10 * 60_000;
// The documents service resumes a killed import once its BullMQ lock lapses; 30 s by default.
const IMPORT_LOCK_MS = 10_000;

/** "chaos" + the index in letters: one word to the query language, unique per filing. */
function tokenOf(index: number): string {
  let letters = '';
  let n = index;
  for (let i = 0; i < 5; i++) {
    letters = String.fromCharCode(97 + (n % 26)) + letters;
    n = Math.floor(n / 26);
  }
  return `chaos${letters}`;
}

interface Batch {
  dir: string;
  tokens: string[];
}

function writeBatches(count: number): Batch[] {
  const catalog = generateCatalog(SEED);
  const dockets = generateDockets(SEED, catalog, 50);
  const filings = [...generateFilings(SEED, catalog, dockets, { count: count * PER_KILL, pdfShare: 0 })];
  return Array.from({ length: count }, (_, b) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-chaos-${b}-`));
    const tokens: string[] = [];
    for (let i = 0; i < PER_KILL; i++) {
      const index = b * PER_KILL + i;
      const token = tokenOf(index);
      const filing = filings[index]!;
      tokens.push(token);
      writeTextFiling(dir, `filing-${String(index).padStart(5, '0')}`, {
        ...filing,
        title: `${filing.title} (${token})`,
        pages: [`Reference ${token}.\n${filing.pages[0] ?? ''}`, ...filing.pages.slice(1)],
      });
    }
    return { dir, tokens };
  });
}

/** Signs in through the BFF and asks questions in a loop until stopped; counts answers and failures. */
function questionLoop(bffUrl: string) {
  const counts = { answered: 0, failed: 0, errors: new Map<string, number>() };
  let stopped = false;
  let cookie = '';
  let csrf = '';
  let workspaceId = '';
  const note = (reason: string) => {
    counts.failed += 1;
    counts.errors.set(reason, (counts.errors.get(reason) ?? 0) + 1);
  };
  const signIn = async () => {
    const first = await fetch(`${bffUrl}/api/auth/csrf`, { signal: AbortSignal.timeout(10_000) });
    const { csrfToken } = (await first.json()) as { csrfToken: string };
    const login = await fetch(`${bffUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: cookiesOf(first) },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!login.ok) throw new Error(`sign-in: ${login.status}`);
    cookie = cookiesOf(login);
    csrf = /drs_csrf=([^;]+)/.exec(cookie)?.[1] ?? '';
    const created = await post('/api/workspaces', { name: `Chaos ${Date.now()}` });
    if (!created.ok) throw new Error(`create workspace: ${created.status}`);
    workspaceId = ((await created.json()) as { workspace: { id: string } }).workspace.id;
  };
  const post = (route: string, body: unknown) =>
    fetch(`${bffUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
  const done = (async () => {
    while (!stopped) {
      try {
        if (!workspaceId) await signIn();
        const response = await post(`/api/workspaces/${workspaceId}/queries`, { question: 'What did the commission decide about rates?' });
        const text = await response.text();
        if (response.ok && text.includes('event: completed')) {
          counts.answered += 1;
          continue;
        }
        const detail = response.ok ? /event: error\ndata: (.*)/.exec(text)?.[1] ?? 'no error event' : text;
        note(`${response.ok ? 'stream ended with' : `HTTP ${response.status}`}: ${detail.slice(0, 100)}`);
      } catch (error) {
        note(error instanceof Error ? `${error.name}: ${(error.cause as Error | undefined)?.message ?? error.message}`.slice(0, 100) : String(error));
      }
      // A part is down or restarting: ask again in a second rather than spin (the load would slow its recovery).
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  return { counts, stop: async () => ((stopped = true), await done) };
}

function cookiesOf(response: Response): string {
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

interface Kill {
  round: number;
  service: string;
  pid: number;
  recoverySeconds: number;
  loadAverage1m: number;
}

/** Starts importing `batch`, waits until the run has taken in a first file, then SIGKILLs `service` and times its recovery. */
async function killDuringImport(bench: BenchStack, service: string, batch: Batch, roundNo: number): Promise<Kill & { processId: string; runId: string }> {
  const { processId, runId } = await grpcCall(bench.documents, 'startImport', { path: batch.dir, sourceId: 'uploads', requestedBy: 'bench' });
  const runs = bench.mongo.db('documents').collection('ingestion_runs');
  await pollUntil(async () => ((await runs.findOne({ processId }))?.seen ?? 0) > 0, {
    timeoutMs: 60_000, intervalMs: 50, description: `import ${processId} to start`, abortIf: bench.crashed,
  });
  const before = bench.stack.status().parts.find((p) => p.name === service);
  if (!before?.pid || before.state !== 'up') throw new Error(`${service} is not up before its kill: ${JSON.stringify(before)}`);
  const killedAt = performance.now();
  process.kill(before.pid, 'SIGKILL');
  await pollUntil(
    async () => {
      const part = bench.stack.status().parts.find((p) => p.name === service);
      return part?.state === 'up' && part.restarts === before.restarts + 1;
    },
    { timeoutMs: RECOVERY_TIMEOUT_MS, intervalMs: 100, description: `${service} to be restarted`, abortIf: bench.crashed },
  );
  const recoverySeconds = round((performance.now() - killedAt) / 1000, 2);
  const loadAverage1m = round(os.loadavg()[0] ?? 0, 2);
  process.stderr.write(`[chaos] ${service} killed (pid ${before.pid}) and healthy again after ${recoverySeconds} s; load ${loadAverage1m}\n`);
  return { round: roundNo, service, pid: before.pid, recoverySeconds, loadAverage1m, processId, runId };
}

/** Hits per token in the index; polls until none is missing or the time is up (events may still be in flight). */
async function searchCounts(bench: BenchStack, tokens: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    for (const token of tokens) {
      if ((counts.get(token) ?? 0) > 0) continue;
      const result = await grpcCall(bench.search, 'search', SearchRequest.fromPartial({ query: token, limit: 5 }));
      counts.set(token, Number(result.total));
    }
    const missing = tokens.filter((t) => !counts.get(t)).length;
    if (missing === 0 || Date.now() > deadline) return counts;
    process.stderr.write(`[chaos] ${missing} filings not searchable yet\n`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

async function main(): Promise<void> {
  const batches = writeBatches(ROUNDS * SERVICES.length);
  const allTokens = batches.flatMap((b) => b.tokens);
  const started = performance.now();
  const bench = await startBenchStack({
    restartPolicy: DEFAULT_RESTART_POLICY,
    env: { SEED_CORPUS: 'false', ADMIN_EMAIL, ADMIN_PASSWORD, IMPORT_LOCK_MS: String(IMPORT_LOCK_MS) },
  });
  const processes = new ProcessServiceClient(bench.stack.grpcTargets.export, bench.stack.grpcCredentials(), GRPC_CLIENT_OPTIONS);
  const questions = questionLoop(bench.stack.bffUrl);
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(os.loadavg()[0] ?? 0), 1000);
  try {
    const kills: (Kill & { processId: string; runId: string })[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (const [i, service] of SERVICES.entries()) kills.push(await killDuringImport(bench, service, batches[r * SERVICES.length + i]!, r + 1));
    }
    await questions.stop();

    // Every import process must end (a killed import is resumed once its lock lapses).
    const runs = bench.mongo.db('documents').collection('ingestion_runs');
    const finished = await pollUntil(async () => {
      const list = await runs.find({ processId: { $in: kills.map((k) => k.processId) } }).toArray();
      return list.length === kills.length && list.every((run) => run.status !== 'running' && run.status !== 'interrupted') && list;
    }, { timeoutMs: SETTLE_TIMEOUT_MS, intervalMs: 500, description: 'every import to finish', abortIf: bench.crashed });
    const processStates = await Promise.all(
      kills.map(async (k) => {
        const { process: p } = await grpcCall(processes, 'getProcess', { id: k.processId });
        return p ? ProcessStatus[p.status].replace('PROCESS_STATUS_', '').toLowerCase() : 'missing';
      }),
    );

    // Stored: one document per token in the documents service's database.
    const stored = new Map<string, number>();
    const docs = await bench.mongo.db('documents').collection('documents').find({ title: /\(chaos[a-z]{5}\)$/ }, { projection: { title: 1 } }).toArray();
    for (const d of docs) {
      const token = /\((chaos[a-z]{5})\)$/.exec(String(d.title))![1]!;
      stored.set(token, (stored.get(token) ?? 0) + 1);
    }
    // Indexed and searchable: one hit per token.
    const hits = await searchCounts(bench, allTokens);
    const count = (map: Map<string, number>, test: (n: number) => boolean) => allTokens.filter((t) => test(map.get(t) ?? 0)).length;
    const figures = {
      kills: kills.length,
      imported: allTokens.length,
      // A resumed run re-imports the files after its cursor and counts each once, as what it was: new should equal imported.
      runs: {
        statuses: finished.map((run) => run.status),
        ...Object.fromEntries((['seen', 'new', 'duplicate', 'failed'] as const).map((key) => [key, finished.reduce((s, run) => s + Number(run[key] ?? 0), 0)])),
      } as { statuses: string[]; seen: number; new: number; duplicate: number; failed: number },
      processes: processStates,
      stored: { exactlyOnce: count(stored, (n) => n === 1), missing: count(stored, (n) => n === 0), duplicated: count(stored, (n) => n > 1) },
      searchable: { exactlyOnce: count(hits, (n) => n === 1), missing: count(hits, (n) => n === 0), duplicated: count(hits, (n) => n > 1) },
      recoverySeconds: Object.fromEntries(kills.map((k) => [`${k.service}#${k.round}`, k.recoverySeconds])),
      recovery: summary(kills.map((k) => k.recoverySeconds)),
      questions: { answered: questions.counts.answered, failed: questions.counts.failed, errors: Object.fromEntries(questions.counts.errors) },
      loadAverage1m: { atKills: kills.map((k) => k.loadAverage1m), mean: round(loads.reduce((s, v) => s + v, 0) / Math.max(1, loads.length), 2), max: round(Math.max(...loads), 2) },
      restarts: bench.stack.status().parts.map((p) => `${p.name}:${p.restarts}`).join(' '),
      wallSeconds: round((performance.now() - started) / 1000),
    };
    printTable(`chaos: ${figures.kills} kills (SIGKILL), ${figures.imported} filings imported in ${kills.length} runs`, [
      ['import runs', `${figures.runs.statuses.join(', ')} (seen ${figures.runs.seen}, new ${figures.runs.new}, duplicate ${figures.runs.duplicate}, failed ${figures.runs.failed})`],
      ['import processes', processStates.join(', ')],
      ['stored (MongoDB)', `${figures.stored.exactlyOnce} exactly once, ${figures.stored.missing} lost, ${figures.stored.duplicated} duplicated`],
      ['searchable (1 hit per token)', `${figures.searchable.exactlyOnce} exactly once, ${figures.searchable.missing} lost, ${figures.searchable.duplicated} duplicated`],
      ...kills.map((k): [string, string] => [`recovery ${k.service} (round ${k.round})`, `${k.recoverySeconds} s, load ${k.loadAverage1m}`]),
      ['recovery p50 / max', `${figures.recovery.p50} s / ${figures.recovery.max} s`],
      ['questions via the BFF', `${figures.questions.answered} answered, ${figures.questions.failed} failed`],
      ['load average (1 min)', `mean ${figures.loadAverage1m.mean}, max ${figures.loadAverage1m.max} on ${os.cpus().length} cores`],
      ['wall time', `${figures.wallSeconds} s`],
    ]);
    for (const [reason, n] of questions.counts.errors) console.log(`  question failures: ${n} × ${reason}`);
    const file = writeBenchResult('chaos', { setup: `test-profile stack, dev restart policy, IMPORT_LOCK_MS=${IMPORT_LOCK_MS}, ${PER_KILL} text filings per kill`, machine: machine(), ...figures });
    console.log(`written to ${file}`);
    const broken = figures.stored.missing + figures.stored.duplicated + figures.searchable.missing + figures.searchable.duplicated;
    if (broken > 0) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    await questions.stop();
    processes.close();
    await bench.stop();
    for (const batch of batches) fs.rmSync(batch.dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
