import { documentToProto } from '../../src/documents/documents.mapper';
import { normaliseDocketKey } from '../../src/domain/docket-number';
import { docketIdOf, provenanceKeyOf } from '../../src/domain/ids';
import { fileImportHarness, type FileImportHarness } from './support/file-import-harness';

// A court's page of opinions imported as a file: the page is kept as one document and each opinion it
// lists becomes a document of its own (case name, day, docket, link); the same page imported again
// adds only the opinions it did not list before. A page of one opinion is that opinion.

let harness: FileImportHarness;
let documents: FileImportHarness['documents'];
let dockets: FileImportHarness['dockets'];

beforeAll(async () => {
  harness = await fileImportHarness('court-opinions');
  ({ documents, dockets } = harness);
});

afterAll(() => harness?.close());

const row = (date: string, docket: string, name: string, href: string) =>
  `<tr><td>${date}</td><td>${docket}</td><td>${name}</td><td><a href="${href}">PDF</a></td></tr>`;
const ROWS = [
  row('03/14/2023', '22-0417', 'Marigold Orchard v. Tansy Mills', '/opinions/22-0417.pdf'),
  row('03/10/2023', '21-1188', 'In re Estate of Quillon Brack', '/opinions/21-1188.pdf'),
  // The same case and day again: the court's corrected opinion, its own document.
  row('03/10/2023', '21-1188', 'In re Estate of Quillon Brack', '/opinions/21-1188-errata.pdf'),
];

function listingPage(rows: string[]): string {
  return [
    '<html><head><title>Opinions</title><link rel="canonical" ' +
      'href="https://appeals.example.gov/opinions/"></head><body>',
    '<nav><a href="/">Home</a> <a href="/rules">Rules</a></nav><h1>Published Opinions</h1>',
    `<table><thead><tr><th>Date</th><th>Docket</th><th>Case</th><th>Opinion</th></tr></thead>` +
      `<tbody>${rows.join('\n')}</tbody></table></body></html>`,
  ].join('\n');
}

const opinionsOf = async (page: string) =>
  (
    await documents.model
      .find({ 'provenance.sourceDocumentId': { $regex: `^${page.replace('.', '\\.')}#` } })
      .sort({ 'provenance.sourceDocumentId': 1 })
      .lean()
  ).map((d) => ({
    title: d.title,
    filedAt: (d.filedAt as Date).toISOString().slice(0, 10),
    docketNumber: d.docketNumber,
    url: d.provenance.sourceUrl,
    type: d.filingType,
  }));

test('a listing page is kept as one document and each listed opinion becomes its own', async () => {
  const run = await harness.importFiles({ 'opinions-2023-03.html': listingPage(ROWS) });
  expect(run).toMatchObject({ seen: 1, new: 1, failed: 0 });
  const page = await documents.model.findOne({ 'provenance.sourceDocumentId': 'opinions-2023-03.html' }).lean();
  expect(page).toMatchObject({ title: 'opinions-2023-03.html: 3 opinions listed', filingType: 'Listing of opinions' });
  expect(page?.attachments.map((a) => a.fileName)).toEqual(['opinions-2023-03.html']);
  expect(page?.text).toContain(
    'Marigold Orchard v. Tansy Mills, No. 22-0417, 2023-03-14, https://appeals.example.gov/opinions/22-0417.pdf',
  );
  expect(await opinionsOf('opinions-2023-03.html')).toEqual([
    {
      title: 'In re Estate of Quillon Brack',
      filedAt: '2023-03-10',
      docketNumber: normaliseDocketKey('21-1188'),
      url: 'https://appeals.example.gov/opinions/21-1188.pdf',
      type: 'Opinion',
    },
    {
      title: 'In re Estate of Quillon Brack',
      filedAt: '2023-03-10',
      docketNumber: normaliseDocketKey('21-1188'),
      url: 'https://appeals.example.gov/opinions/21-1188-errata.pdf',
      type: 'Opinion',
    },
    {
      title: 'Marigold Orchard v. Tansy Mills',
      filedAt: '2023-03-14',
      docketNumber: normaliseDocketKey('22-0417'),
      url: 'https://appeals.example.gov/opinions/22-0417.pdf',
      type: 'Opinion',
    },
  ]);
  const marigold = await documents.model.findOne({ title: 'Marigold Orchard v. Tansy Mills' }).lean();
  expect(marigold?.text).toBe(
    'Marigold Orchard v. Tansy Mills\nDocket number: 22-0417\nDate: 2023-03-14\nOpinion: ' +
      'https://appeals.example.gov/opinions/22-0417.pdf',
  );
  expect(marigold?.description).toBe('Listed on opinions-2023-03.html');
  expect(await dockets.find(docketIdOf('uploads', normaliseDocketKey('22-0417')))).toMatchObject({
    title: 'Marigold Orchard v. Tansy Mills',
  });
});

test('the same page imported again adds nothing; a later version of it adds only its new opinion', async () => {
  const before = await documents.model.countDocuments();
  const again = await harness.importFiles({ 'opinions-2023-03.html': listingPage(ROWS) });
  expect(again).toMatchObject({ seen: 1, new: 0, failed: 0 });
  expect(await documents.model.countDocuments()).toBe(before);

  const later = [row('03/21/2023', 'A-22-305', 'State v. Corvin Ashdale', '/opinions/a-22-305.pdf'), ...ROWS];
  await harness.importFiles({ 'opinions-2023-03.html': listingPage(later) });
  // The page's text changed (updated), one opinion is new, the three others were stored already.
  expect(await documents.model.countDocuments()).toBe(before + 1);
  expect((await opinionsOf('opinions-2023-03.html')).map((o) => o.title)).toContain('State v. Corvin Ashdale');
});

test('a page of one opinion is that opinion: titled, dated and filed by it, its text the page', async () => {
  const page = [
    '<html><head><title>Harlow Dairy Cooperative v. Pell County Board of Assessors</title></head><body>',
    '<h1>Harlow Dairy Cooperative v. Pell County Board of Assessors</h1>' +
      '<p>No. 2023-CA-0412</p><p>Filed: March 7, 2024</p>',
    '<p><a href="https://appeals.example.gov/opinions/2023-CA-0412.pdf">Download PDF</a></p><h2>OPINION</h2>',
    "<p>Appellant Harlow Dairy Cooperative appeals the judgment affirming the Board's assessment of its " +
      'plant. We affirm.</p></body></html>',
  ].join('\n');
  const run = await harness.importFiles({ 'harlow.html': page });
  expect(run).toMatchObject({ seen: 1, new: 1, failed: 0 });
  const stored = await documents.model.findOne({ 'provenance.sourceDocumentId': 'harlow.html' }).lean();
  expect(stored).toMatchObject({
    title: 'Harlow Dairy Cooperative v. Pell County Board of Assessors',
    docketNumber: normaliseDocketKey('2023-CA-0412'),
    filingType: 'Opinion',
    provenance: { sourceUrl: 'https://appeals.example.gov/opinions/2023-CA-0412.pdf' },
  });
  expect((stored?.filedAt as Date).toISOString().slice(0, 10)).toBe('2024-03-07');
  expect(stored?.text).toContain('We affirm.');
  expect(await documents.model.countDocuments({ 'provenance.sourceDocumentId': /^harlow\.html#/u })).toBe(0);
});

test('an ordinary page that mentions a decision is imported as it is', async () => {
  const order = [
    "<html><body><h1>Order Approving Rate Plan</h1><p>The Commission's decision follows. Staff filed",
    '<a href="/docs/comments.pdf">comments</a> on January 5, 2025, and Acme Gas a <a ' +
      'href="/docs/reply.pdf">reply</a> on February 1, 2025.</p></body></html>',
  ].join('\n');
  const run = await harness.importFiles({ 'order.html': order });
  expect(run).toMatchObject({ seen: 1, new: 1, failed: 0 });
  const stored = await documents.model.findOne({ 'provenance.sourceDocumentId': 'order.html' }).lean();
  expect(stored).toMatchObject({
    title: 'Order Approving Rate Plan',
    filingType: '',
    provenance: { unrecognisedReason: 'no docket or opinions read' },
  });
  expect(await documents.model.countDocuments({ 'provenance.sourceDocumentId': /^order\.html#/u })).toBe(0);
});

test('a file no recogniser claims keeps why in its provenance; records the recognisers read have none', async () => {
  await harness.importFiles({
    'letter.txt': 'Opinions of the court are attached.',
    'notes.html': '<html><body><p>Meeting notes.</p></body></html>',
  });
  const reasonOf = async (id: string) => {
    const stored = await documents.findByProvenanceKey(provenanceKeyOf('uploads', id));
    return stored ? documentToProto(stored).provenance?.unrecognisedReason : undefined;
  };
  expect(await reasonOf('letter.txt')).toBe('not a court page or data file');
  expect(await reasonOf('notes.html')).toBe('no docket or opinion mark');
  expect(await reasonOf('opinions-2023-03.html')).toBeUndefined();
  expect(await reasonOf('opinions-2023-03.html#opinion/22-0417/2023-03-14')).toBeUndefined();
});
