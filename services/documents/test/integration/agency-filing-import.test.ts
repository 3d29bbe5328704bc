import { makePdf } from '../fixtures/extraction/fixture-files';
import { fileImportHarness, type FileImportHarness } from './support/file-import-harness';

// A PDF imported into an agency's source is read for its docket number (by the source's pattern), its
// day, its filer and its title, which fill the fields its sidecar left empty; the same PDF imported
// into a court's source is imported as before.

let harness: FileImportHarness;

const agency = {
  id: 'example-psc',
  name: 'Example Public Service Commission',
  shortName: 'EPSC',
  kind: 'agency',
  jurisdiction: 'State',
  state: 'NY',
  homeUrl: '',
  docketPattern: '^\\d{2}-[A-Z]-\\d{4}$',
  publishesNativeFilingTypes: false,
  industries: [],
  filingTypes: [],
};
const court = { ...agency, id: 'example-court', name: 'Example Court of Appeals', kind: 'court' };

beforeAll(async () => {
  harness = await fileImportHarness('agency-filing-import', { catalogAware: true });
  await harness.sources.create(agency);
  await harness.sources.create(court);
});

afterAll(() => harness?.close());

const COVER = [
  'STATE OF NEW YORK',
  'PUBLIC SERVICE COMMISSION',
  'Proceeding on Motion of the Commission as to the Rates of Lakeside Gas and Electric Corporation.',
  'Case 24-E-0165',
  'REPLY COMMENTS OF CITIZENS FOR CLEAN AIR',
  'Dated: March 3, 2025',
  'Citizens for Clean Air submits these reply comments on the joint proposal.',
];

const importInto = (sourceId: string, files: Record<string, Buffer | string>) => harness.importFiles(files, sourceId);

const stored = (sourceId: string, id: string) =>
  harness.documents.model.findOne({ sourceId, 'provenance.sourceDocumentId': id }).lean();

test("an agency's PDF gets its docket, day, filer and title from its first page", async () => {
  const run = await importInto(agency.id, {
    'reply.pdf': await makePdf([COVER, ['Respectfully submitted,', 'Counsel for Citizens for Clean Air']]),
  });
  expect(run).toMatchObject({ seen: 1, new: 1, failed: 0 });
  const document = await stored(agency.id, 'reply.pdf');
  expect(document).toMatchObject({
    title: 'Reply Comments of Citizens for Clean Air',
    docketNumber: '24-E-0165',
    filers: ['Citizens for Clean Air'],
  });
  expect((document?.filedAt as Date).toISOString().slice(0, 10)).toBe('2025-03-03');
  expect(document?.provenance.unrecognisedReason).toBeUndefined();
});

test('what a sidecar states is kept; only the fields it left empty are filled', async () => {
  const sidecar = JSON.stringify({ title: 'Reply comments (corrected)', filedAt: '2025-03-05' });
  await importInto(agency.id, { 'corrected.pdf': await makePdf([COVER]), 'corrected.pdf.json': sidecar });
  const document = await stored(agency.id, 'corrected.pdf');
  expect(document).toMatchObject({
    title: 'Reply comments (corrected)',
    docketNumber: '24-E-0165',
    filers: ['Citizens for Clean Air'],
  });
  expect((document?.filedAt as Date).toISOString().slice(0, 10)).toBe('2025-03-05');
});

test('a PDF that states none of it keeps why; a court source imports PDFs as before', async () => {
  await importInto(agency.id, { 'data.pdf': await makePdf([['load data for the 2024 test year', '1,204 MWh']]) });
  expect((await stored(agency.id, 'data.pdf'))?.provenance.unrecognisedReason).toBe(
    'no docket number, date, filer or title read',
  );
  await importInto(court.id, { 'reply.pdf': await makePdf([COVER]) });
  const document = await stored(court.id, 'reply.pdf');
  expect(document).toMatchObject({
    title: 'reply.pdf',
    docketNumber: '',
    filers: [],
    provenance: { unrecognisedReason: 'not a court page or data file' },
  });
});
