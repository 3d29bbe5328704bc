import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { credentials } from '@grpc/grpc-js';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { freePort } from '@docket/local-infra';
import { DocumentsServiceClient } from '@docket/proto/src/documents';
import { grpcCall } from '@docket/service-kit';
import { waitFor } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import { configSchema } from '../../src/config';
import { documentsTestEnv } from './support/documents-app';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const env = documentsTestEnv('import-resume', { OUTBOX_INTERVAL_MS: '200', SEED_CORPUS: 'false' });
const FILES = 120;
const REPO_ROOT = path.resolve(__dirname, '../../../..');
let connection: Connection;
let app: RunningApp | undefined;

async function start(): Promise<DocumentsServiceClient> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'import-resume-'));
  app = await startApp({ ...configSchema.parse({ ...env, DATA_DIR: dataDir }), GRPC_PORT: 0 }, logger);
  return new DocumentsServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
}

beforeAll(async () => {
  connection = await mongoose.createConnection(env.MONGO_URL, { dbName: env.MONGO_DB }).asPromise();
});

afterAll(async () => {
  await app?.stop();
  await connection?.dropDatabase();
  await connection?.close();
});

it('an import stopped by a restart resumes where it stopped: every file once, none lost, none twice', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'resume-files-'));
  for (let i = 0; i < FILES; i += 1) {
    writeFileSync(
      path.join(root, `filing-${String(i).padStart(4, '0')}.txt`),
      `Filing number ${i}. The Commission received comments from party ${i * 7919} on the proposed tariff.`,
    );
  }
  const client = await start();
  const { runId } = await grpcCall(client, 'startImport', { path: root, sourceId: 'uploads', requestedBy: 'tester' });
  client.close();
  const run = () => connection.collection('ingestion_runs').findOne({ _id: new mongoose.Types.ObjectId(runId) });
  await waitFor(async () => ((await run())?.seen ?? 0) >= 10, { description: 'the import under way' });

  await app!.stop(); // mid-import
  app = undefined;
  const stoppedAt = (await run())!;
  expect(stoppedAt.seen).toBeLessThan(FILES);
  expect(stoppedAt.status).toBe('interrupted');

  await start();
  await waitFor(async () => (await run())?.status === 'succeeded', {
    description: 'the resumed import to finish',
    timeoutMs: 60_000,
  });
  const finished = (await run())!;
  expect(finished).toMatchObject({ seen: FILES, new: FILES, duplicate: 0, failed: 0 });
  const documents = await connection
    .collection('documents')
    .find({ 'provenance.runId': runId }, { projection: { 'provenance.sourceDocumentId': 1 } })
    .toArray();
  expect(documents).toHaveLength(FILES);
  expect(new Set(documents.map((d) => d.provenance.sourceDocumentId)).size).toBe(FILES);
});

it('an import whose service is killed (SIGKILL) mid-run completes after a restart, no duplicate, no loss', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'crash-files-'));
  for (let i = 0; i < FILES; i += 1) {
    writeFileSync(
      path.join(root, `crash-${String(i).padStart(4, '0')}.txt`),
      `Crash filing ${i}. Staff testimony ${i * 104729} on the revenue requirement.`,
    );
  }
  const port = await freePort();
  const crashEnv = documentsTestEnv('import-resume-crash', {
    GRPC_PORT: String(port),
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'crash-data-')),
    SEED_CORPUS: 'false',
    LOG_LEVEL: 'warn',
    IMPORT_LOCK_MS: '2000',
  });
  const crashDb = crashEnv.MONGO_DB;
  const childEnv = { ...process.env, ...crashEnv };
  const spawnService = () =>
    spawn(process.execPath, ['--import', 'tsx', 'services/documents/src/main.ts'], {
      cwd: REPO_ROOT,
      env: childEnv,
      stdio: 'ignore',
    });
  const runs = () => connection.useDb(crashDb).collection('ingestion_runs');
  const client = new DocumentsServiceClient(`127.0.0.1:${port}`, credentials.createInsecure());

  let child: ChildProcess = spawnService();
  try {
    const { runId } = await waitFor(
      () =>
        grpcCall(client, 'startImport', { path: root, sourceId: 'uploads', requestedBy: 'tester' }).catch(
          () => undefined,
        ),
      {
        description: 'the service to accept the import',
        timeoutMs: 60_000,
      },
    );
    const run = () => runs().findOne({ _id: new mongoose.Types.ObjectId(runId) });
    await waitFor(async () => ((await run())?.seen ?? 0) >= 10, {
      description: 'the import under way',
      timeoutMs: 30_000,
    });
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect((await run())!.seen).toBeLessThan(FILES);

    child = spawnService();
    await waitFor(async () => (await run())?.status === 'succeeded', {
      description: 'the import to finish after the restart',
      timeoutMs: 90_000,
    });
    const documents = await connection
      .useDb(crashDb)
      .collection('documents')
      .find({}, { projection: { 'provenance.sourceDocumentId': 1 } })
      .toArray();
    expect(documents).toHaveLength(FILES);
    expect(new Set(documents.map((d) => d.provenance.sourceDocumentId)).size).toBe(FILES);
    // Files in flight at the kill (stored, not yet counted) are done again after the restart and
    // counted then, once, as new: the run's numbers are the true ones.
    expect((await run())!).toMatchObject({ seen: FILES, new: FILES, duplicate: 0, failed: 0 });
  } finally {
    client.close();
    child.kill('SIGTERM');
    await once(child, 'exit').catch(() => undefined);
    await connection.useDb(crashDb).dropDatabase();
  }
}, 180_000);
