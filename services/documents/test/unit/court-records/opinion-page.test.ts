import {
  courtRecordMark,
  mayBeCourtRecord,
  opinionItems,
  recogniseCourtRecord,
  type RecognisedOpinions,
} from '../../../src/domain/court-records';
import { convincingOpinions } from '../../../src/domain/court-records/opinion-claim';
import { opinionPageRecogniser } from '../../../src/domain/court-records/opinion-page';

// Invented courts and cases: a page of one opinion, the check that a listing is a court's, which
// files go to the recognisers, and the documents a listing becomes.

const OPINION_PAGE = [
  '<html><head><title>Harlow Dairy Cooperative v. Pell County Board of Assessors</title>',
  '<link rel="canonical" href="https://appeals.example.gov/opinions/2023-CA-0412/"></head><body>',
  '<nav><a href="/">Home</a></nav>',
  '<h1>Harlow Dairy Cooperative v. Pell County Board of Assessors</h1>',
  '<p>No. 2023-CA-0412</p><p>Argued: January 9, 2024</p><p>Filed: March 7, 2024</p>',
  '<p><a href="/opinions/2023-CA-0412.pdf">Download PDF</a></p>',
  '<h2>OPINION</h2>',
  "<p>Harlow appeals the judgment affirming the Board's assessment. See Smith v. Jones, 123 S.W.3d 456 (2019); " +
    'Doe v. Roe, 4 F.4th 1 (2021). We affirm.</p>',
  '</body></html>',
].join('\n');

const file = (text: string, fileName = 'page.html') => ({ fileName, bytes: Buffer.from(text) });

describe('opinionPageRecogniser', () => {
  it('reads the case, its docket, the labelled day and the link to the opinion', () => {
    const record = opinionPageRecogniser.recognise(file(OPINION_PAGE));
    expect(record).toEqual({
      kind: 'opinions',
      format: 'opinion-page',
      courtId: '',
      opinions: [
        {
          caseName: 'Harlow Dairy Cooperative v. Pell County Board of Assessors',
          date: '2024-03-07',
          docketNumber: '2023-CA-0412',
          url: 'https://appeals.example.gov/opinions/2023-CA-0412.pdf',
        },
      ],
    });
  });

  it('reads a caption in a table row as a line of its own', () => {
    const page = [
      '<html><body><h2>Opinion</h2><table><tr><td>Jan. 05, 2026</td><td>81234-5</td>' +
        '<td>In re the Marriage of Ardith Vell</td>',
      '      <td><a href="/pdf/812345.pdf">Majority Opinion</a></td></tr></table></body></html>',
    ].join('\n');
    const [opinion] = (opinionPageRecogniser.recognise(file(page)) as RecognisedOpinions).opinions;
    expect(opinion).toEqual({
      caseName: 'In re the Marriage of Ardith Vell',
      date: '2026-01-05',
      docketNumber: '81234-5',
      url: '/pdf/812345.pdf',
    });
  });

  it('leaves pages naming several cases on lines of their own, and pages that are no opinion', () => {
    const cases = '<p>Alder v. Birch</p><p>Cedar v. Dogwood</p><p>Elm v. Fir</p>';
    const listing = `<html><body><h1>Opinions</h1>${cases}</body></html>`;
    expect(opinionPageRecogniser.recognise(file(listing))).toBeUndefined();
    const notice =
      `<html><body><h1>Alder v. Birch</h1><p>No. 21-0001</p>` +
      `<p>Notice of oral argument, May 2, 2024.</p></body></html>`;
    expect(opinionPageRecogniser.recognise(file(notice))).toBeUndefined();
    expect(
      opinionPageRecogniser.recognise(file('{"caseName": "Alder v. Birch", "opinion": "x"}', 'a.json')),
    ).toBeUndefined();
  });
});

describe('convincingOpinions', () => {
  const record = (opinions: RecognisedOpinions['opinions']): RecognisedOpinions => ({
    kind: 'opinions',
    format: 'opinion-listing',
    courtId: '',
    opinions,
  });
  const opinion = (over: Partial<RecognisedOpinions['opinions'][number]>) => ({
    caseName: '',
    date: '',
    docketNumber: '',
    url: '',
    ...over,
  });

  it('takes a listing when half its items name a case or docket, or link a dated document', () => {
    const agOpinions = record([
      opinion({ caseName: 'Op. Atty. Gen. 12', date: '2014-04-22', url: '12-20140422.pdf' }),
      opinion({ caseName: 'Op. Atty. Gen. 13', date: '2014-05-02', url: '13-20140502.pdf' }),
    ]);
    expect(convincingOpinions(agOpinions)).toBe(agOpinions);
    const cases = record([
      opinion({ caseName: 'Alder v. Birch', url: '/a' }),
      opinion({ docketNumber: '21-0002', url: '/b' }),
      opinion({ caseName: 'Contact us', date: '2024-01-01' }),
    ]);
    expect(convincingOpinions(cases)).toBe(cases);
  });

  it("refuses an ordinary page's dated links, and one opinion that names no case", () => {
    const links = record([
      opinion({ caseName: 'comments', date: '2025-01-05', url: '/docs/comments' }),
      opinion({ caseName: 'reply', date: '2025-02-01', url: '/docs/reply' }),
    ]);
    expect(convincingOpinions(links)).toBeUndefined();
    expect(
      convincingOpinions(record([opinion({ caseName: 'comments', date: '2025-01-05', url: '/docs/comments.pdf' })])),
    ).toBeUndefined();
    expect(convincingOpinions(record([opinion({ caseName: 'Alder v. Birch', url: '/a.pdf' })]))).toBeUndefined();
    expect(convincingOpinions(record([]))).toBeUndefined();
  });
});

describe('which files the recognisers read', () => {
  it('pages and data files only, with a docket or opinion mark', () => {
    expect(mayBeCourtRecord('opinions.xml', 1_000)).toBe(true);
    expect(mayBeCourtRecord('opinion.pdf', 1_000)).toBe(false);
    expect(mayBeCourtRecord('opinions.txt', 1_000)).toBe(false);
    expect(courtRecordMark(Buffer.from('<html><body><h1>Published Opinions</h1></body></html>'))).toBe('opinions');
    expect(courtRecordMark(Buffer.from('<p>Alder v. Birch</p><p>Cedar vs. Dogwood</p>'))).toBe('opinions');
    expect(courtRecordMark(Buffer.from('<?xml version="1.0"?>\n<urlset><url><loc>a.txt</loc></url></urlset>'))).toBe(
      'opinions',
    );
    expect(courtRecordMark(Buffer.from('<html><body><h3>General Docket</h3></body></html>'))).toBe('docket');
    expect(
      courtRecordMark(Buffer.from('<html><body><p>Comments of Staff on the revenue requirement.</p></body></html>')),
    ).toBeUndefined();
  });

  it('a page of one opinion is claimed when no listing is read in it', () => {
    expect(recogniseCourtRecord(file(OPINION_PAGE))).toMatchObject({
      format: 'opinion-page',
      opinions: [{ docketNumber: '2023-CA-0412' }],
    });
  });
});

describe('opinionItems', () => {
  const context = {
    sourceId: 'state-appeals',
    sourceDocumentId: 'pages/opinions.html',
    fileName: 'opinions.html',
    path: '/import/pages/opinions.html',
    runId: 'run-1',
  };
  const listing: RecognisedOpinions = {
    kind: 'opinions',
    format: 'opinion-listing',
    courtId: '',
    opinions: [
      {
        caseName: 'Alder v. Birch',
        date: '2023-03-14',
        docketNumber: '22-0417',
        url: 'https://courts.example.gov/22-0417.pdf',
      },
      {
        caseName: 'Alder v. Birch',
        date: '2023-03-14',
        docketNumber: '22-0417',
        url: 'https://courts.example.gov/22-0417-errata.pdf',
      },
      { caseName: 'In re Cedar', date: '', docketNumber: '', url: '' },
    ],
  };

  it('keeps the page as one document and makes each opinion its own, keyed by page, docket or name, and day', () => {
    const { page, opinions } = opinionItems(listing, context);
    expect(page).toMatchObject({
      sourceDocumentId: 'pages/opinions.html',
      title: 'opinions.html: 3 opinions listed',
      filingTypeNative: 'Listing of opinions',
      filedAt: new Date('2023-03-14T00:00:00Z'),
    });
    expect(page.files).toEqual([{ fileName: 'opinions.html', path: '/import/pages/opinions.html' }]);
    expect(opinions.map((o) => o.sourceDocumentId)).toEqual([
      'pages/opinions.html#opinion/22-0417/2023-03-14',
      expect.stringMatching(/^pages\/opinions\.html#opinion\/22-0417\/2023-03-14\/[0-9a-f]{12}$/u),
      expect.stringMatching(/^pages\/opinions\.html#opinion\/name-[0-9a-f]{12}\/undated$/u),
    ]);
    expect(opinions[0]).toMatchObject({
      title: 'Alder v. Birch',
      filingTypeNative: 'Opinion',
      filedAt: new Date('2023-03-14T00:00:00Z'),
      docketNumber: '22-0417',
      docketTitle: 'Alder v. Birch',
      sourceUrl: 'https://courts.example.gov/22-0417.pdf',
      description: 'Listed on pages/opinions.html',
      pages: [
        'Alder v. Birch\nDocket number: 22-0417\nDate: 2023-03-14\nOpinion: https://courts.example.gov/22-0417.pdf',
      ],
    });
    expect(opinions[2]).not.toHaveProperty('filedAt');
    expect(opinions[2]).not.toHaveProperty('docketNumber');
  });

  it('a page of one opinion is that opinion, its text the page', () => {
    const { page, opinions } = opinionItems({ ...listing, opinions: listing.opinions.slice(0, 1) }, context);
    expect(opinions).toEqual([]);
    expect(page).toMatchObject({
      sourceDocumentId: 'pages/opinions.html',
      title: 'Alder v. Birch',
      docketNumber: '22-0417',
      sourceUrl: 'https://courts.example.gov/22-0417.pdf',
    });
    expect(page).not.toHaveProperty('pages');
  });
});
