/**
 * Export throughput and the export worker's peak memory (figures, never pass/fail).
 *
 *   npx tsx bench/export.bench.ts                    # every case below (long on a busy 2-core machine)
 *   npx tsx bench/export.bench.ts --case csv-100k    # one case: csv-100k | csv-1m | xlsx-100k | zip-1000-files
 *   npx tsx bench/export.bench.ts --index-docs 20000 # a smaller real index (the 100k cases then export that many)
 *
 * The worker is a separate export-service process (services/export/test/support/export-worker.process.ts,
 * one fresh process per case, so its VmHWM is that case's peak RSS).
 * - csv-100k and xlsx-100k stream from the real index: the query-engine's own StreamSearch
 *   (SearchStreamService over SqliteFts5Backend) in its own process (bench/support/export-index-server.ts)
 *   over a SQLite index of 100,000 generated filings, built once through the index file's bulk writer and
 *   kept in .data/bench/ (the first run builds it: minutes). The search is the workspace's "everything,
 *   newest first" (an empty query, which a workspace stream allows), so every document is a row. These
 *   exports read nothing from the documents service (no full text, no files).
 * - csv-1m and zip-1000-files stay on the gRPC fake (services/export/test/support/fake-upstream.ts):
 *   a 1,000,000-document real index would take hours to build on this machine, and the ZIP's 1,000
 *   attachments come from the fake's documents service, not a documents service holding real files.
 * The API runs in this process. Kafka, MongoDB stand-in and Redis come from MONGO_URL / KAFKA_BROKERS /
 * REDIS_URL or are started. CPU seconds are given for the worker and for the index server.
 * Goal: 100,000-document search to CSV under 20 s and under 300 MB peak worker RSS.
 * Figures (25 Nov 2026, 100,000-document real index, built in 1,087 s at load ~24):
 *   csv-100k   19.9 s (5,018 rows/s), worker 6.9 CPU-s, index server 10.6 CPU-s,
 *              worker peak RSS 315 MB (idle 198), load 4.4;
 *              with --worker-heap-mb 128: 14.4 s, peak RSS 218 MB, load 3.1 (the rest of the 315 is garbage V8 keeps);
 *              at load 13.8: 22.9 s, 371 MB peak.
 *   xlsx-100k  10.6 s (9,427 rows/s), worker 7.1 CPU-s, index server 8.1 CPU-s, peak RSS 334 MB, load 3.7.
 * With the worker's heap capped at 192 MB as npm start and the cluster run it (now the default; 18:06, load 1.5-3):
 *   csv-100k 13.3 s (7,540 rows/s), peak RSS 234 MB; xlsx-100k 11.8 s, 244 MB;
 *   csv-1m (fake) 32.2 s (31,038 rows/s), 251 MB; zip-1000-files (fake) 6.7 s, 233 MB.
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
import { ExportFormat, ExportStatus } from '@docket/proto/src/exports';
import { grpcCall } from '@docket/service-kit';
import { startApp, type RunningApp } from '../services/export/src/app';
import { configSchema } from '../services/export/src/config';
import { ExportTestClient } from '../services/export/test/support/export-client';
import { FakeUpstream } from '../services/export/test/support/fake-upstream';
import { machine, printTable, round, writeBenchResult } from './support/bench-output';

interface Case {
  name: string;
  /** 'index': the real query-engine StreamSearch over the SQLite index; 'fake': the gRPC fake. */
  upstream: 'index' | 'fake';
  requestId: string;
  workspaceRequest: string;
  format: ExportFormat;
  options: { includeFullText: boolean; includeOriginalFiles: boolean };
  goal?: string;
}

const CASES: Case[] = [
  {
    name: 'csv-100k',
    upstream: 'index',
    requestId: 'r-100k',
    workspaceRequest: 'rows:100000',
    format: ExportFormat.EXPORT_FORMAT_CSV,
    options: { includeFullText: false, includeOriginalFiles: false },
    goal: '< 20 s, < 300 MB',
  },
  {
    name: 'csv-1m',
    upstream: 'fake',
    requestId: 'r-1m',
    workspaceRequest: 'rows:1000000',
    format: ExportFormat.EXPORT_FORMAT_CSV,
    options: { includeFullText: false, includeOriginalFiles: false },
  },
  {
    name: 'xlsx-100k',
    upstream: 'index',
    requestId: 'r-100k',
    workspaceRequest: 'rows:100000',
    format: ExportFormat.EXPORT_FORMAT_XLSX,
    options: { includeFullText: false, includeOriginalFiles: false },
  },
  {
    name: 'zip-1000-files',
    upstream: 'fake',
    requestId: '',
    workspaceRequest: 'rows:1000',
    format: ExportFormat.EXPORT_FORMAT_ZIP,
    options: { includeFullText: false, includeOriginalFiles: true },
  },
];

const { values: args } = parseArgs({
  options: {
    case: { type: 'string' },
    'file-kb': { type: 'string', default: '100' },
    /**
     * The worker's V8 old-space cap (MB), to show its memory is garbage, not held: it finishes under the cap.
     * 0 = Node's default.
     */
    // As npm start and the cluster run the export worker (EXPORT_HEAP_FLAG); 0 leaves V8's default.
    'worker-heap-mb': { type: 'string', default: '192' },
    /** Documents in the real index (built once per count in .data/bench/). */
    'index-docs': { type: 'string', default: '100000' },
  },
});
const INDEX_DOCS = Number(args['index-docs']);
if (!Number.isInteger(INDEX_DOCS) || INDEX_DOCS < 1)
  throw new Error(`--index-docs must be a positive whole number, not ${args['index-docs']}`);
const WORKER_HEAP_MB = Number(args['worker-heap-mb']);
const selected = args.case ? CASES.filter((c) => c.name === args.case) : CASES;
if (selected.length === 0) throw new Error(`unknown case ${args.case}; one of ${CASES.map((c) => c.name).join(', ')}`);

const REPO_ROOT = path.resolve(__dirname, '..');
const USER = 'bench-user';
const INDEX_WORKSPACE = 'ws-index';
const INDEX_REQUEST = 'r-index';
const logger = pino({ level: 'silent' });

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const infra: InfraHandle = await startInfra({ profile: 'test' });
  const upstream = new FakeUpstream();
  upstream.fileBytes = Number(args['file-kb']) * 1024;
  const target = await upstream.start(logger);
  const index = selected.some((c) => c.upstream === 'index') ? await startIndexServer() : undefined;
  for (const c of CASES) {
    const workspaceId = `ws-${c.name}`;
    upstream.addWorkspace(workspaceId, `Bench ${c.name}`, [USER]);
    upstream.addSearch(workspaceId, c.requestId || 'r-files', c.workspaceRequest);
  }
  const blobDir = await mkdtemp(path.join(os.tmpdir(), 'export-bench-'));
  const suffix = `${process.pid}-${Date.now()}`;
  const shared = {
    // The bench's own Kafka names and queues, shared by its API and worker processes.
    KAFKA_NAMESPACE: `export-bench-${suffix}`,
    EXPORT_QUEUE_PREFIX: `{export-bench-${suffix}}`,
    MONGO_URL: infra.mongoUrl,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    REDIS_URL: infra.redisUrl,
    MONGO_DB: `export_bench_${suffix.replace(/-/g, '_')}`,
    QUERY_ENGINE_GRPC: target,
    DOCUMENTS_GRPC: target,
    EXPORT_BLOB_DIR: blobDir,
    EXPORT_MAX_CONCURRENT: '10',
    EXPORT_MAX_STORED: '100',
  };
  // The API reads the request from the same query-engine as the worker: one API per upstream.
  const apiOf = (queryEngine: string) =>
    startApp(
      { ...configSchema.parse({ ...shared, QUERY_ENGINE_GRPC: queryEngine, EXPORT_WORKERS: '0' }), GRPC_PORT: 0 },
      logger,
    );
  const api: RunningApp = await apiOf(index?.target ?? target);
  const client = new ExportTestClient(`127.0.0.1:${api.grpcPort}`);
  const results: Array<Record<string, unknown>> = [];
  try {
    for (const c of selected) {
      const onIndex = c.upstream === 'index' && index;
      const queryEngine = onIndex ? index.target : target;
      const worker = await startWorker({
        ...process.env,
        ...shared,
        QUERY_ENGINE_GRPC: queryEngine,
        EXPORT_WORKERS: '1',
        // The figures above were measured with progress saved every 100 ms (the service's default is 500).
        EXPORT_PROGRESS_MS: '100',
        LOG_LEVEL: 'silent',
      });
      const caseApi = onIndex || !index ? api : await apiOf(target);
      const caseClient = caseApi === api ? client : new ExportTestClient(`127.0.0.1:${caseApi.grpcPort}`);
      const idleRss = await rssOf(worker.pid!);
      const cpuBefore = await cpuSecondsOf(worker.pid!);
      const indexCpuBefore = onIndex ? await cpuSecondsOf(index.child.pid!) : 0;
      const startedAt = performance.now();
      const exportTarget = onIndex
        ? { workspaceId: INDEX_WORKSPACE, requestId: INDEX_REQUEST }
        : { workspaceId: `ws-${c.name}`, requestId: c.requestId };
      const started = (
        await grpcCall(caseClient.client, 'startExport', {
          target: exportTarget,
          format: c.format,
          options: c.options,
          userId: USER,
          userEmail: '',
        })
      ).export!;
      const done = await caseClient.until(USER, started.exportId, ExportStatus.EXPORT_STATUS_SUCCEEDED, 30 * 60_000);
      const seconds = (performance.now() - startedAt) / 1000;
      const peak = await peakRssOf(worker.pid!);
      const cpu = (await cpuSecondsOf(worker.pid!)) - cpuBefore;
      const indexCpu = onIndex ? (await cpuSecondsOf(index.child.pid!)) - indexCpuBefore : 0;
      const rows = Number(done.progress!.done);
      worker.kill('SIGTERM');
      await once(worker, 'exit');
      const result = {
        case: c.name,
        upstream: onIndex ? `real index (${index.documents} documents)` : 'gRPC fake',
        goal: c.goal ?? '',
        workerHeapCapMb: WORKER_HEAP_MB || 'default',
        seconds: round(seconds, 1),
        rows,
        rowsPerSecond: Math.round(rows / seconds),
        bytes: Number(done.size),
        workerCpuSeconds: round(cpu, 1),
        ...(onIndex ? { indexServerCpuSeconds: round(indexCpu, 1) } : {}),
        peakWorkerRssMb: round(peak / 2 ** 20),
        idleWorkerRssMb: round(idleRss / 2 ** 20),
        loadAverage1m: round(os.loadavg()[0] ?? 0, 2),
      };
      results.push(result);
      printTable(
        `export ${c.name}`,
        Object.entries(result).map(([k, v]) => [k, String(v)]),
      );
      await grpcCall(caseClient.client, 'deleteExport', { userId: USER, exportId: started.exportId });
      if (caseApi !== api) {
        caseClient.close();
        await caseApi.stop();
      }
    }
  } finally {
    client.close();
    await api.stop();
    await upstream.stop();
    if (index) {
      index.child.kill('SIGTERM');
      await once(index.child, 'exit');
    }
    await infra.stop();
    await rm(blobDir, { recursive: true, force: true });
  }
  console.log(
    `load average before: ${loadBefore.map((n) => n.toFixed(2)).join(' ')}; after: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (${os.cpus().length} cores, shared with other work)`,
  );
  console.log(`wrote ${writeBenchResult('export', { machine: machine(), loadAverageBefore: loadBefore, results })}`);
}

/** The query-engine's StreamSearch over the real index, in its own process (builds the index on first use). */
async function startIndexServer(): Promise<{ child: ChildProcess; target: string; documents: number }> {
  const indexPath = path.join(REPO_ROOT, '.data', 'bench', `export-index-${INDEX_DOCS}.sqlite`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/export-index-server.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      INDEX_PATH: indexPath,
      INDEX_DOCUMENTS: String(INDEX_DOCS),
      WORKSPACE_ID: INDEX_WORKSPACE,
      REQUEST_ID: INDEX_REQUEST,
      USER_ID: USER,
    },
  });
  const [ready] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`the index server exited with ${code}`);
    }),
  ])) as [{ port: number; documents: number; buildSeconds: number }];
  if (ready.buildSeconds > 0)
    console.log(`built the index of ${ready.documents} documents at ${indexPath} in ${round(ready.buildSeconds, 1)} s`);
  return { child, target: `127.0.0.1:${ready.port}`, documents: ready.documents };
}

async function startWorker(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const heap = WORKER_HEAP_MB > 0 ? [`--max-old-space-size=${WORKER_HEAP_MB}`] : [];
  const child = spawn(
    process.execPath,
    [...heap, '--import', 'tsx', 'services/export/test/support/export-worker.process.ts'],
    { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`worker exited with ${code}`);
    }),
  ]);
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
