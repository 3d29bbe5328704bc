import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { credentials } from '@grpc/grpc-js';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { ConflictError, fromGrpcError, InputError, NotFoundError } from '@docket/errors';
import {
  DocumentsServiceClient,
  type CreateSourceRequest,
  type UploadFileHeader,
  type UploadFileResponse,
} from '@docket/proto/src/documents';
import { grpcCall } from '@docket/service-kit';
import { uniqueName, waitFor } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import { documentsTestConfig } from './support/documents-app';

// Sources are defined by administrators (CreateSource), the seeder and the connectors; a document
// that names a source nobody defined is refused, and no source comes into being from what it said.

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const PROBE = '../../etc';
const config = documentsTestConfig('sources', {
  OUTBOX_INTERVAL_MS: '100',
  SEED_CORPUS: 'false',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sources-test-')),
});
const runTag = uniqueName('sources').slice(-6);

let app: RunningApp;
let client: DocumentsServiceClient;
let connection: Connection;

beforeAll(async () => {
  app = await startApp(config, logger);
  client = new DocumentsServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
  connection = await mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB }).asPromise();
}, 120_000);

afterAll(async () => {
  client?.close();
  await app?.stop();
  await connection?.dropDatabase();
  await connection?.close();
});

const sourceIds = async () => (await grpcCall(client, 'listSources', {})).sources.map((s) => s.id).sort();
const storedWithSource = (sourceId: string) => connection.collection('documents').countDocuments({ sourceId });

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: unknown) => error,
  );

function newSource(over: Partial<CreateSourceRequest> = {}): CreateSourceRequest {
  return {
    id: uniqueName('src').toLowerCase(),
    name: 'New York Public Service Commission',
    kind: 'agency',
    shortName: 'NYPSC',
    jurisdiction: 'state',
    state: 'ny',
    homeUrl: 'https://dps.ny.gov',
    docketPattern: '^NYP-\\d{4}$',
    createdBy: 'admin-1',
    ...over,
  };
}

function createDocument(over: { title: string; text: string; sourceId: string; docketNumber?: string }) {
  return grpcCall(client, 'createDocument', { docketNumber: '', filingType: '', createdBy: 'admin-1', ...over });
}

/** Sends one file through UploadFile; the answer, or the error as the BFF would see it. */
function upload(header: Partial<UploadFileHeader>, text: string): Promise<UploadFileResponse | Error> {
  return new Promise((resolve) => {
    const call = client.uploadFile((error, value) => resolve(error ? fromGrpcError(error) : value!));
    const fields = { fileName: 'filing.txt', contentType: 'text/plain', sourceId: '', uploadedBy: 'admin-1' };
    call.write({ header: { ...fields, sidecarJson: '', ...header } });
    const bytes = Buffer.from(text);
    call.write({ data: bytes });
    call.write({ end: { size: String(bytes.length), sha256: createHash('sha256').update(bytes).digest('hex') } });
    call.end();
  });
}

/** The error names the field and lists the known ids (the first 30, in order). */
function expectUnknownSource(error: unknown, path: string, known: string[]): void {
  expect(error).toBeInstanceOf(InputError);
  const { message, issues } = error as InputError;
  expect(message).toMatch(/^unknown source "/);
  expect(issues.map((issue) => issue.path)).toEqual([path]);
  expect(issues[0]!.message).toContain(`known sources: ${known.slice(0, 30).join(', ')}`);
}

describe('a document must name a known source', () => {
  it('CreateDocument with an unknown source is refused, listing the known ones; no document, no source', async () => {
    const before = await sourceIds();
    const error = await refusal(createDocument({ title: 'Probe', text: 'A made-up source.', sourceId: PROBE }));
    expectUnknownSource(error, 'sourceId', before);
    expect((error as InputError).message).toContain(`"${PROBE}"`);
    expect(await sourceIds()).toEqual(before);
    expect(await storedWithSource(PROBE)).toBe(0);

    // None named: the built-in uploads source, as before.
    const plain = await createDocument({ title: 'Unassigned', text: 'A filing with no source.', sourceId: '' });
    expect(plain.document?.sourceId).toBe('uploads');
  });

  it('UploadFile naming an unknown source in the header or the sidecar is refused; nothing is stored', async () => {
    const before = await sourceIds();
    const documentsBefore = await connection.collection('documents').countDocuments();
    expectUnknownSource(await upload({ sourceId: PROBE }, 'Probe upload one.'), 'sourceId', before);
    const sidecarJson = JSON.stringify({ sourceId: PROBE, title: 'Probe' });
    expectUnknownSource(await upload({ sidecarJson }, 'Probe upload two.'), 'sidecar.sourceId', before);
    expect(await sourceIds()).toEqual(before);
    expect(await connection.collection('documents').countDocuments()).toBe(documentsBefore);

    const defined = newSource();
    await grpcCall(client, 'createSource', defined);
    const filed = await upload({ sidecarJson: JSON.stringify({ sourceId: defined.id }) }, 'Under a known source.');
    expect(filed).toMatchObject({ outcome: 'new', document: { sourceId: defined.id } });
  });

  it('lists at most 30 known sources and says how many more there are', async () => {
    for (let n = 0; n < 30; n++) {
      const id = `bulk-${String(n).padStart(2, '0')}-${runTag}`;
      await grpcCall(client, 'createSource', newSource({ id }));
    }
    const known = await sourceIds();
    const error = (await upload({ sourceId: 'nope' }, 'Another probe.')) as InputError;
    expect(error).toBeInstanceOf(InputError);
    const listed = /known sources: (.*?) …and (\d+) more/.exec(error.message);
    expect(listed?.[1]?.split(', ')).toEqual(known.slice(0, 30));
    expect(Number(listed?.[2])).toBe(known.length - 30);
  });

  it('StartImport with an unknown source is refused, listing the known sources', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'sources-import-'));
    const request = { path: root, sourceId: PROBE, requestedBy: 'admin-1' };
    const error = await refusal(grpcCall(client, 'startImport', request));
    expectUnknownSource(error, 'sourceId', await sourceIds());
    // Said before the directory is read (walking a large one takes a while).
    const unread = await refusal(grpcCall(client, 'startImport', { ...request, path: path.join(root, 'missing') }));
    expectUnknownSource(unread, 'sourceId', await sourceIds());
    expect(await connection.collection('ingestion_runs').countDocuments({ sourceId: PROBE })).toBe(0);
  });

  it('an imported file whose sidecar names an unknown source fails, saying why; the others are imported', async () => {
    const before = await sourceIds();
    const root = mkdtempSync(path.join(os.tmpdir(), 'sources-import-'));
    writeFileSync(path.join(root, 'a-order.txt'), 'ORDER approving the settlement of the rate case.');
    writeFileSync(path.join(root, 'b-probe.txt'), 'A filing that names a made-up source.');
    writeFileSync(path.join(root, 'b-probe.txt.json'), JSON.stringify({ sourceId: PROBE, title: 'Probe' }));
    const { runId } = await grpcCall(client, 'startImport', { path: root, sourceId: '', requestedBy: 'admin-1' });
    const run = await waitFor(
      async () => {
        const found = await connection
          .collection('ingestion_runs')
          .findOne({ _id: new mongoose.Types.ObjectId(runId) });
        return found && found.status !== 'running' ? found : undefined;
      },
      { description: 'the import to finish', timeoutMs: 30_000 },
    );
    expect(run).toMatchObject({ status: 'succeeded', seen: 2, new: 1, failed: 1 });
    const message = expect.stringContaining(`unknown source "${PROBE}"`);
    expect(run.errors).toEqual([{ item: 'b-probe.txt', reason: 'unknown_source', message }]);
    expect(run.errors[0].message).toMatch(/^b-probe\.txt\.json: unknown source .*; known sources: /);
    expect(await sourceIds()).toEqual(before);
    expect(await storedWithSource(PROBE)).toBe(0);
    expect(await connection.collection('documents').countDocuments({ 'provenance.runId': runId })).toBe(1);
  });
});

describe('CreateSource', () => {
  it('adds a source that is listed at once, and whose docket pattern finds dockets in later filings', async () => {
    const request = newSource({ id: `nypsc-${runTag}`.toLowerCase() });
    const { source } = await grpcCall(client, 'createSource', request);
    expect(source).toMatchObject({
      id: request.id,
      name: request.name,
      shortName: 'NYPSC',
      kind: 'agency',
      jurisdiction: 'New York',
      state: 'NY',
      homeUrl: 'https://dps.ny.gov',
      docketPattern: '^NYP-\\d{4}$',
      documentCount: '0',
      docketCount: '0',
    });
    expect(await sourceIds()).toContain(request.id);
    const court = await grpcCall(
      client,
      'createSource',
      newSource({ kind: 'court', jurisdiction: 'federal', state: '' }),
    );
    expect(court.source).toMatchObject({ kind: 'court', jurisdiction: 'Federal', state: '' });

    const text = 'A hearing in NYP-4821 is set for May.';
    const { document } = await createDocument({ title: 'Notice', text, sourceId: request.id });
    // Its entities are found in the background, seconds after it is stored (DocumentAnalyser).
    const view = await waitFor(
      async () => {
        const found = await grpcCall(client, 'getDocument', { id: document!.id, textPage: 0, textPages: 0 });
        return found.entities.length > 0 ? found : undefined;
      },
      { timeoutMs: 15_000, description: 'the notice’s entities' },
    );
    expect(view.entities).toContainEqual(expect.objectContaining({ kind: 'docket', name: 'NYP-4821' }));
  });

  it('refuses an id that is taken (ConflictError), including a built-in one', async () => {
    const request = newSource();
    await grpcCall(client, 'createSource', request);
    const again = grpcCall(client, 'createSource', { ...request, name: 'Another' });
    await expect(again).rejects.toBeInstanceOf(ConflictError);
    await expect(grpcCall(client, 'createSource', newSource({ id: 'uploads' }))).rejects.toBeInstanceOf(ConflictError);
    const stored = (await grpcCall(client, 'listSources', {})).sources.find((s) => s.id === request.id);
    expect(stored?.name).toBe(request.name);
  });

  it('names every bad field at once, and stores nothing', async () => {
    const before = await sourceIds();
    const error = await refusal(
      grpcCall(client, 'createSource', {
        id: '../../etc',
        name: ' ',
        kind: 'upload',
        shortName: 'x'.repeat(61),
        jurisdiction: 'galactic',
        state: 'ZZ',
        homeUrl: 'javascript:alert(1)',
        docketPattern: '(unclosed',
        createdBy: 'admin-1',
      }),
    );
    expect(error).toBeInstanceOf(InputError);
    const { issues } = error as InputError;
    const fields = ['id', 'name', 'shortName', 'kind', 'jurisdiction', 'state', 'homeUrl', 'docketPattern'];
    expect(issues.map((i) => i.path)).toEqual(fields);
    expect(issues.find((i) => i.path === 'docketPattern')?.message).toMatch(/is not a valid regular expression/);
    for (const id of ['a', 'A-b', '-ab', 'ab-', 'a_b', 'x'.repeat(65)]) {
      const bad = await refusal(grpcCall(client, 'createSource', newSource({ id })));
      expect([id, (bad as InputError).issues?.map((i) => i.path)]).toEqual([id, ['id']]);
    }
    const lineBreak = await refusal(grpcCall(client, 'createSource', newSource({ name: 'Two\nlines' })));
    expect((lineBreak as InputError).issues?.map((i) => i.path)).toEqual(['name']);
    expect(await sourceIds()).toEqual(before);
  });
});

describe('GetDocket', () => {
  it('answers a docket with its source, and NOT_FOUND for any other id', async () => {
    const request = newSource();
    await grpcCall(client, 'createSource', request);
    const { document } = await createDocument({
      title: 'Petition',
      text: 'Petition for a rate increase.',
      sourceId: request.id,
      docketNumber: 'NYP-0001',
    });
    const { docket, source } = await grpcCall(client, 'getDocket', { docketId: document!.docketId });
    expect(docket).toMatchObject({ id: document!.docketId, number: 'NYP-0001', sourceId: request.id });
    expect(source).toMatchObject({ id: request.id, name: request.name });

    for (const docketId of ['', 'user-1', document!.id, '0'.repeat(24), 'x'.repeat(5000)]) {
      await expect(grpcCall(client, 'getDocket', { docketId })).rejects.toBeInstanceOf(NotFoundError);
    }
  });
});
