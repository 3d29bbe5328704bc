import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { testInfraEnv, uniqueName } from '@docket/testkit';
import { LocalDirectoryBlobStore } from '../../src/blob/local-directory.blob-store';
import { DEFAULT_DOCUMENTS_TOPICS } from '../../src/documents/document-changes.event';
import { IngestService } from '../../src/documents/ingest.service';
import { StatsProjector } from '../../src/documents/stats.projector';
import type { IngestItem, IngestOutcome } from '../../src/domain/ingest-item';
import { FileImportService } from '../../src/imports/file-import.service';
import { ActivityRepository } from '../../src/store/activity.repository';
import { DocketRepository } from '../../src/store/docket.repository';
import { DocumentRepository } from '../../src/store/document.repository';
import { EntityRepository } from '../../src/store/entity.repository';
import { IngestionRunRepository } from '../../src/store/ingestion-run.repository';
import { SourceRepository } from '../../src/store/source.repository';

// A resumed import counts every file once, as what it was, even when the killed attempt had stored
// files it had not counted yet, or counted files past one still in hand. The kill is simulated
// deterministically in the ingestion pipeline, at the file level.

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const dbName = uniqueName('import_counts').replace(/-/g, '_');
let connection: Connection;
let runs: IngestionRunRepository;
let documents: DocumentRepository;
let deps: ConstructorParameters<typeof IngestService>[0];

beforeAll(async () => {
  connection = await mongoose.createConnection(testInfraEnv().mongoUrl, { dbName }).asPromise();
  runs = new IngestionRunRepository(connection);
  documents = new DocumentRepository(connection);
  const dockets = new DocketRepository(connection);
  const sources = new SourceRepository(connection);
  await Promise.all([documents.init(), dockets.init()]);
  const projector = new StatsProjector({
    documents,
    sources,
    dockets,
    entities: new EntityRepository(connection),
    activity: new ActivityRepository(connection),
    logger,
  });
  deps = {
    documents,
    dockets,
    sources,
    projector,
    analysis: { add: () => undefined, caughtUp: async () => undefined }, // entities are not what these tests look at
    logger,
    blobs: new LocalDirectoryBlobStore(mkdtempSync(path.join(os.tmpdir(), 'import-counts-blobs-'))),
    outbox: { kick: async () => undefined, kickWritten: async () => undefined },
    topics: DEFAULT_DOCUMENTS_TOPICS,
    limits: { maxBytes: 1024 * 1024, maxPages: 100, timeoutMs: 10_000 },
    docketPatterns: () => [],
  };
});

afterAll(async () => {
  await connection?.dropDatabase();
  await connection?.close();
});

/** A directory of these files; returns its path. */
function directoryOf(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'import-counts-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(root, name), content);
  return root;
}

/** Text files `<prefix>-00.txt`…, distinct by prefix (a path is a document's id at its source). */
function textFiles(prefix: string, count: number): Record<string, string> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, i) => {
      const name = `${prefix}-${String(i).padStart(2, '0')}.txt`;
      return [
        name,
        `Filing ${prefix}-${i}. The Commission received comments from party ${i * 7919} on the proposed tariff.`,
      ];
    }),
  );
}

/** Resolves when `resolve()` is called; lets a test order concurrent files. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * The pipeline of a process that is killed while three files are in hand: `heldUp` is still being
 * read (never stored), `finished` is stored and handed back (done, but waiting behind `heldUp` to be
 * counted), `storedAtKill` is stored when the kill lands (never handed back). Files before them go
 * through; any file after them finds the process dead.
 */
class KilledPipeline extends IngestService {
  private readonly stored = { finished: signal(), storedAtKill: signal() };

  constructor(private readonly plan: { heldUp: string; finished: string; storedAtKill: string }) {
    super(deps);
  }

  override async ingest(item: IngestItem): Promise<IngestOutcome> {
    const name = item.sourceDocumentId;
    if (name === this.plan.heldUp) {
      await Promise.all([this.stored.finished.promise, this.stored.storedAtKill.promise]);
      throw new Error('killed');
    }
    if (name > this.plan.storedAtKill && name > this.plan.finished) throw new Error('killed');
    const outcome = await super.ingest(item);
    if (name === this.plan.finished) this.stored.finished.resolve();
    if (name === this.plan.storedAtKill) {
      this.stored.storedAtKill.resolve();
      throw new Error('killed');
    }
    return outcome;
  }
}

function importer(ingest: IngestService): FileImportService {
  return new FileImportService({ ingest, runs, logger });
}

async function importRun(root: string, runId: string, ingest = new IngestService(deps)) {
  return importer(ingest).run({ runId, root, sourceId: 'uploads', requestedBy: 'tester' });
}

it('a killed import (files stored but uncounted, files done past one in hand) counts each once as new', async () => {
  const FILES = 20;
  const root = directoryOf(textFiles('f', FILES));
  const { id: runId } = await runs.start({ sourceId: 'uploads', connector: 'files', target: root });

  // Files are taken in path order, three at a time: f-07 is in hand while f-08 and f-09 are stored.
  const killed = new KilledPipeline({ heldUp: 'f-07.txt', finished: 'f-08.txt', storedAtKill: 'f-09.txt' });
  await expect(importRun(root, runId, killed)).rejects.toThrow('killed');
  const atKill = (await runs.find(runId))!;
  // Counted: exactly the files before the one in hand; the cursor says so in the same record.
  expect(atKill).toMatchObject({ seen: 7, new: 7, duplicate: 0, cursor: 'f-06.txt' });
  expect(await documents.model.countDocuments({ 'provenance.runId': runId })).toBe(9); // f-00…f-06, f-08, f-09

  await importRun(root, runId); // the job's next attempt
  const finished = (await runs.find(runId))!;
  expect(finished).toMatchObject({
    seen: FILES,
    new: FILES,
    updated: 0,
    duplicate: 0,
    failed: 0,
    cursor: `f-${FILES - 1}.txt`,
  });
  expect(await documents.model.countDocuments({ 'provenance.runId': runId })).toBe(FILES);
});

it('a resumed import counts what a killed attempt stored uncounted as what it was: new, updated, failed', async () => {
  const root = directoryOf(textFiles('g', 6));
  const { id: first } = await runs.start({ sourceId: 'uploads', connector: 'files', target: root });
  await importRun(root, first);
  expect(await runs.find(first)).toMatchObject({ seen: 6, new: 6 });

  // Since then: g-03 changed, g-06 is new and g-07 is a PDF that cannot be read.
  writeFileSync(
    path.join(root, 'g-03.txt'),
    'Filing 3, amended. The Commission received reply comments on the proposed tariff.',
  );
  writeFileSync(path.join(root, 'g-06.txt'), 'Filing 6. Staff testimony on the revenue requirement.');
  writeFileSync(path.join(root, 'g-07.pdf'), Buffer.from('%PDF-1.4\nnot really a pdf'));
  const { id: runId } = await runs.start({ sourceId: 'uploads', connector: 'files', target: root });

  // The killed attempt stored g-03, g-06 and g-07 and counted none: its cursor lags what it stored.
  const pipeline = new IngestService(deps);
  const stored = await Promise.all(
    ['g-03.txt', 'g-06.txt', 'g-07.pdf'].map((name) =>
      pipeline.ingest({
        sourceId: 'uploads',
        connector: 'files',
        sourceDocumentId: name,
        runId,
        createdBy: 'tester',
        filedAt: new Date(),
        files: [{ fileName: name, path: path.join(root, name) }],
      }),
    ),
  );
  expect(stored.map((s) => s.outcome)).toEqual(['updated', 'new', 'failed']);
  expect(await runs.find(runId)).toMatchObject({ seen: 0, cursor: '' });

  await importRun(root, runId);
  const finished = (await runs.find(runId))!;
  expect(finished).toMatchObject({ seen: 8, new: 1, updated: 1, duplicate: 5, failed: 1 });
  expect(finished.errors).toEqual([expect.objectContaining({ item: 'g-07.pdf' })]);
});
