/**
 * An S3-compatible server for one machine: Adobe's S3Mock (com.adobe.testing:s3mock:4.11.0, a Spring
 * Boot application) from Maven Central, built once into <cache>/s3 by deploy/local/s3 and run with
 * `java`, serving plain HTTP on loopback, objects as files under its data directory. `npm start` with
 * BLOB_STORE=s3 starts one and points the export and documents services at it; the integration tests'
 * global setup starts one on a free port (startTestS3, TEST_S3_URL).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { classDataSharing } from './class-data-sharing';
import { hashFiles, listFiles, readStamp, runMaven, STAMP } from './jars';
import { COMMON_JVM_OPTS, jvmEnv } from './jvm-env';
import { spawnManaged, type ManagedProcess } from './managed-process';
import { cacheDir, localInfraDir, requireBinary } from './paths';
import { freePort, isPortOpen, pollUntil } from './wait';

export interface S3MockJars {
  /** S3Mock's application jar, extracted from its exec jar (its manifest's Class-Path names lib/*.jar). */
  appJar: string;
  /** Our main class, org.docket.localinfra.LoopbackS3Mock. */
  mainJar: string;
}

export interface StartS3Options {
  /** Its objects go under <dir>/store, its log to <dir>/s3.log. */
  dir: string;
  host?: string;
  port: number;
  /** Buckets that exist once it is ready (S3 bucket names: 3-63 of a-z 0-9 . -). */
  buckets: string[];
  /** Keep the objects when it stops (the dev profile), or remove them (default). */
  keepObjects?: boolean;
  /** JVM -Xmx such as '128m' (default 192m). */
  maxHeap?: string;
  readyTimeoutMs?: number;
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** Aborting gives up waiting for readiness (the server is then stopped). */
  signal?: AbortSignal;
  log?: (message: string) => void;
}

export interface RunningS3 {
  /** e.g. http://127.0.0.1:9090; buckets are addressed by path (http://127.0.0.1:9090/<bucket>/<key>). */
  url: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

export const DEFAULT_S3_PORT = 9090;
/** The bucket `npm start` keeps both services' objects in, under their prefixes (exports/, documents/). */
export const LOCAL_S3_BUCKET = 'docket';
/** S3Mock accepts any signature; the SDK still signs every request, so it needs some credentials. */
const LOCAL_S3_CREDENTIALS = { accessKeyId: 'docket-local', secretAccessKey: 'docket-local-secret' };
const DEFAULT_MAX_HEAP = '192m';
/** A test run stores a few dozen files, the largest tens of MB (streamed to disk, not held in the heap). */
const TEST_MAX_HEAP = '128m';
const MAIN_CLASS = 'org.docket.localinfra.LoopbackS3Mock';
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const project = path.join(localInfraDir, 's3');
// A small heap, the serial collector and the client compiler: one developer's or one test run's objects.
const JVM_OPTS = [
  '-Xms32m',
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  '-XX:+ExitOnOutOfMemoryError',
  '-Djava.awt.headless=true',
  '-Dfile.encoding=UTF-8',
  ...COMMON_JVM_OPTS,
];

export function s3MockJarPaths(): S3MockJars {
  const dir = path.join(cacheDir(), 's3');
  return { appJar: path.join(dir, 'app', 's3mock.jar'), mainJar: path.join(dir, 's3mock-local.jar') };
}

/**
 * Resolves S3Mock from Maven Central, compiles our main class and extracts the exec jar into a plain
 * classpath, once. Extracted, its classes load from ordinary jars, which class-data sharing can map
 * (a start in ~5 s instead of ~8 s). Like ensureJars: a stamp (hash of the Maven project) says whether
 * the cache is current, an interrupted build is never used (staging directory swapped in), later
 * starts run offline.
 */
export async function ensureS3MockJars(log: (message: string) => void = () => undefined): Promise<S3MockJars> {
  const jars = s3MockJarPaths();
  const outDir = path.dirname(jars.mainJar);
  const stamp = hashFiles([path.join(project, 'pom.xml'), ...listFiles(path.join(project, 'src'))]);
  if (fs.existsSync(jars.appJar) && fs.existsSync(jars.mainJar) && readStamp(outDir) === stamp) return jars;
  log(`resolving S3Mock from Maven Central into ${outDir} (once)`);
  const staging = `${outDir}.tmp-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    await runMaven(project, [
      'package',
      `-Ds3.buildDirectory=${path.join(staging, 'build')}`,
      `-Ds3.outputDirectory=${staging}`,
    ]);
    const execJar = path.join(staging, 's3mock.jar');
    await extractBootJar(execJar, path.join(staging, 'app'));
    fs.rmSync(execJar);
    fs.rmSync(path.join(staging, 'build'), { recursive: true, force: true });
    fs.writeFileSync(path.join(staging, STAMP), stamp);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.renameSync(staging, outDir);
  return jars;
}

/** Spring Boot's own tool: the application jar plus lib/, runnable with `-cp`. */
function extractBootJar(execJar: string, destination: string): Promise<void> {
  const java = requireBinary('java', 'openjdk-17-jre-headless');
  return new Promise((resolve, reject) => {
    const child = spawn(java, ['-Djarmode=tools', '-jar', execJar, 'extract', '--destination', destination], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`extracting ${execJar} failed (exit ${code}):\n${output.slice(-2000)}`)),
    );
  });
}

/** Starts S3Mock; ready when it lists its buckets. */
export async function startS3(opts: StartS3Options): Promise<RunningS3> {
  const java = requireBinary('java', 'openjdk-17-jre-headless');
  const host = opts.host ?? '127.0.0.1';
  const maxHeap = opts.maxHeap ?? DEFAULT_MAX_HEAP;
  if (!/^\d+[kmg]$/i.test(maxHeap))
    throw new Error(`the S3 server's heap must be a JVM size such as 128m or 1g, got "${maxHeap}"`);
  const badBucket = opts.buckets.find((bucket) => !BUCKET_NAME.test(bucket) || bucket.includes('..'));
  if (badBucket !== undefined)
    throw new Error(`"${badBucket}" is not an S3 bucket name (3-63 characters: a-z, 0-9, dots and hyphens)`);
  const url = `http://${host}:${opts.port}`;
  if (await isPortOpen(host, opts.port)) {
    const byS3 = (await probeS3(url)) ? ' by an S3 server' : '';
    throw new Error(`port ${opts.port} on ${host} is already in use${byS3}; pick another with --port`);
  }
  const jars = await ensureS3MockJars(opts.log);
  fs.mkdirSync(path.join(opts.dir, 'store'), { recursive: true });
  // <cache>/s3/s3mock.jsa: later starts ready in about 5 s instead of 7-8 s here.
  const jarsDir = path.dirname(jars.mainJar);
  const cds = classDataSharing(path.join(jarsDir, 's3mock.jsa'), readStamp(jarsDir) ?? '');
  const server = spawnManaged({
    name: 's3',
    env: jvmEnv(),
    command: java,
    args: [
      ...JVM_OPTS,
      `-Xmx${maxHeap}`,
      `-Djava.io.tmpdir=${ensureDir(path.join(opts.dir, 'tmp'))}`,
      ...cds.args,
      '-cp',
      `${jars.appJar}${path.delimiter}${jars.mainJar}`,
      MAIN_CLASS,
      `--server.address=${host}`,
      `--server.port=${opts.port}`,
      `--com.adobe.testing.s3mock.store.root=${path.join(opts.dir, 'store')}`,
      ...(opts.buckets.length > 0 ? [`--com.adobe.testing.s3mock.store.initialBuckets=${opts.buckets.join(',')}`] : []),
      `--com.adobe.testing.s3mock.store.retainFilesOnExit=${opts.keepObjects === true}`,
      '--logging.level.root=WARN',
    ],
    logFile: path.join(opts.dir, 's3.log'),
    onLine: opts.onLine,
  });
  void server.exited.then(cds.afterExit);
  try {
    await pollUntil(() => probeS3(url), {
      timeoutMs: opts.readyTimeoutMs ?? 60_000,
      intervalMs: 100,
      description: `the S3 server at ${url}`,
      abortIf: () =>
        opts.signal?.aborted
          ? 'stopping'
          : server.isRunning()
            ? undefined
            : `the S3 server exited early; its last lines:\n${server.tail(30).join('\n')}`,
    });
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { url, process: server, stop: () => server.stop({ timeoutMs: 10_000 }).then(() => undefined) };
}

/** A server for a test run: a free port, its objects in a fresh temp dir that stop() removes. */
export async function startTestS3(
  log: (message: string) => void = () => undefined,
): Promise<RunningS3 & { readySeconds: number }> {
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docket-s3-'));
  try {
    const server = await startS3({ dir, port: await freePort(), buckets: [], maxHeap: TEST_MAX_HEAP, log });
    return {
      ...server,
      readySeconds: (Date.now() - started) / 1000,
      stop: async () => {
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * What the export and documents services need to keep their files in LOCAL_S3_BUCKET on a local S3
 * server at `url`, each under its own prefix.
 */
export function localS3ServiceEnv(url: string): NodeJS.ProcessEnv {
  const shared = (service: 'EXPORT' | 'DOCUMENTS') => ({
    [`${service}_S3_BUCKET`]: LOCAL_S3_BUCKET,
    [`${service}_S3_ENDPOINT`]: url,
    [`${service}_S3_REGION`]: 'us-east-1',
    [`${service}_S3_FORCE_PATH_STYLE`]: 'true',
    [`${service}_S3_ACCESS_KEY_ID`]: LOCAL_S3_CREDENTIALS.accessKeyId,
    [`${service}_S3_SECRET_ACCESS_KEY`]: LOCAL_S3_CREDENTIALS.secretAccessKey,
  });
  return { EXPORT_BLOB_STORE: 's3', BLOB_STORE: 's3', ...shared('EXPORT'), ...shared('DOCUMENTS') };
}

/** True when an S3 server answers at `url` (S3Mock lists its buckets at /). */
export async function probeS3(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) });
    return response.ok && (await response.text()).includes('ListAllMyBucketsResult');
  } catch {
    return false;
  }
}

function ensureDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
