/** The whole stack for a bench (test profile: free ports, a temp data dir) and the clients a bench needs. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import {
  ensureJars,
  freePort,
  groupCpuSeconds,
  groupCpuSecondsApart,
  liveManagedProcesses,
  pollUntil,
  startMongo,
  startStack,
  type RunningMongo,
  type StackHandle,
  type StartStackOptions,
} from '@docket/local-infra';
import { DocumentsServiceClient } from '@docket/proto/src/documents';
import { SearchServiceClient } from '@docket/proto/src/search';
import { GRPC_CLIENT_OPTIONS, grpcCall } from '@docket/service-kit';
import { round } from './bench-output';

export interface BenchStack {
  stack: StackHandle;
  documents: DocumentsServiceClient;
  search: SearchServiceClient;
  mongo: MongoClient;
  /** Why the stack is no longer whole (a part exited), for waits to give up at once. */
  crashed(): string | undefined;
  stop(): Promise<void>;
}

export interface BenchStackOptions extends Partial<StartStackOptions> {
  /**
   * Run the MongoDB stand-in on its H2 file store with this JVM heap (e.g. '3g') instead of the test
   * profile's in-memory store, whose 384 MB heap holds only some tens of MB of documents.
   */
  h2MongoHeap?: string;
}

const log = (m: string) => process.stderr.write(`[stack] ${m}\n`);

/** A stand-in on H2 in a temp dir; the stack then uses it through MONGO_URL. */
async function startH2Mongo(maxHeap: string): Promise<RunningMongo & { dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mongo-'));
  const mongo = await startMongo({ jars: await ensureJars(log), dir, port: await freePort(), storage: 'h2', maxHeap });
  log(`MongoDB stand-in on H2 (heap ${maxHeap}) at ${mongo.url}`);
  return { ...mongo, dir };
}

export async function startBenchStack(options: BenchStackOptions = {}): Promise<BenchStack> {
  const { h2MongoHeap, ...stackOptions } = options;
  const h2 = h2MongoHeap ? await startH2Mongo(h2MongoHeap) : undefined;
  const stack = await startStack({
    profile: 'test',
    frontend: false,
    log,
    ...stackOptions,
    // BENCH_LOG_LEVEL=info keeps the services' timing lines (e.g. the query-engine's "query answered") in their logs.
    env: {
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ...(h2 ? { MONGO_URL: h2.url } : {}),
      ...stackOptions.env,
    },
  }).catch(async (error: unknown) => {
    await h2?.stop();
    throw error;
  });
  const documents = new DocumentsServiceClient(
    stack.grpcTargets.documents,
    stack.grpcCredentials(),
    GRPC_CLIENT_OPTIONS,
  );
  const search = new SearchServiceClient(stack.grpcTargets.queryEngine, stack.grpcCredentials(), GRPC_CLIENT_OPTIONS);
  const mongo = await new MongoClient(stack.infra.mongoUrl).connect();
  let crash: string | undefined;
  const crashes = [
    stack.crashed,
    ...(h2 ? [h2.process.exited.then((info) => ({ name: 'mongo', ...info, tail: h2.process.tail(30) }))] : []),
  ];
  let stopping = false;
  void Promise.race(crashes).then((info) => {
    if (!stopping)
      crash =
        `${info.name} exited (code ${info.code}, signal ${info.signal}); ` + `its last lines:\n${info.tail.join('\n')}`;
  });
  return {
    stack,
    documents,
    search,
    mongo,
    crashed: () => crash,
    stop: async () => {
      stopping = true;
      documents.close();
      search.close();
      await mongo.close();
      await stack.stop();
      await h2?.stop();
      if (h2) fs.rmSync(h2.dir, { recursive: true, force: true });
    },
  };
}

/** How many documents the query-engine's search index holds. */
export async function indexedCount(search: SearchServiceClient): Promise<number> {
  return Number((await grpcCall(search, 'getIndexStats', {})).documents);
}

export interface RunCounts {
  status: string;
  seen: number;
  new: number;
  updated: number;
  duplicate: number;
  failed: number;
  errors: { item: string; reason: string; message: string }[];
}

/** Waits for an ingestion run (documents service database) to leave 'running'; polls every 100 ms. */
export async function waitForRun(bench: BenchStack, runId: string, timeoutMs: number): Promise<RunCounts> {
  const runs = bench.mongo.db('documents').collection<RunCounts>('ingestion_runs');
  return pollUntil(
    async () => {
      const run = await runs.findOne({ _id: new ObjectId(runId) } as object);
      return run && run.status !== 'running' && run.status !== 'interrupted' ? run : undefined;
    },
    { timeoutMs, intervalMs: 100, description: `ingestion run ${runId} to finish`, abortIf: bench.crashed },
  );
}

/** The pid of a part the launcher started ('documents', 'bff', 'mongo', ...). */
export function pidOf(name: string): number {
  const part = liveManagedProcesses().find((p) => p.name === name);
  if (!part) throw new Error(`no running part named ${name}`);
  return part.pid;
}

/**
 * Resident set size in bytes (VmRSS), undefined once the process is gone;
 * the launcher execs the program itself, so the pid is the process.
 */
export function rssBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat; undefined once it is gone. */
export function cpuSecondsOf(pid: number): number | undefined {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times (100 on every common kernel). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds used so far by each part the launcher started (an H2 stand-in a bench starts is one too),
 * with whatever the part started itself (the query-engine's background embedding process), or with
 * `startedApart` that apart, under startedByPart(name).
 */
export function cpuSecondsByPart(options: { startedApart?: boolean } = {}): Map<string, number> {
  const byPart = new Map<string, number>();
  const add = (name: string, seconds: number) => byPart.set(name, (byPart.get(name) ?? 0) + seconds);
  for (const part of liveManagedProcesses()) {
    if (options.startedApart) {
      const apart = groupCpuSecondsApart(part.pid);
      if (apart === undefined) continue;
      add(part.name, apart.group);
      if (apart.started > 0) add(startedByPart(part.name), apart.started);
    } else {
      const seconds = groupCpuSeconds(part.pid);
      if (seconds !== undefined) add(part.name, seconds);
    }
  }
  return byPart;
}

const STARTED_BY = ': processes it started';

/** cpuSecondsByPart's name, with startedApart, for the processes a part started in sessions of their own. */
export function startedByPart(part: string): string {
  return `${part}${STARTED_BY}`;
}

export function isStartedByPart(name: string): boolean {
  return name.endsWith(STARTED_BY);
}

/** CPU seconds each part used between two cpuSecondsByPart() readings, largest first. */
export function cpuSecondsBetween(before: Map<string, number>, after: Map<string, number>): Array<[string, number]> {
  return [...after]
    .map(([name, seconds]): [string, number] => [name, seconds - (before.get(name) ?? 0)])
    .sort((a, b) => b[1] - a[1]);
}

/** CPU milliseconds per item (document, filing) of each part and of 'all parts', from cpuSecondsBetween(). */
export function cpuMsPerItem(perPart: Array<[string, number]>, items: number, digits: number): Record<string, number> {
  const total = perPart.reduce((sum, [, seconds]) => sum + seconds, 0);
  return Object.fromEntries(
    [...perPart, ['all parts', total] as [string, number]].map(([name, seconds]) => [
      name,
      round((seconds * 1000) / Math.max(1, items), digits),
    ]),
  );
}
