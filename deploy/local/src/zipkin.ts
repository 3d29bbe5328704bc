/**
 * Zipkin, the trace UI of `npm start`: Zipkin's own server (io.zipkin:zipkin-server:3.5.1, the
 * self-contained "slim" jar, resolved from Maven Central once into <cache>/zipkin by
 * deploy/local/zipkin/pom.xml) run with `java`, spans kept in memory. The services export to it with
 * @opentelemetry/exporter-zipkin (OTEL_EXPORTER_ZIPKIN_ENDPOINT). Not part of the test profile.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ensureIdleHeapAgentJar, hashFiles, readStamp, runMaven, STAMP } from './jars';
import { COMMON_JVM_OPTS, idleHeapOpts, jvmEnv } from './jvm-env';
import { BACKGROUND_NICENESS, spawnManaged, type ManagedProcess } from './managed-process';
import { cacheDir, localInfraDir, requireBinary } from './paths';
import { pollUntil } from './wait';

export const DEFAULT_ZIPKIN_PORT = 9411;
const project = path.join(localInfraDir, 'zipkin');

export function zipkinJarPath(): string {
  return path.join(cacheDir(), 'zipkin', 'zipkin-server.jar');
}

/** Copies the slim jar from Maven Central (via the local Maven repository) once; later starts run no Maven. */
export async function ensureZipkinJar(log: (message: string) => void = () => undefined): Promise<string> {
  const jar = zipkinJarPath();
  const outDir = path.dirname(jar);
  const stamp = hashFiles([path.join(project, 'pom.xml')]);
  if (fs.existsSync(jar) && readStamp(outDir) === stamp) return jar;
  log(`resolving the Zipkin server from Maven Central into ${outDir} (once)`);
  const staging = `${outDir}.tmp-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  await runMaven(project, ['dependency:copy', `-DoutputDirectory=${staging}`]);
  fs.writeFileSync(path.join(staging, STAMP), stamp);
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.renameSync(staging, outDir);
  return jar;
}

export interface StartZipkinOptions {
  /** Where its log file goes. */
  dir: string;
  host?: string;
  port: number;
  readyTimeoutMs?: number;
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** Aborting gives up waiting for readiness (the server is then stopped). */
  signal?: AbortSignal;
  log?: (message: string) => void;
}

export interface RunningZipkin {
  /** Base URL, e.g. http://127.0.0.1:9411 (the UI is at /zipkin/). */
  url: string;
  /** What OTEL_EXPORTER_ZIPKIN_ENDPOINT is set to: <url>/api/v2/spans. */
  spansUrl: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/**
 * How many spans the in-memory store keeps, the newest (Zipkin's default is 500,000). A first start's
 * corpus load alone sends a few hundred thousand; this many are the last minutes of a developer's own
 * requests (a search is a few dozen spans), or the last seconds of a load. 100,000 kept the heap at
 * its 256 MB cap: alone, after 200,000 spans, 380 MB PSS; with 20,000 and the options below 192 MB;
 * with 10,000 and the thread and buffer options 166 MB (bench/jvm-memory.bench.ts: 75 s after 200,000
 * spans posted 16 requests at a time). An hour into `npm start`, 10,000 of the services' spans held
 * 44 MB of Zipkin's 50 MB old generation, so the idle-heap agent had nothing to give back: 5,000.
 */
export const ZIPKIN_MAX_SPANS = 5_000;

// A heap for those spans and no more, kept with 20-40 % free (as Kafka's), a young generation of 4 MB
// (a collection every few dozen span posts, each moving the spans just kept) and a small
// code cache, and the client compiler on one thread: it holds one developer's traces, and starts in seconds.
const JVM_OPTS = [
  '-Xms16m',
  '-Xmx128m',
  '-Xmn4m',
  '-XX:MinHeapFreeRatio=20',
  '-XX:MaxHeapFreeRatio=40',
  '-XX:ReservedCodeCacheSize=32m',
  '-Xss512k',
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  '-XX:CICompilerCount=1',
  '-XX:+ExitOnOutOfMemoryError',
  '-Djava.awt.headless=true',
  // Armeria runs each span POST on its common blocking pool, which grows to 200 threads while the
  // services send spans at once (a corpus load): 43 MB more at the peak. Two threads keep up.
  '-Dcom.linecorp.armeria.numCommonBlockingTaskThreads=2',
  // netty's pooled buffers keep chunks of direct memory for the next request; spans arrive in small posts.
  '-Dio.netty.allocator.type=unpooled',
  ...COMMON_JVM_OPTS,
];

/** Starts Zipkin with in-memory storage; ready when GET /health says UP. */
export async function startZipkin(opts: StartZipkinOptions): Promise<RunningZipkin> {
  const java = requireBinary('java', 'openjdk-17-jre-headless');
  const [jar, idleHeapAgent] = await Promise.all([ensureZipkinJar(opts.log), ensureIdleHeapAgentJar(opts.log)]);
  const host = opts.host ?? '127.0.0.1';
  fs.mkdirSync(opts.dir, { recursive: true });
  const zipkin = spawnManaged({
    name: 'zipkin',
    env: jvmEnv(),
    niceness: BACKGROUND_NICENESS,
    command: java,
    args: [
      ...JVM_OPTS,
      ...idleHeapOpts(idleHeapAgent, 'zipkin'),
      '-jar',
      jar,
      // Zipkin serves through Armeria: its port list (not server.*) sets where it listens; loopback only.
      `--armeria.ports[0].ip=${host}`,
      `--armeria.ports[0].port=${opts.port}`,
      '--armeria.ports[0].protocols[0]=http',
      '--zipkin.storage.type=mem',
      `--zipkin.storage.mem.max-spans=${ZIPKIN_MAX_SPANS}`,
      '--spring.main.banner-mode=off',
      '--logging.level.root=WARN',
      // Zipkin's own metrics set-up warns on every start ("A MeterFilter is being configured after a
      // Meter has been registered"): nothing a user of this stack can act on.
      '--logging.level.io.micrometer=ERROR',
    ],
    logFile: path.join(opts.dir, 'zipkin.log'),
    onLine: opts.onLine,
  });
  const url = `http://${host}:${opts.port}`;
  try {
    await pollUntil(() => probeZipkin(url), {
      timeoutMs: opts.readyTimeoutMs ?? 60_000,
      intervalMs: 200,
      description: `Zipkin at ${url}/health`,
      abortIf: () =>
        opts.signal?.aborted
          ? 'stopping'
          : zipkin.isRunning()
            ? undefined
            : `Zipkin exited early; its last lines:\n${zipkin.tail(30).join('\n')}`,
    });
  } catch (err) {
    await zipkin.stop();
    throw err;
  }
  return {
    url,
    spansUrl: `${url}/api/v2/spans`,
    process: zipkin,
    stop: () => zipkin.stop({ timeoutMs: 10_000 }).then(() => undefined),
  };
}

/** True when <url>/health answers 200 with status UP. */
export function probeZipkin(url: string, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(`${url}/health`, { timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(res.statusCode === 200 && /"status"\s*:\s*"UP"/.test(body)));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    // Destroyed once the headers have come (a Zipkin slow to send its body, as under a first start's
    // load), the response never ends: without this the probe, and the launcher's wait for Zipkin, hung.
    // After 'end' it changes nothing: a promise settles once.
    req.on('close', () => resolve(false));
  });
}
