/**
 * Export throughput and the export worker's peak memory (figures, never pass/fail).
 *
 *   npx tsx bench/export.bench.ts                    # every case below (long on a busy 2-core machine)
 *   npx tsx bench/export.bench.ts --case csv-100k    # one case: csv-100k | csv-1m | xlsx-100k | zip-1000-files
 *
 * The worker is a separate export-service process (services/export/test/support/export-worker.process.ts,
 * one fresh process per case, so its VmHWM is that case's peak RSS). It streams from a query-engine
 * and documents service faked at the gRPC wire (services/export/test/support/fake-upstream.ts): the
 * hits are generated, so the figure is the export side's cost (streaming, CSV/XLSX/ZIP writing, blob
 * store), not the index's. The API, the fake and the expiry job run in this process. Kafka, MongoDB
 * stand-in and Redis come from MONGO_URL / KAFKA_BROKERS / REDIS_URL or are started.
 * Goal (issue 16): 100,000-document search to CSV under 20 s and under 300 MB peak worker RSS.
 * Writes .data/bench/export.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { startInfra, type InfraHandle } from '@docket/local-infra';
import { renameTopic, topics } from '@docket/events';
import { grpcCall } from '@docket/service-kit';
import { ExportFormat, ExportStatus } from '@docket/proto/src/gen/research/export/v1/exports';
import { startApp, type RunningApp } from '../services/export/src/app';
import { configSchema } from '../services/export/src/config';
import { ExportTestClient } from '../services/export/test/support/export-client';
import { FakeUpstream } from '../services/export/test/support/fake-upstream';
import { machine, printTable, round, writeBenchResult } from './support/bench-output';

interface Case {
  name: string;
  requestId: string;
  workspaceRequest: string;
  format: ExportFormat;
  options: { includeFullText: boolean; includeOriginalFiles: boolean };
  goal?: string;
}

const CASES: Case[] = [
  { name: 'csv-100k', requestId: 'r-100k', workspaceRequest: 'rows:100000', format: ExportFormat.EXPORT_FORMAT_CSV, options: { includeFullText: false, includeOriginalFiles: false }, goal: '< 20 s, < 300 MB' },
  { name: 'csv-1m', requestId: 'r-1m', workspaceRequest: 'rows:1000000', format: ExportFormat.EXPORT_FORMAT_CSV, options: { includeFullText: false, includeOriginalFiles: false } },
  { name: 'xlsx-100k', requestId: 'r-100k', workspaceRequest: 'rows:100000', format: ExportFormat.EXPORT_FORMAT_XLSX, options: { includeFullText: false, includeOriginalFiles: false } },
  { name: 'zip-1000-files', requestId: '', workspaceRequest: 'rows:1000', format: ExportFormat.EXPORT_FORMAT_ZIP, options: { includeFullText: false, includeOriginalFiles: true } },
];

const { values: args } = parseArgs({
  options: {
    case: { type: 'string' },
    'file-kb': { type: 'string', default: '100' },
    /** The worker's V8 old-space cap (MB), to show its memory is garbage, not held: it finishes under the cap. 0 = Node's default. */
    'worker-heap-mb': { type: 'string', default: '0' },
  },
});
const WORKER_HEAP_MB = Number(args['worker-heap-mb']);
const selected = args.case ? CASES.filter((c) => c.name === args.case) : CASES;
if (selected.length === 0) throw new Error(`unknown case ${args.case}; one of ${CASES.map((c) => c.name).join(', ')}`);

const REPO_ROOT = path.resolve(__dirname, '..');
const USER = 'bench-user';
const logger = pino({ level: 'silent' });

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const infra: InfraHandle = await startInfra({ profile: 'test' });
  const upstream = new FakeUpstream();
  upstream.fileBytes = Number(args['file-kb']) * 1024;
  const target = await upstream.start(logger);
  for (const c of CASES) {
    const workspaceId = `ws-${c.name}`;
    upstream.addWorkspace(workspaceId, `Bench ${c.name}`, [USER]);
    upstream.addSearch(workspaceId, c.requestId || 'r-files', c.workspaceRequest);
  }
  const blobDir = await mkdtemp(path.join(os.tmpdir(), 'export-bench-'));
  const suffix = `${process.pid}-${Date.now()}`;
  const names = { TEST_QUEUE_PREFIX: `{export-bench-${suffix}}`, TEST_PROCESS_TOPIC: `export-bench-${suffix}.processes.v1`, TEST_COMPLETED_TOPIC: `export-bench-${suffix}.completed.v1` };
  const shared = {
    MONGO_URL: infra.mongoUrl, KAFKA_BROKERS: infra.kafkaBrokers.join(','), REDIS_URL: infra.redisUrl, MONGO_DB: `export_bench_${suffix.replace(/-/g, '_')}`,
    QUERY_ENGINE_GRPC: target, DOCUMENTS_GRPC: target, EXPORT_BLOB_DIR: blobDir, EXPORT_MAX_CONCURRENT: '10', EXPORT_MAX_STORED: '100',
  };
  const api: RunningApp = await startApp({ ...configSchema.parse({ ...shared, EXPORT_WORKERS: '0' }), GRPC_PORT: 0 }, logger, {
    grpcHost: '127.0.0.1', groupId: `export-bench-${suffix}`, queuePrefix: names.TEST_QUEUE_PREFIX,
    processTopic: renameTopic(topics.processUpdated, names.TEST_PROCESS_TOPIC), completedTopic: renameTopic(topics.exportCompleted, names.TEST_COMPLETED_TOPIC),
  });
  const client = new ExportTestClient(`127.0.0.1:${api.grpcPort}`);
  const results: Array<Record<string, unknown>> = [];
  try {
    for (const c of selected) {
      const worker = await startWorker({ ...process.env, ...shared, ...names, EXPORT_WORKERS: '1', LOG_LEVEL: 'silent', TEST_GROUP: `export-bench-worker-${suffix}-${c.name}` });
      const idleRss = await rssOf(worker.pid!);
      const cpuBefore = await cpuSecondsOf(worker.pid!);
      const startedAt = performance.now();
      const started = (await grpcCall(client.client, 'startExport', { target: { workspaceId: `ws-${c.name}`, requestId: c.requestId }, format: c.format, options: c.options, userId: USER, userEmail: '' })).export!;
      const done = await client.until(USER, started.exportId, ExportStatus.EXPORT_STATUS_SUCCEEDED, 30 * 60_000);
      const seconds = (performance.now() - startedAt) / 1000;
      const peak = await peakRssOf(worker.pid!);
      const cpu = (await cpuSecondsOf(worker.pid!)) - cpuBefore;
      worker.kill('SIGTERM');
      await once(worker, 'exit');
      const result = {
        case: c.name, goal: c.goal ?? '', workerHeapCapMb: WORKER_HEAP_MB || 'default', seconds: round(seconds, 1), rows: Number(done.progress!.done), bytes: Number(done.size),
        workerCpuSeconds: round(cpu, 1), peakWorkerRssMb: round(peak / 2 ** 20), idleWorkerRssMb: round(idleRss / 2 ** 20), loadAverage1m: round(os.loadavg()[0] ?? 0, 2),
      };
      results.push(result);
      printTable(`export ${c.name}`, Object.entries(result).map(([k, v]) => [k, String(v)]));
      await grpcCall(client.client, 'deleteExport', { userId: USER, exportId: started.exportId });
    }
  } finally {
    client.close();
    await api.stop();
    await upstream.stop();
    await infra.stop();
    await rm(blobDir, { recursive: true, force: true });
  }
  console.log(`load average before: ${loadBefore.map((n) => n.toFixed(2)).join(' ')}; after: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')} (${os.cpus().length} cores, shared with other work)`);
  console.log(`wrote ${writeBenchResult('export', { machine: machine(), loadAverageBefore: loadBefore, results })}`);
}

async function startWorker(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const heap = WORKER_HEAP_MB > 0 ? [`--max-old-space-size=${WORKER_HEAP_MB}`] : [];
  const child = spawn(process.execPath, [...heap, '--import', 'tsx', 'services/export/test/support/export-worker.process.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await Promise.race([once(child, 'message'), once(child, 'exit').then(([code]) => { throw new Error(`worker exited with ${code}`); })]);
  return child;
}

/** User + system CPU time of the process (clock ticks of 1/100 s): what the export cost, however busy the machine. */
async function cpuSecondsOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function rssOf(pid: number): Promise<number> {
  return statusField(pid, 'VmRSS');
}

/** VmHWM: the process's peak resident set size since it started. */
async function peakRssOf(pid: number): Promise<number> {
  return statusField(pid, 'VmHWM');
}

async function statusField(pid: number, field: string): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
