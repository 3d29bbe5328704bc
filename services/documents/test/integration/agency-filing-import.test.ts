import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { testInfraEnv, uniqueName } from '@docket/testkit';
import { LocalDirectoryBlobStore } from '../../src/blob/local-directory.blob-store';
import { DEFAULT_DOCUMENTS_TOPICS } from '../../src/events/document-events';
import { FileImportService } from '../../src/service/file-import.service';
import { IngestService } from '../../src/service/ingest.service';
import { StatsProjector } from '../../src/service/stats.projector';
import { ActivityRepository } from '../../src/store/activity.repository';
import { DocketRepository } from '../../src/store/docket.repository';
import { DocumentRepository } from '../../src/store/document.repository';
import { EntityRepository } from '../../src/store/entity.repository';
import { IngestionRunRepository } from '../../src/store/ingestion-run.repository';
import { SourceRepository } from '../../src/store/source.repository';
import { makePdf } from '../fixtures/extraction/fixture-files';

// A PDF imported into an agency's source is read for its docket number (by the source's pattern), its
// day, its filer and its title, which fill the fields its sidecar left empty; the same PDF imported
// into a court's source is imported as before.

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const dbName = uniqueName('agency_filing_import').replace(/-/g, '_');
let connection: Connection;
let runs: IngestionRunRepository;
let documents: DocumentRepository;
let importer: FileImportService;

const agency = { id: 'example-psc', name: 'Example Public Service Commission', shortName: 'EPSC', kind: 'agency', jurisdiction: 'State', state: 'NY', homeUrl: '', docketPattern: '^\\d{2}-[A-Z]-\\d{4}$', publishesNativeFilingTypes: false, industries: [], filingTypes: [] };
const court = { ...agency, id: 'example-court', name: 'Example Court of Appeals', kind: 'court' };

beforeAll(async () => {
  connection = await mongoose.createConnection(testInfraEnv().mongoUrl, { dbName }).asPromise();
  runs = new IngestionRunRepository(connection);
  documents = new DocumentRepository(connection);
  const dockets = new DocketRepository(connection);
  const sources = new SourceRepository(connection);
  await Promise.all([documents.init(), dockets.init()]);
  await sources.create(agency);
  await sources.create(court);
  const projector = new StatsProjector({ documents, sources, dockets, entities: new EntityRepository(connection), activity: new ActivityRepository(connection), logger });
  const ingest = new IngestService({
    documents, dockets, sources, projector, logger,
    blobs: new LocalDirectoryBlobStore(mkdtempSync(path.join(os.tmpdir(), 'agency-filing-blobs-'))),
    outbox: { kick: async () => undefined, kickWritten: async () => undefined },
    topics: DEFAULT_DOCUMENTS_TOPICS,
    limits: { maxBytes: 1024 * 1024, maxPages: 100, timeoutMs: 10_000 },
    docketPatterns: () => [],
  });
  importer = new FileImportService({ ingest, runs, logger, sources });
});

afterAll(async () => {
  await connection?.dropDatabase();
  await connection?.close();
});

const COVER = [
  'STATE OF NEW YORK',
  'PUBLIC SERVICE COMMISSION',
  'Proceeding on Motion of the Commission as to the Rates of Lakeside Gas and Electric Corporation.',
  'Case 24-E-0165',
  'REPLY COMMENTS OF CITIZENS FOR CLEAN AIR',
  'Dated: March 3, 2025',
  'Citizens for Clean Air submits these reply comments on the joint proposal.',
];

async function importInto(sourceId: string, files: Record<string, Buffer | string>) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'agency-filings-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(root, name), content);
  const { id: runId } = await runs.start({ sourceId, connector: 'files', target: root });
  await importer.run({ runId, root, sourceId, requestedBy: 'tester' });
  return (await runs.find(runId))!;
}

const stored = (sourceId: string, id: string) => documents.model.findOne({ sourceId, 'provenance.sourceDocumentId': id }).lean();

test("an agency's PDF gets its docket, day, filer and title from its first page", async () => {
  const run = await importInto(agency.id, { 'reply.pdf': await makePdf([COVER, ['Respectfully submitted,', 'Counsel for Citizens for Clean Air']]) });
  expect(run).toMatchObject({ seen: 1, new: 1, failed: 0 });
  const document = await stored(agency.id, 'reply.pdf');
  expect(document).toMatchObject({ title: 'Reply Comments of Citizens for Clean Air', docketNumber: '24-E-0165', filers: ['Citizens for Clean Air'] });
  expect((document?.filedAt as Date).toISOString().slice(0, 10)).toBe('2025-03-03');
  expect(document?.provenance.unrecognisedReason).toBeUndefined();
});

test("what a sidecar states is kept; only the fields it left empty are filled", async () => {
  const sidecar = JSON.stringify({ title: 'Reply comments (corrected)', filedAt: '2025-03-05' });
  await importInto(agency.id, { 'corrected.pdf': await makePdf([COVER]), 'corrected.pdf.json': sidecar });
  const document = await stored(agency.id, 'corrected.pdf');
  expect(document).toMatchObject({ title: 'Reply comments (corrected)', docketNumber: '24-E-0165', filers: ['Citizens for Clean Air'] });
  expect((document?.filedAt as Date).toISOString().slice(0, 10)).toBe('2025-03-05');
});

test('a PDF that states none of it keeps why; a court source imports PDFs as before', async () => {
  await importInto(agency.id, { 'data.pdf': await makePdf([['load data for the 2024 test year', '1,204 MWh']]) });
  expect((await stored(agency.id, 'data.pdf'))?.provenance.unrecognisedReason).toBe('no docket number, date, filer or title read');
  await importInto(court.id, { 'reply.pdf': await makePdf([COVER]) });
  const document = await stored(court.id, 'reply.pdf');
  expect(document).toMatchObject({ title: 'reply.pdf', docketNumber: '', filers: [], provenance: { unrecognisedReason: 'not a court page or data file' } });
});
