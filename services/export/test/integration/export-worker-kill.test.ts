import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import pino from 'pino';
import { NotFoundError } from '@docket/errors';
import { ExportFormat, ExportStatus } from '@docket/proto/src/exports';
import { grpcCall } from '@docket/service-kit';
import { waitFor } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import { configSchema } from '../../src/config';
import { exportTestEnv } from '../support/export-app';
import { ExportTestClient } from '../support/export-client';
import { documentIdOf, FakeUpstream } from '../support/fake-upstream';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const REPO_ROOT = path.resolve(__dirname, '../../../..');
const WORKER_ENTRY = 'services/export/test/support/export-worker.process.ts';
const USER = 'user-1';
const ROWS = 20_000;
/** Files live this long in this suite, so the expiry job can be watched. */
const TTL_SECONDS = 20;

let upstream: FakeUpstream;
let api: RunningApp;
let exports: ExportTestClient;
let blobDir: string;
let childEnv: NodeJS.ProcessEnv;
const children: ChildProcess[] = [];

beforeAll(async () => {
  upstream = new FakeUpstream();
  upstream.slowMs = 40;
  const target = await upstream.start(logger);
  upstream.addWorkspace('ws', 'Kill test', [USER]);
  upstream.addSearch('ws', 'req', `slow:${ROWS}`, ROWS);
  blobDir = await mkdtemp(path.join(os.tmpdir(), 'export-kill-'));

  // The API process and every worker process: one deployment of the service, on the suite's own names.
  const shared = exportTestEnv('export-kill', {
    QUERY_ENGINE_GRPC: target,
    DOCUMENTS_GRPC: target,
    EXPORT_BLOB_DIR: blobDir,
    EXPORT_TTL_DAYS: String(TTL_SECONDS / 86_400),
    EXPORT_JOB_LOCK_MS: '1000',
    EXPORT_EXPIRY_SWEEP_MS: '500',
  });
  // This process serves the API and sweeps expired files; the exports are built by worker processes.
  api = await startApp({ ...configSchema.parse({ ...shared, EXPORT_WORKERS: '0' }), GRPC_PORT: 0 }, logger);
  exports = new ExportTestClient(`127.0.0.1:${api.grpcPort}`);
  childEnv = { ...process.env, ...shared, EXPORT_WORKERS: '1', EXPORT_PROGRESS_MS: '100', LOG_LEVEL: 'silent' };
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  exports?.close();
  await api?.stop();
  await upstream?.stop();
  await rm(blobDir, { recursive: true, force: true });
});

/** A worker process; resolves once it is consuming its queue. */
async function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_ENTRY], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [message] = await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`worker exited with ${code}: ${stderr}`);
    }),
  ]);
  expect(message).toBe('ready');
  return child;
}

it('SIGKILL of a worker mid-export: another takes over, writes a whole, correct file that expires later', async () => {
  const first = await startWorker();
  const started = (
    await grpcCall(exports.client, 'startExport', {
      target: { workspaceId: 'ws', requestId: 'req' },
      format: ExportFormat.EXPORT_FORMAT_CSV,
      options: { includeFullText: false, includeOriginalFiles: false },
      userId: USER,
      userEmail: '',
    })
  ).export!;
  const midway = await waitFor(
    async () => {
      const current = await exports.get(USER, started.exportId);
      const done = Number(current.progress!.done);
      return done > 0 && done < ROWS ? done : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 100, description: 'the export to be under way' },
  );
  first.kill('SIGKILL');
  await once(first, 'exit');
  expect(midway).toBeLessThan(ROWS);
  // The killed run's bytes stay a partial file: nothing is offered for download.
  await expect(exports.download(USER, started.exportId)).rejects.toThrow(NotFoundError);

  await startWorker();
  const done = await exports.until(USER, started.exportId, ExportStatus.EXPORT_STATUS_SUCCEEDED, 120_000);
  expect(done.attempts).toBe(2);
  const rows = parse(await exports.download(USER, started.exportId), { columns: true }) as Array<{
    document_id: string;
  }>;
  expect(rows).toHaveLength(ROWS);
  expect(rows.map((row) => row.document_id)).toEqual(Array.from({ length: ROWS }, (_, i) => documentIdOf(i)));
  const partials = await readdir(path.join(blobDir, '.partial'));
  expect(partials.length).toBeGreaterThanOrEqual(1); // the dead run's, swept after a day

  // The scheduled job removes the file once it expires; the export says so and its link is refused.
  const { token } = await grpcCall(exports.client, 'createDownloadLink', { userId: USER, exportId: started.exportId });
  const expired = await exports.until(
    USER,
    started.exportId,
    ExportStatus.EXPORT_STATUS_EXPIRED,
    (TTL_SECONDS + 30) * 1000,
  );
  expect(expired.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
  await expect(stat(path.join(blobDir, started.exportId, started.fileName))).rejects.toMatchObject({ code: 'ENOENT' });
  await expect(grpcCall(exports.client, 'getDownload', { token, userId: USER })).rejects.toThrow(/expired/);
  await expect(
    grpcCall(exports.client, 'createDownloadLink', { userId: USER, exportId: started.exportId }),
  ).rejects.toThrow(/expired on \d{4}-\d{2}-\d{2} and its file was removed/);
}, 240_000);
