import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { classDataSharing } from './class-data-sharing';
import type { Jars } from './jars';
import { COMMON_JVM_OPTS, idleHeapOpts, jvmEnv } from './jvm-env';
import { BACKGROUND_NICENESS, spawnManaged, type ManagedProcess } from './managed-process';
import { requireBinary } from './paths';
import { freePort, pollUntil } from './wait';

export interface StartKafkaOptions {
  jars: Jars;
  /** Kafka's own directory: server.properties, cluster id, data/ and logs/. */
  dir: string;
  host?: string;
  port: number;
  controllerPort: number;
  readyTimeoutMs?: number;
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** Aborting gives up waiting for readiness (the server is then stopped). */
  signal?: AbortSignal;
}

export interface RunningKafka {
  brokers: string[];
  process: ManagedProcess;
  stop(): Promise<void>;
}

// Small heap, serial GC and C1 only: a single dev broker starts faster and idles smaller this way.
// A young generation of 8 MB, and an old one kept with 20-40 % free instead of 40-70 %: a settled
// broker held 33 MB young and 73 MB old for 44 MB live. Its young collections (a few a minute under
// a corpus load at 16 MB) come about four times as often as at 33; each moves only the records and
// requests in flight. The idle-heap agent (idleHeapOpts) compacts the old one once the broker is idle.
const JVM_OPTS = [
  '-Xms32m',
  '-Xmx512m',
  '-Xmn8m',
  '-XX:MinHeapFreeRatio=20',
  '-XX:MaxHeapFreeRatio=40',
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  '-XX:+ExitOnOutOfMemoryError',
  '-Djava.awt.headless=true',
  ...COMMON_JVM_OPTS,
];

/** Single-node KRaft Kafka (combined broker + controller), formatted once, ready when it answers metadata. */
export async function startKafka(opts: StartKafkaOptions): Promise<RunningKafka> {
  const java = requireBinary('java', 'openjdk-17-jre-headless');
  const host = opts.host ?? '127.0.0.1';
  const dataDir = path.join(opts.dir, 'data');
  const logsDir = path.join(opts.dir, 'logs');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.mkdirSync(logsDir, { recursive: true });

  const propsFile = path.join(opts.dir, 'server.properties');
  fs.writeFileSync(
    propsFile,
    serverProperties({ host, port: opts.port, controllerPort: opts.controllerPort, dataDir }),
  );
  const classpath = ['-cp', `${opts.jars.kafkaLibDir}/*`];
  const logging = [`-Dlog4j.configuration=file:${opts.jars.kafkaLog4j}`, `-Dkafka.logs.dir=${logsDir}`];
  const onLine = opts.onLine;
  const logFile = path.join(logsDir, 'console.log');

  if (!fs.existsSync(path.join(dataDir, 'meta.properties'))) {
    // Formatting costs a JVM start (seconds); copy a once-formatted empty storage instead.
    const template = await ensureKafkaStorageTemplate(opts.jars, onLine);
    for (const file of STORAGE_FILES) fs.copyFileSync(path.join(template, file), path.join(dataDir, file));
    fs.writeFileSync(path.join(opts.dir, 'cluster-id'), readClusterId(template) + '\n');
  }

  // <cache>/kafka/kafka.jsa: later starts about twice as fast.
  const cds = kafkaClassDataSharing(opts.jars);
  const kafka = spawnManaged({
    name: 'kafka',
    env: jvmEnv(),
    // No user request waits on Kafka (reads go to MongoDB and the search index), but ingest does:
    // half the background niceness, so a corpus load still moves while users are served first.
    niceness: BACKGROUND_NICENESS / 2,
    command: java,
    args: [
      ...JVM_OPTS,
      // The JVM refuses a Java agent in the run that dumps the archive (once, usually the warm-up of
      // `prepare`): that run goes without.
      ...(cds.dumping ? [] : idleHeapOpts(opts.jars.idleHeapAgentJar, 'kafka')),
      ...cds.args,
      ...logging,
      ...classpath,
      'kafka.Kafka',
      propsFile,
    ],
    logFile,
    onLine,
  });
  void kafka.exited.then(cds.afterExit);
  const brokers = [`${host}:${opts.port}`];
  try {
    await waitForKafka(brokers, {
      timeoutMs: opts.readyTimeoutMs ?? 90_000,
      abortIf: () =>
        opts.signal?.aborted
          ? 'stopping'
          : kafka.isRunning()
            ? undefined
            : exitedMessage(kafka, path.join(logsDir, 'server.log')),
    });
  } catch (err) {
    await kafka.stop();
    throw err;
  }
  return {
    brokers,
    process: kafka,
    stop: async () => {
      await kafka.stop({ timeoutMs: 20_000 });
    },
  };
}

function kafkaClassDataSharing(jars: Jars): ReturnType<typeof classDataSharing> {
  return classDataSharing(
    path.join(path.dirname(jars.kafkaLibDir), 'kafka.jsa'),
    readIfExists(path.join(jars.kafkaLibDir, '.stamp')) ?? '',
  );
}

/**
 * One clean Kafka run, unless its class-data-sharing archive is current: it writes the archive that
 * halves later start-ups (and lets them run the idle-heap agent, which the dumping run goes without).
 */
export async function ensureKafkaClassArchive(jars: Jars): Promise<void> {
  if (!kafkaClassDataSharing(jars).dumping) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docket-kafka-warmup-'));
  try {
    const kafka = await startKafka({ jars, dir, port: await freePort(), controllerPort: await freePort() });
    await kafka.stop();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Ready = the broker answers a metadata request (DescribeCluster) and lists itself. */
export async function waitForKafka(
  brokers: string[],
  opts: { timeoutMs: number; abortIf?: () => string | undefined },
): Promise<void> {
  await pollUntil(() => probeKafka(brokers), {
    timeoutMs: opts.timeoutMs,
    intervalMs: 250,
    description: `Kafka at ${brokers.join(',')}`,
    abortIf: opts.abortIf,
  });
}

export async function probeKafka(brokers: string[]): Promise<boolean> {
  const admin = new Kafka({
    clientId: 'local-infra-probe',
    brokers,
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1000,
    requestTimeout: 2000,
    retry: { retries: 0 },
  }).admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    return cluster.brokers.length > 0 && cluster.controller !== null && cluster.controller >= 0;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/** What `kafka-storage format` writes into an empty log dir (Kafka 3.9, KRaft). */
const STORAGE_FILES = ['meta.properties', 'bootstrap.checkpoint'];

/**
 * A formatted, empty KRaft storage directory next to the jars (<cache>/kafka/formatted-storage),
 * made once with `kafka.tools.StorageTool format -t <uuid> -c server.properties --ignore-formatted`.
 * Every local cluster on this machine then shares its cluster id, which is harmless: they never meet.
 */
export async function ensureKafkaStorageTemplate(jars: Jars, onLine?: StartKafkaOptions['onLine']): Promise<string> {
  const template = path.join(path.dirname(jars.kafkaLibDir), 'formatted-storage');
  const libStamp = readIfExists(path.join(jars.kafkaLibDir, '.stamp')) ?? 'unknown';
  if (
    readIfExists(path.join(template, '.stamp')) === libStamp &&
    STORAGE_FILES.every((f) => fs.existsSync(path.join(template, f)))
  ) {
    return template;
  }
  const java = requireBinary('java', 'openjdk-17-jre-headless');
  const staging = `${template}.tmp-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(path.join(staging, 'data'), { recursive: true });
  const propsFile = path.join(staging, 'server.properties');
  // Ports are irrelevant to formatting; only the KRaft settings and log.dirs matter.
  fs.writeFileSync(
    propsFile,
    serverProperties({ host: '127.0.0.1', port: 19092, controllerPort: 19093, dataDir: path.join(staging, 'data') }),
  );
  const format = spawnManaged({
    name: 'kafka-format',
    command: java,
    args: [
      ...JVM_OPTS,
      `-Dlog4j.configuration=file:${jars.kafkaLog4j}`,
      `-Dkafka.logs.dir=${staging}`,
      '-cp',
      `${jars.kafkaLibDir}/*`,
      'kafka.tools.StorageTool',
      'format',
      '-t',
      newClusterId(),
      '-c',
      propsFile,
      '--ignore-formatted',
    ],
    onLine,
  });
  const result = await format.exited;
  if (result.code !== 0) {
    throw new Error(`Kafka storage format failed (exit ${result.code}):\n${format.tail(30).join('\n')}`);
  }
  for (const file of STORAGE_FILES) fs.renameSync(path.join(staging, 'data', file), path.join(staging, file));
  fs.rmSync(path.join(staging, 'data'), { recursive: true, force: true });
  fs.rmSync(propsFile);
  fs.rmSync(path.join(staging, 'server.log'), { force: true });
  fs.writeFileSync(path.join(staging, '.stamp'), libStamp);
  fs.rmSync(template, { recursive: true, force: true });
  fs.renameSync(staging, template);
  return template;
}

/** Kafka cluster ids are 16 random bytes in URL-safe base64 (22 chars), never starting with '-'. */
function newClusterId(): string {
  let id: string;
  do id = crypto.randomBytes(16).toString('base64url');
  while (id.startsWith('-'));
  return id;
}

function readClusterId(storageDir: string): string {
  const meta = fs.readFileSync(path.join(storageDir, 'meta.properties'), 'utf8');
  const match = /^cluster\.id=(.+)$/m.exec(meta);
  if (!match?.[1]) throw new Error(`no cluster.id in ${storageDir}/meta.properties`);
  return match[1].trim();
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function serverProperties(p: { host: string; port: number; controllerPort: number; dataDir: string }): string {
  return [
    '# Written by @docket/local-infra on every start; edit deploy/local/src/kafka.ts instead.',
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@${p.host}:${p.controllerPort}`,
    `listeners=PLAINTEXT://${p.host}:${p.port},CONTROLLER://${p.host}:${p.controllerPort}`,
    `advertised.listeners=PLAINTEXT://${p.host}:${p.port}`,
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=PLAINTEXT',
    'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    `log.dirs=${p.dataDir}`,
    'num.partitions=3',
    'default.replication.factor=1',
    'offsets.topic.replication.factor=1',
    // Fewer offsets partitions: the first consumer group on a fresh broker waits for them all.
    'offsets.topic.num.partitions=10',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'min.insync.replicas=1',
    'group.initial.rebalance.delay.ms=0',
    // The controller appends a no-op record to its metadata log every 500 ms by default, so that the
    // brokers of a cluster see it alive; a node that is its own controller needs none so often. An
    // idle stack's Kafka (bench/idle-cpu.bench.ts): 29.8-33.5 CPU-ms a second with the default,
    // 23.2-25.0 with one every 5 s, 21.8 with none.
    'metadata.max.idle.interval.ms=5000',
    'auto.create.topics.enable=true',
    // Sized for one developer machine, not for throughput.
    'num.network.threads=2',
    'num.io.threads=4',
    'num.recovery.threads.per.data.dir=1',
    // The log cleaner's offset map lives on the heap for good: 2 MB (Kafka's least is over 1 MB a
    // cleaner thread) holds ~87,000 keys a pass, plenty for the consumer offsets of one machine.
    'log.cleaner.dedupe.buffer.size=2097152',
    'log.retention.hours=168',
    'log.segment.bytes=104857600',
    '',
  ].join('\n');
}

function exitedMessage(p: ManagedProcess, serverLog: string): string {
  return `the Kafka process exited early; its last lines:\n${p.tail(30).join('\n')}\n(see ${serverLog})`;
}
