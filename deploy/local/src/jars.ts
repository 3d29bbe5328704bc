import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cacheDir, localInfraDir, requireBinary } from './paths';

export interface Jars {
  /** Directory with every Kafka jar (classpath `<dir>/*`). */
  kafkaLibDir: string;
  /** The shaded MongoDB stand-in jar. */
  mongoJar: string;
  /** log4j.properties for Kafka (logs to a file in its data dir). */
  kafkaLog4j: string;
  /** The Java agent every serial-collector JVM gets: gives an idle JVM's heap back (deploy/local/idle-heap-agent). */
  idleHeapAgentJar: string;
}

type Log = (message: string) => void;

const kafkaProject = path.join(localInfraDir, 'kafka');
const mongoProject = path.join(localInfraDir, 'mongo');
const idleHeapAgentProject = path.join(localInfraDir, 'idle-heap-agent');
export const STAMP = '.stamp';

export function jarPaths(): Jars {
  return {
    kafkaLibDir: path.join(cacheDir(), 'kafka', 'lib'),
    mongoJar: path.join(cacheDir(), 'mongo', 'mongo-stand-in.jar'),
    kafkaLog4j: path.join(kafkaProject, 'log4j.properties'),
    idleHeapAgentJar: idleHeapAgentJarPath(),
  };
}

/**
 * Resolves Kafka from Maven Central and builds the Mongo stand-in, once. A stamp (hash of the
 * Maven project) next to the output says whether the cached copy is current, so later starts
 * run no Maven at all and work offline.
 */
export async function ensureJars(log: Log = () => undefined): Promise<Jars> {
  const jars = jarPaths();
  await Promise.all([ensureKafkaJars(jars, log), ensureMongoJar(jars, log), ensureIdleHeapAgentJar(log)]);
  return jars;
}

async function ensureKafkaJars(jars: Jars, log: Log): Promise<void> {
  const stamp = hashFiles([path.join(kafkaProject, 'pom.xml')]);
  if (readStamp(jars.kafkaLibDir) === stamp) return;
  log(`resolving Kafka jars from Maven Central into ${jars.kafkaLibDir} (once)`);
  // Copy into a fresh directory and swap it in, so an interrupted download is never used.
  const staging = `${jars.kafkaLibDir}.tmp-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  await runMaven(kafkaProject, ['dependency:copy-dependencies', `-DoutputDirectory=${staging}`]);
  fs.writeFileSync(path.join(staging, STAMP), stamp);
  fs.rmSync(jars.kafkaLibDir, { recursive: true, force: true });
  fs.renameSync(staging, jars.kafkaLibDir);
}

function ensureMongoJar(jars: Jars, log: Log): Promise<void> {
  return buildOnce({
    project: mongoProject,
    jar: jars.mongoJar,
    what: 'the MongoDB stand-in',
    property: 'standin',
    log,
  });
}

function idleHeapAgentJarPath(): string {
  return path.join(cacheDir(), 'idle-heap-agent', 'idle-heap-agent.jar');
}

/** Builds the idle-heap agent once (Zipkin, which starts apart from the other JVMs, asks for it too). */
export async function ensureIdleHeapAgentJar(log: Log = () => undefined): Promise<string> {
  const jar = idleHeapAgentJarPath();
  await buildOnce({ project: idleHeapAgentProject, jar, what: 'the idle-heap agent', property: 'agent', log });
  return jar;
}

/**
 * `mvn package` of one of our own Maven projects into the jar's directory, unless the stamp there
 * (a hash of the project's pom and sources) says it is current. `property` prefixes the project's
 * buildDirectory/outputDirectory properties, which point its output into a staging directory.
 */
async function buildOnce(p: { project: string; jar: string; what: string; property: string; log: Log }): Promise<void> {
  const outDir = path.dirname(p.jar);
  const stamp = hashFiles([path.join(p.project, 'pom.xml'), ...listFiles(path.join(p.project, 'src'))]);
  if (fs.existsSync(p.jar) && readStamp(outDir) === stamp) return;
  p.log(`building ${p.what} into ${p.jar} (once)`);
  const staging = `${outDir}.tmp-${process.pid}`;
  const build = path.join(staging, 'build');
  fs.rmSync(staging, { recursive: true, force: true });
  await runMaven(p.project, [
    'package',
    `-D${p.property}.buildDirectory=${build}`,
    `-D${p.property}.outputDirectory=${staging}`,
  ]);
  fs.rmSync(build, { recursive: true, force: true });
  fs.writeFileSync(path.join(staging, STAMP), stamp);
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.renameSync(staging, outDir);
}

export function runMaven(cwd: string, args: string[]): Promise<void> {
  const mvn = requireBinary(
    'mvn',
    'maven',
    'or run `npx tsx deploy/local/src/cli.ts prepare` where Maven is available and copy .cache/',
  );
  requireBinary('java', 'openjdk-17-jre-headless');
  return new Promise((resolve, reject) => {
    const child = spawn(mvn, ['-q', '-B', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`mvn ${args[0]} in ${cwd} failed (exit ${code}):\n${output.slice(-4000)}`));
    });
  });
}

export function readStamp(dir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dir, STAMP), 'utf8');
  } catch {
    return undefined;
  }
}

export function hashFiles(files: string[]): string {
  const hash = crypto.createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(localInfraDir, file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

export function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
