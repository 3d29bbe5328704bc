import fs from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import type { Jars } from './jars';
import { COMMON_JVM_OPTS, idleHeapOpts, jvmEnv } from './jvm-env';
import { spawnManaged, type ManagedProcess } from './managed-process';
import { requireBinary } from './paths';
import { pollUntil } from './wait';

export interface StartMongoOptions {
  jars: Jars;
  /** The stand-in's own directory: data (H2 file) and its console log. */
  dir: string;
  host?: string;
  port: number;
  /** 'h2' keeps data in <dir>/mongo.mv across restarts; 'memory' forgets everything on stop. */
  storage: 'h2' | 'memory';
  /** JVM -Xmx such as '2g' (default 2g; startInfra passes $MONGO_STANDIN_MAX_HEAP): large loads (benches) need more. */
  maxHeap?: string;
  readyTimeoutMs?: number;
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** Aborting gives up waiting for readiness (the server is then stopped). */
  signal?: AbortSignal;
}

export interface RunningMongo {
  url: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

const DEFAULT_MAX_HEAP = '2g';
// A small initial heap: the serial collector touches all of a young generation sized from -Xms,
// so 256m kept ~85 MB resident even with no data; under a load the heap grows to -Xmx as needed.
// Both JIT compilers (not C1 alone, as Kafka and Zipkin run): the stand-in is on every write's path,
// and its code compiled by C2 cost 4.0 instead of 5.1 CPU ms per filing once warm (bench/mongo-stand-in).
// The idle-heap agent (idleHeapOpts) compacts the heap once the stand-in is idle; -Xms16m lets it
// shrink below 64 MB. netty unpooled: its pooled allocator kept 17 MB of direct buffers for the
// next large insert. Both together: 94 instead of 152 MB PSS once idle after 3,200 filings' writes
// (bench/jvm-memory.bench.ts), CPU per filing no higher (bench/mongo-stand-in).
const JVM_OPTS = ['-Xms16m', '-XX:+ExitOnOutOfMemoryError', '-Dio.netty.allocator.type=unpooled', ...COMMON_JVM_OPTS];
/**
 * Under a load the heap grows early and its young generation is half of it: every write allocates
 * decoded documents and their copies, and the H2 page cache's objects outlive a small young
 * generation, so the serial collector copied them again and again (an import's profile: 176 young
 * and 20 full collections, 2.7 s of pauses for 2,000 filings). Steady CPU per filing in
 * bench/mongo-stand-in: 3.46-3.52 before, 2.64-3.15 with these. The idle-heap agent still compacts
 * the heap to its live data once the stand-in is idle (it sets the free ratios for that collection).
 */
const SERIAL_GC_OPTS = ['-XX:+UseSerialGC', '-XX:NewRatio=1', '-XX:MinHeapFreeRatio=60'];
/** Above this heap a full collection by the serial collector pauses for seconds; the parallel one uses both cores. */
const SERIAL_GC_MAX_BYTES = 4 * 2 ** 30;

function heapBytes(size: string): number {
  const unit = { k: 2 ** 10, m: 2 ** 20, g: 2 ** 30 }[size.slice(-1).toLowerCase() as 'k' | 'm' | 'g'];
  return Number(size.slice(0, -1)) * unit;
}

/** The mongo-java-server stand-in (deploy/local/mongo), ready when it answers a ping. */
export async function startMongo(opts: StartMongoOptions): Promise<RunningMongo> {
  const java = requireBinary('java', 'openjdk-17-jre-headless');
  const host = opts.host ?? '127.0.0.1';
  const maxHeap = opts.maxHeap ?? DEFAULT_MAX_HEAP;
  if (!/^\d+[kmg]$/i.test(maxHeap))
    throw new Error(
      `the stand-in's max heap (MONGO_STANDIN_MAX_HEAP) must be a JVM size such as 512m or 2g, got "${maxHeap}"`,
    );
  fs.mkdirSync(opts.dir, { recursive: true });
  const storageArgs = opts.storage === 'h2' ? ['--h2', path.join(opts.dir, 'mongo.mv')] : ['--memory'];
  const mongo = spawnManaged({
    name: 'mongo',
    env: jvmEnv(),
    command: java,
    args: [
      ...JVM_OPTS,
      ...idleHeapOpts(opts.jars.idleHeapAgentJar, 'mongo-stand-in'),
      ...(heapBytes(maxHeap) > SERIAL_GC_MAX_BYTES ? ['-XX:+UseParallelGC'] : SERIAL_GC_OPTS),
      `-Xmx${maxHeap}`,
      '-jar',
      opts.jars.mongoJar,
      host,
      String(opts.port),
      ...storageArgs,
    ],
    logFile: path.join(opts.dir, 'mongo.log'),
    onLine: opts.onLine,
  });
  const url = `mongodb://${host}:${opts.port}`;
  try {
    await pollUntil(() => probeMongo(url), {
      timeoutMs: opts.readyTimeoutMs ?? 60_000,
      intervalMs: 200,
      description: `MongoDB stand-in at ${url}`,
      abortIf: () =>
        opts.signal?.aborted
          ? 'stopping'
          : mongo.isRunning()
            ? undefined
            : `the process exited early; its last lines:\n${mongo.tail(30).join('\n')}`,
    });
  } catch (err) {
    await mongo.stop();
    throw err;
  }
  return {
    url,
    process: mongo,
    // The stand-in's shutdown hook closes the H2 store; give it time to flush.
    stop: async () => {
      await mongo.stop({ timeoutMs: 15_000 });
    },
  };
}

export async function probeMongo(url: string): Promise<boolean> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 1000, connectTimeoutMS: 1000 });
  try {
    await client.connect();
    const reply = await client.db('admin').command({ ping: 1 });
    return reply.ok === 1;
  } finally {
    await client.close().catch(() => undefined);
  }
}
