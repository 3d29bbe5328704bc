import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { InputError, NotFoundError } from '@docket/errors';
import { testInfraEnv, uniqueName } from '@docket/testkit';
import { LocalDirectoryBlobStore } from '../../src/blob/local-directory.blob-store';
import { DocketEntryService } from '../../src/dockets/docket-entries.service';
import { DocketListingBackfill } from '../../src/dockets/docket-listing-backfill';
import { DEFAULT_DOCUMENTS_TOPICS, documentDeletedEvent } from '../../src/documents/document-changes.event';
import { documentToProto } from '../../src/documents/documents.mapper';
import { IngestService } from '../../src/documents/ingest.service';
import { StatsProjector } from '../../src/documents/stats.projector';
import { normaliseDocketKey } from '../../src/domain/docket-number';
import { docketIdOf } from '../../src/domain/ids';
import { FileImportService } from '../../src/imports/file-import.service';
import { ActivityRepository } from '../../src/store/activity.repository';
import { ConnectorCursorRepository } from '../../src/store/connector-cursor.repository';
import { DocketRepository } from '../../src/store/docket.repository';
import { DocumentRepository } from '../../src/store/document.repository';
import { EntityRepository } from '../../src/store/entity.repository';
import { IngestionRunRepository } from '../../src/store/ingestion-run.repository';
import { SourceRepository } from '../../src/store/source.repository';
import { civilDocketReport } from '../fixtures/cmecf-docket-reports';

// A court docket's entries are listed in the court's order (day, then number), a page at a time,
// apart from the docket report itself; an agency's docket lists its filings the same way.

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const dbName = uniqueName('docket_entries').replace(/-/g, '_');
let connection: Connection;
let runs: IngestionRunRepository;
let documents: DocumentRepository;
let cursors: ConnectorCursorRepository;
let ingest: IngestService;
let importer: FileImportService;
let entries: DocketEntryService;

/**
 * The fixture's case with more entries: two on one day out of numeric order, 10 after 9,
 * one unnumbered on entry 2's day.
 */
const report = civilDocketReport.replace(
  '</table></body>',
  [
    '<tr><td>05/01/2021</td><td align=right>10&nbsp;</td>' +
      '<td>ANSWER to Complaint by Willamette Freight Lines, Inc. (Entered: 05/02/2021)</td></tr>',
    '<tr><td>04/06/2021</td><td align=right>2&nbsp;</td>' +
      '<td>ORDER setting the schedule. Signed by Judge Ann B. Carter. (Entered: 04/06/2021)</td></tr>',
    '<tr><td>05/01/2021</td><td align=right>9&nbsp;</td>' +
      '<td>MOTION to Dismiss by Willamette Freight Lines, Inc. (Entered: 05/01/2021)</td></tr>',
    '<tr><td>06/15/2021</td><td align=right>11&nbsp;</td>' +
      '<td>MINUTE ORDER: the motion hearing is set for 7/1/2021. (Entered: 06/15/2021)</td></tr>',
    '</table></body>',
  ].join('\n'),
);
const COURT_DOCKET = docketIdOf('uploads', normaliseDocketKey('3:21-cv-01234'));

beforeAll(async () => {
  connection = await mongoose.createConnection(testInfraEnv().mongoUrl, { dbName }).asPromise();
  runs = new IngestionRunRepository(connection);
  documents = new DocumentRepository(connection);
  const dockets = new DocketRepository(connection);
  const sources = new SourceRepository(connection);
  cursors = new ConnectorCursorRepository(connection);
  await Promise.all([documents.init(), dockets.init()]);
  const projector = new StatsProjector({
    documents,
    sources,
    dockets,
    entities: new EntityRepository(connection),
    activity: new ActivityRepository(connection),
    logger,
  });
  ingest = new IngestService({
    documents,
    dockets,
    sources,
    projector,
    analysis: { add: () => undefined, caughtUp: async () => undefined }, // entities are not what these tests look at
    logger,
    blobs: new LocalDirectoryBlobStore(mkdtempSync(path.join(os.tmpdir(), 'docket-entries-blobs-'))),
    outbox: { kick: async () => undefined, kickWritten: async () => undefined },
    topics: DEFAULT_DOCUMENTS_TOPICS,
    limits: { maxBytes: 1024 * 1024, maxPages: 100, timeoutMs: 10_000 },
    docketPatterns: () => [],
  });
  importer = new FileImportService({ ingest, runs, logger });
  entries = new DocketEntryService({ documents, dockets });

  const root = mkdtempSync(path.join(os.tmpdir(), 'docket-entries-'));
  writeFileSync(path.join(root, 'ord-3-21-cv-01234.html'), report);
  const { id: runId } = await runs.start({ sourceId: 'uploads', connector: 'files', target: root });
  await importer.run({ runId, root, sourceId: 'uploads', requestedBy: 'tester' });
  expect(await runs.find(runId)).toMatchObject({ seen: 1, new: 1, failed: 0 });
});

afterAll(async () => {
  await connection?.dropDatabase();
  await connection?.close();
});

const day = (date: Date | undefined) => date?.toISOString().slice(0, 10);

test("a court docket's entries come in the court's order, without the docket report, a page at a time", async () => {
  const first = await entries.list(COURT_DOCKET, 4, '');
  expect(first.totalSize).toBe(6);
  expect(first.entries.map((e) => [e.number, day(e.filedAt)])).toEqual([
    ['1', '2021-04-02'],
    ['2', '2021-04-06'],
    ['', '2021-04-06'],
    ['9', '2021-05-01'],
  ]);
  expect(first.nextPageToken).toBe('4');
  const second = await entries.list(COURT_DOCKET, 4, first.nextPageToken);
  expect(second.entries.map((e) => e.number)).toEqual(['10', '11']);
  expect(second.nextPageToken).toBe('');
  expect(second.totalSize).toBe(6);
  expect((await entries.list(COURT_DOCKET, 4, '40')).entries).toEqual([]);
});

test('an entry is listed with its title and its text minus the heading; its document carries its number', async () => {
  const [complaint] = (await entries.list(COURT_DOCKET, 1, '')).entries;
  expect(complaint).toMatchObject({
    number: '1',
    title: 'COMPLAINT against Willamette Freight Lines, Inc.',
    excerpt:
      'COMPLAINT against Willamette Freight Lines, Inc. Filed by Cascade Timber Cooperative. (Entered: 04/05/2021)',
  });
  const stored = await documents.findById(complaint!.documentId);
  expect(stored?.docketEntry).toEqual({ number: '1', order: 1 });
  expect(stored?.text).toMatch(
    /^Cascade Timber Cooperative v\. Willamette Freight Lines, Inc\., No\. 3:21-cv-01234, docket entry 1/u,
  );
  expect(documentToProto(stored!).docketEntryNumber).toBe('1');
  const unnumbered = (await entries.list(COURT_DOCKET, 1, '2')).entries[0]!;
  expect(documentToProto((await documents.findById(unnumbered.documentId))!).docketEntryNumber).toBe('');
  const report = await documents.model.findOne({ docketId: COURT_DOCKET, filingType: 'Docket' }).lean();
  expect(documentToProto((await documents.findById(report!._id.toHexString()))!).docketEntryNumber).toBeUndefined();
});

test('an entry the court re-dates moves to its new place when the docket is imported again', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'docket-entries-'));
  writeFileSync(
    path.join(root, 'ord-3-21-cv-01234.html'),
    report.replace('<td>05/01/2021</td><td align=right>9&nbsp;', '<td>04/06/2021</td><td align=right>9&nbsp;'),
  );
  const { id: runId } = await runs.start({ sourceId: 'uploads', connector: 'files', target: root });
  await importer.run({ runId, root, sourceId: 'uploads', requestedBy: 'tester' });
  const listed = await entries.list(COURT_DOCKET, 10, '');
  expect(listed.entries.map((e) => [e.number, day(e.filedAt)])).toEqual([
    ['1', '2021-04-02'],
    ['2', '2021-04-06'],
    ['9', '2021-04-06'],
    ['', '2021-04-06'],
    ['10', '2021-05-01'],
    ['11', '2021-06-15'],
  ]);
  const nine = await documents.findById(listed.entries[2]!.documentId);
  expect(nine?.docketEntry).toEqual({ number: '9', order: 9 });
});

test('page sizes are bounded and tokens are checked; an unknown docket is not found', async () => {
  expect((await entries.list(COURT_DOCKET, 0, '')).entries).toHaveLength(6);
  await expect(entries.list(COURT_DOCKET, -1, '')).rejects.toBeInstanceOf(InputError);
  await expect(entries.list(COURT_DOCKET, 10, 'abc')).rejects.toBeInstanceOf(InputError);
  await expect(entries.list(COURT_DOCKET, 10, '99999999999')).rejects.toBeInstanceOf(InputError);
  await expect(entries.list('0'.repeat(24), 10, '')).rejects.toBeInstanceOf(NotFoundError);
  await expect(entries.list('', 10, '')).rejects.toBeInstanceOf(NotFoundError);
});

test("an agency's docket lists its filings by date, numbers empty; a deleted filing leaves the listing", async () => {
  const file = (title: string, filedAt: string) =>
    ingest.ingest({
      sourceId: 'uploads',
      connector: 'manual',
      sourceDocumentId: `agency:${title}`,
      title,
      docketNumber: 'ER24-1-000',
      filedAt: new Date(filedAt),
      pages: [`${title}. The text of the filing, which runs on.`],
    });
  const late = await file('Order on rehearing', '2024-03-01');
  await file('Application for a rate change', '2024-01-05');
  await file('Protest of the consumer advocate', '2024-02-10');
  const agency = docketIdOf('uploads', normaliseDocketKey('ER24-1-000'));
  const page = await entries.list(agency, 10, '');
  expect(page.entries.map((e) => [e.number, e.title, day(e.filedAt)])).toEqual([
    ['', 'Application for a rate change', '2024-01-05'],
    ['', 'Protest of the consumer advocate', '2024-02-10'],
    ['', 'Order on rehearing', '2024-03-01'],
  ]);
  expect(page.entries[0]!.excerpt).toBe('Application for a rate change. The text of the filing, which runs on.');

  await documents.markDeleted(
    late.documentId,
    documentDeletedEvent(late.documentId, 'test', DEFAULT_DOCUMENTS_TOPICS.deleted),
  );
  expect((await entries.list(agency, 10, '')).entries.map((e) => e.title)).toEqual([
    'Application for a rate change',
    'Protest of the consumer advocate',
  ]);
});

test('filings stored before listings get their place once, entries of an imported docket their mark too', async () => {
  // As such filings were stored: no listing key, no lead, and an entry without its mark.
  await documents.model.collection.updateMany(
    { docketId: COURT_DOCKET },
    { $unset: { docketOrder: 1, lead: 1, docketEntry: 1 } },
  );
  expect((await entries.list(COURT_DOCKET, 10, '')).totalSize).toBe(0);

  const backfill = new DocketListingBackfill({ documents, cursors, logger });
  await backfill.skipIfEmpty(); // the collection is not empty: nothing skipped
  expect(await backfill.run()).toBe(7); // the report and its six entries
  const listed = await entries.list(COURT_DOCKET, 10, '');
  expect(listed.entries.map((e) => e.number)).toEqual(['1', '2', '9', '', '10', '11']); // 9 as re-dated above
  expect(listed.entries[0]!.excerpt).toMatch(/^COMPLAINT against/u);
  expect(await backfill.run()).toBe(0); // once
});
