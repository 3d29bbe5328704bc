import { DEFAULT_DOCUMENTS_TOPICS } from '../../src/documents/document-changes.event';
import { normaliseDocketKey } from '../../src/domain/docket-number';
import { docketIdOf } from '../../src/domain/ids';
import { civilDocketReport } from '../fixtures/cmecf-docket-reports';
import { fileImportHarness, type FileImportHarness } from './support/file-import-harness';

// A PACER docket report imported as a file becomes a docket with the court's header and parties, and
// its entries filings of that docket; the same docket imported again later adds only its new entries.

let harness: FileImportHarness;
let documents: FileImportHarness['documents'];
let dockets: FileImportHarness['dockets'];

beforeAll(async () => {
  harness = await fileImportHarness('court-docket-import');
  ({ documents, dockets } = harness);
});

afterAll(() => harness?.close());

const importReport = (html: string) => harness.importFiles({ 'ord-3-21-cv-01234.html': html });

/**
 * Documents and dockets are keyed by the number's normal form (upper case);
 * the docket keeps it as the court writes it.
 */
const KEY = normaliseDocketKey('3:21-cv-01234');

const entriesOf = async () =>
  (await documents.model.find({ docketNumber: KEY, filingType: { $ne: 'Docket' } }).lean())
    .map((d) => [d.title, (d.filedAt as Date).toISOString().slice(0, 10)])
    .sort((a, b) => String(a[1]).localeCompare(String(b[1])));

test('a docket report becomes the case with its header and parties, and its entries filings of it', async () => {
  const run = await importReport(civilDocketReport);
  expect(run).toMatchObject({ seen: 1, new: 1, failed: 0 });
  const docket = await dockets.find(docketIdOf('uploads', KEY));
  expect(docket).toMatchObject({
    title: 'Cascade Timber Cooperative v. Willamette Freight Lines, Inc.',
    numberRaw: '3:21-cv-01234',
    status: 'closed',
    court: {
      courtId: 'ord',
      courtName: 'U.S. District Court for the District of Oregon',
      judge: 'Ann B. Carter',
      referredJudge: 'Xavier Y. Zhu',
      natureOfSuit: '190 Contract: Other',
    },
  });
  expect(docket?.openedAt?.toISOString().slice(0, 10)).toBe('2021-04-02');
  expect(docket?.parties.map((p) => [p.role, p.name, p.attorneys?.map((a) => a.name)])).toEqual([
    ['Plaintiff', 'Cascade Timber Cooperative', ['Dana R. Ellis']],
    ['Defendant', 'Willamette Freight Lines, Inc.', []],
  ]);
  expect(await entriesOf()).toEqual([
    ['COMPLAINT against Willamette Freight Lines, Inc.', '2021-04-02'],
    ['Summons Issued as to Willamette Freight Lines, Inc.', '2021-04-06'],
  ]);
  const report = await documents.model.findOne({ docketNumber: KEY, filingType: 'Docket' }).lean();
  expect(report?.title).toBe('Cascade Timber Cooperative v. Willamette Freight Lines, Inc.: docket report');
  expect(report?.text).toContain('Assigned to: Ann B. Carter');
  expect(report?.text).toContain('Plaintiff: Cascade Timber Cooperative, represented by Dana R. Ellis');
  const complaint = await documents.model
    .findOne({ docketNumber: KEY, title: 'COMPLAINT against Willamette Freight Lines, Inc.' })
    .lean();
  expect(complaint?.text).toMatch(
    new RegExp(
      String.raw`^Cascade Timber Cooperative v\. Willamette Freight Lines, Inc\., No\. 3:21-cv-01234, ` +
        String.raw`docket entry 1, filed 2021-04-02\n\nCOMPLAINT`,
      'u',
    ),
  );
});

test('entries of the same words in two dockets stay two filings', async () => {
  const other = civilDocketReport
    .replace('3:21-cv-01234-ABC-XYZ', '3:21-cv-05678-ABC')
    .replace('Cascade Timber Cooperative et al v.', 'Rogue Valley Mills v.');
  await harness.importFiles({ 'ord-3-21-cv-05678.html': other });
  expect(
    await documents.model.countDocuments({
      docketNumber: normaliseDocketKey('3:21-cv-05678'),
      title: /^Summons Issued/u,
    }),
  ).toBe(1);
});

test('the same docket imported again adds only its new entries; only they reach followers as new filings', async () => {
  const later = civilDocketReport.replace(
    '</table></body>',
    `<tr><td>05/01/2021</td><td>3&nbsp;</td><td>ANSWER to Complaint by Willamette Freight Lines, ` +
      `Inc. (Entered: 05/02/2021)</td></tr></table></body>`,
  );
  const before = await documents.model.countDocuments({ docketNumber: KEY });
  // The first import's events as the relay leaves them: published.
  await documents.model.updateMany({}, { $set: { pendingEvents: [] } });
  const run = await importReport(later);
  expect(run).toMatchObject({ seen: 1, failed: 0 });
  // The report's text changed (updated), one entry is new, the two others were stored already.
  expect(await documents.model.countDocuments({ docketNumber: KEY })).toBe(before + 1);
  expect((await entriesOf()).at(-1)).toEqual(['ANSWER to Complaint by Willamette Freight Lines, Inc.', '2021-05-01']);
  // What alerts and docket follows are matched against: the new entry as ingested, the report as
  // updated, and nothing for the entries already there.
  const waiting = await documents.model.find({ docketNumber: KEY, 'pendingEvents.0': { $exists: true } }).lean();
  expect(waiting.map((d) => [d.title, d.pendingEvents?.map((e) => e.topic)]).sort()).toEqual([
    ['ANSWER to Complaint by Willamette Freight Lines, Inc.', [DEFAULT_DOCUMENTS_TOPICS.ingested.name]],
    [
      'Cascade Timber Cooperative v. Willamette Freight Lines, Inc.: docket report',
      [DEFAULT_DOCUMENTS_TOPICS.updated.name],
    ],
  ]);
});
