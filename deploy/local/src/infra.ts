import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureJars, type Jars } from './jars';
import { probeKafka, startKafka } from './kafka';
import type { ManagedProcess } from './managed-process';
import { probeMongo, startMongo } from './mongo';
import { defaultDataDir } from './paths';
import { probeRedis, redisHostPort, startRedis } from './redis';
import { freePort, isPortOpen } from './wait';

export type InfraPart = 'kafka' | 'mongo' | 'redis';

export interface InfraPorts {
  kafka: number;
  kafkaController: number;
  mongo: number;
  redis: number;
}

export const DEV_PORTS: InfraPorts = { kafka: 19092, kafkaController: 19093, mongo: 27027, redis: 16379 };

export interface StartInfraOptions {
  /** dev: fixed ports, data kept under dataDir. test: random free ports, a temp dir, nothing kept. */
  profile: 'dev' | 'test';
  /** dev default: $DATA_DIR or <repo>/.data; test default: a fresh temp directory (removed by stop()). */
  dataDir?: string;
  ports?: Partial<InfraPorts>;
  /** Launcher messages ("kafka ready in 7.1 s"). Default: stderr with an [infra] prefix. */
  log?: (message: string) => void;
  /** Every output line of the started servers (they also go to log files in their directories). */
  onOutput?: (part: InfraPart, line: string) => void;
  /** Where MONGO_URL / KAFKA_BROKERS / REDIS_URL are read; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** dev only: use a healthy server already listening on the dev port instead of failing. Default true. */
  reuseRunning?: boolean;
  /**
   * Where the MongoDB stand-in keeps documents. dev default 'h2' (a file, what `npm start` runs);
   * test default 'memory' (nothing to clean up, but the corpus then lives in the JVM's heap).
   */
  mongoStorage?: 'h2' | 'memory';
  /** Redis writes an append-only file, so a crash loses no acknowledged write. dev default true; test default false. */
  redisPersistent?: boolean;
}

export interface InfraHandle {
  profile: 'dev' | 'test';
  dataDir: string;
  mongoUrl: string;
  kafkaBrokers: string[];
  redisUrl: string;
  /** Which parts this handle started (and stop() will stop); the others came from env or were already running. */
  started: Record<InfraPart, boolean>;
  /** The server processes this handle started (to watch for crashes); the current ones after a restart. */
  readonly processes: ManagedProcess[];
  /** Starts a part this handle started again (after it crashed); resolves once it is ready. */
  restart(part: InfraPart): Promise<ManagedProcess>;
  /** Seconds each started part took to become ready. */
  readySeconds: Partial<Record<InfraPart, number>>;
  stop(): Promise<void>;
}

interface PartResult {
  url: string;
  stop?: () => Promise<void>;
  seconds?: number;
  process?: ManagedProcess;
  /** Starts the same server again, same port and directory (only for parts this handle started). */
  launch?: () => Promise<PartResult>;
}

/** Starts whatever env does not provide: Kafka, the MongoDB stand-in and Redis, in parallel. */
export async function startInfra(opts: StartInfraOptions): Promise<InfraHandle> {
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((m: string) => process.stderr.write(`[infra] ${m}\n`));
  const isTest = opts.profile === 'test';
  const ownsDataDir = isTest && !opts.dataDir;
  const dataDir = opts.dataDir ?? (isTest ? fs.mkdtempSync(path.join(os.tmpdir(), 'docket-infra-')) : defaultDataDir());
  fs.mkdirSync(dataDir, { recursive: true });
  const reuse = !isTest && (opts.reuseRunning ?? true);
  const ports = await resolvePorts(opts.profile, opts.ports);
  const output = (part: InfraPart) => (opts.onOutput ? (line: string) => opts.onOutput?.(part, line) : undefined);

  // Aborted by stop(): a restart still waiting for its server to get ready gives up (and stops it).
  const stopping = new AbortController();
  const signal = stopping.signal;
  let jars: Promise<Jars> | undefined;
  const needJars = () => (jars ??= ensureJars(log));

  const kafkaPart = async (): Promise<PartResult> => {
    if (env.KAFKA_BROKERS) return { url: env.KAFKA_BROKERS };
    const brokers = [`127.0.0.1:${ports.kafka}`];
    if (reuse && (await isPortOpen('127.0.0.1', ports.kafka))) {
      if (await probeKafka(brokers).catch(() => false)) {
        log(`Kafka already running on ${brokers[0]}; using it`);
        return { url: brokers.join(',') };
      }
      throw new Error(`port ${ports.kafka} is in use by something that is not a Kafka broker`);
    }
    const launch = async (): Promise<PartResult> => {
      const started = Date.now();
      const kafka = await startKafka({
        jars: await needJars(),
        dir: path.join(dataDir, 'kafka'),
        port: ports.kafka,
        controllerPort: ports.kafkaController,
        onLine: output('kafka'),
        signal,
      });
      return {
        url: kafka.brokers.join(','),
        stop: kafka.stop,
        seconds: (Date.now() - started) / 1000,
        process: kafka.process,
        launch,
      };
    };
    return launch();
  };

  const mongoPart = async (): Promise<PartResult> => {
    if (env.MONGO_URL) return { url: env.MONGO_URL };
    const url = `mongodb://127.0.0.1:${ports.mongo}`;
    if (reuse && (await isPortOpen('127.0.0.1', ports.mongo))) {
      if (await probeMongo(url).catch(() => false)) {
        log(`MongoDB already running on ${url}; using it`);
        return { url };
      }
      throw new Error(`port ${ports.mongo} is in use by something that is not MongoDB`);
    }
    const launch = async (): Promise<PartResult> => {
      const started = Date.now();
      const mongo = await startMongo({
        jars: await needJars(),
        dir: path.join(dataDir, 'mongo'),
        port: ports.mongo,
        storage: opts.mongoStorage ?? (isTest ? 'memory' : 'h2'),
        maxHeap: env.MONGO_STANDIN_MAX_HEAP || undefined,
        onLine: output('mongo'),
        signal,
      });
      return {
        url: mongo.url,
        stop: mongo.stop,
        seconds: (Date.now() - started) / 1000,
        process: mongo.process,
        launch,
      };
    };
    return launch();
  };

  const redisPart = async (): Promise<PartResult> => {
    if (env.REDIS_URL) return { url: env.REDIS_URL };
    const url = `redis://127.0.0.1:${ports.redis}`;
    if (reuse && (await isPortOpen('127.0.0.1', ports.redis))) {
      const { host, port } = redisHostPort(url);
      if (await probeRedis(host, port)) {
        log(`Redis already running on ${url}; using it`);
        return { url };
      }
      throw new Error(`port ${ports.redis} is in use by something that is not Redis`);
    }
    const launch = async (): Promise<PartResult> => {
      const started = Date.now();
      const redis = await startRedis({
        dir: path.join(dataDir, 'redis'),
        port: ports.redis,
        persistent: opts.redisPersistent ?? !isTest,
        onLine: output('redis'),
        signal,
      });
      return {
        url: redis.url,
        stop: redis.stop,
        seconds: (Date.now() - started) / 1000,
        process: redis.process,
        launch,
      };
    };
    return launch();
  };

  const parts: InfraPart[] = ['kafka', 'mongo', 'redis'];
  const settled = await Promise.allSettled([kafkaPart(), mongoPart(), redisPart()]);

  // The current server of each part (replaced by restart()), and restarts still in progress.
  const current = new Map<InfraPart, PartResult>();
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') current.set(parts[i]!, s.value);
  });
  const restarting = new Set<Promise<unknown>>();
  const stopAll = async () => {
    stopping.abort();
    await Promise.allSettled([...restarting]);
    await Promise.all([...current.values()].map((part) => part.stop?.().catch(() => undefined)));
    if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const restart = async (part: InfraPart): Promise<ManagedProcess> => {
    const launch = current.get(part)?.launch;
    if (!launch) throw new Error(`${part} was not started by the launcher`);
    if (signal.aborted) throw new Error('stopping');
    const pending = launch();
    restarting.add(pending);
    try {
      const result = await pending;
      current.set(part, result);
      return result.process!;
    } finally {
      restarting.delete(pending);
    }
  };

  const failures = settled.flatMap((s, i) =>
    s.status === 'rejected' ? [`${parts[i]}: ${errorMessage(s.reason)}`] : [],
  );
  if (failures.length > 0) {
    await stopAll();
    throw new Error(`could not start the local infrastructure:\n${failures.join('\n')}`);
  }
  const [kafka, mongo, redis] = parts.map((part) => current.get(part)!) as [PartResult, PartResult, PartResult];

  const readySeconds: Partial<Record<InfraPart, number>> = {};
  parts.forEach((part, i) => {
    const seconds = [kafka, mongo, redis][i]?.seconds;
    if (seconds !== undefined) {
      readySeconds[part] = seconds;
      log(`${part} ready in ${seconds.toFixed(1)} s`);
    }
  });

  let stopped: Promise<void> | undefined;
  return {
    profile: opts.profile,
    dataDir,
    mongoUrl: mongo.url,
    kafkaBrokers: kafka.url
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean),
    redisUrl: redis.url,
    started: { kafka: !!kafka.stop, mongo: !!mongo.stop, redis: !!redis.stop },
    get processes() {
      return [...current.values()].flatMap((p) => (p.process ? [p.process] : []));
    },
    restart,
    readySeconds,
    stop: () => (stopped ??= stopAll()),
  };
}

async function resolvePorts(profile: 'dev' | 'test', given: Partial<InfraPorts> = {}): Promise<InfraPorts> {
  if (profile === 'dev') return { ...DEV_PORTS, ...given };
  const taken = new Set(Object.values(given));
  const pick = async (port: number | undefined): Promise<number> => {
    if (port !== undefined) return port;
    for (;;) {
      const candidate = await freePort();
      if (!taken.has(candidate)) {
        taken.add(candidate);
        return candidate;
      }
    }
  };
  return {
    kafka: await pick(given.kafka),
    kafkaController: await pick(given.kafkaController),
    mongo: await pick(given.mongo),
    redis: await pick(given.redis),
  };
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
