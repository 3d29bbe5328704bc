import type { RecognisedOpinions } from '../../../src/domain/court-records/court-record';
import { firstDate } from '../../../src/domain/court-records/opinion-fields';
import { opinionListingRecogniser } from '../../../src/domain/court-records/opinion-listing';

// Invented courts and cases in the shapes courts' opinion pages take.

function file(text: string, fileName = 'page.html') {
  return { fileName, bytes: Buffer.from(text) };
}

function read(text: string, fileName?: string): RecognisedOpinions {
  const record = opinionListingRecogniser.recognise(file(text, fileName));
  if (record?.kind !== 'opinions') throw new Error('not read as opinions');
  return record;
}

const TABLE_PAGE = [
  '<html><head><link rel="canonical" href="https://courts.example.gov/appeals/opinions/"></head><body>',
  '<nav><ul><li><a href="/">Home</a></li><li><a href="/forms">Forms</a></li></ul></nav>',
  '<h1>Recent Opinions</h1>',
  '<table><thead><tr><th>Date</th><th>Docket</th><th>Case</th><th>Document</th></tr></thead><tbody>',
  '<tr><td>03/14/2023</td><td>22-0417</td><td>Marigold Orchard v. Tansy Mills</td><td>' +
    '<a href="/docs/22-0417.pdf">PDF</a></td></tr>',
  '<tr><td>03/10/2023</td><td>21-1188</td><td>In re Estate of Quillon Brack</td><td>' +
    '<a href="/docs/21-1188.pdf">PDF</a></td></tr>',
  '<tr><td>02/28/2023</td><td>A-22-305</td><td>State v. Corvin Ashdale</td><td>' +
    '<a href="https://cdn.example.gov/a22-305.pdf">PDF</a></td></tr>',
  '</tbody></table></body></html>',
].join('\n');

describe('opinionListingRecogniser', () => {
  it('reads a table listing, one opinion per row, links made absolute from the page address', () => {
    const record = read(TABLE_PAGE);
    expect(record.format).toBe('opinion-listing');
    expect(record.opinions).toEqual([
      {
        caseName: 'Marigold Orchard v. Tansy Mills',
        date: '2023-03-14',
        docketNumber: '22-0417',
        url: 'https://courts.example.gov/docs/22-0417.pdf',
      },
      {
        caseName: 'In re Estate of Quillon Brack',
        date: '2023-03-10',
        docketNumber: '21-1188',
        url: 'https://courts.example.gov/docs/21-1188.pdf',
      },
      {
        caseName: 'State v. Corvin Ashdale',
        date: '2023-02-28',
        docketNumber: 'A-22-305',
        url: 'https://cdn.example.gov/a22-305.pdf',
      },
    ]);
  });

  it('reads a list of items, the docket labelled "No." and the link text as the case name', () => {
    const record = read(
      [
        '<html><body><ul class="menu"><li><a href="/about">About the court</a></li></ul>',
        '      <ul class="opinions">',
        '        <li><a href="opinions/2021/brightwater.pdf">Brightwater Ferry Co. v. Dunmore County</a> ' +
          'No. 2021-CA-0093, decided January 5, 2021</li>',
        '        <li><a href="opinions/2021/pellam.pdf">Pellam v. Harrow Insurance Group</a> No. 2020-CA-1187, ' +
          'decided December 30, 2020</li>',
        '      </ul></body></html>',
      ].join('\n'),
    );
    expect(record.opinions).toEqual([
      {
        caseName: 'Brightwater Ferry Co. v. Dunmore County',
        date: '2021-01-05',
        docketNumber: '2021-CA-0093',
        url: 'opinions/2021/brightwater.pdf',
      },
      {
        caseName: 'Pellam v. Harrow Insurance Group',
        date: '2020-12-30',
        docketNumber: '2020-CA-1187',
        url: 'opinions/2021/pellam.pdf',
      },
    ]);
  });

  it("reads headings each followed by their paragraphs, and dates stated once over a day's opinions", () => {
    const record = read(`<html><body><div class="content">
      <h3><a href="/case/19-2231">Case No. 19-2231: Fenwick Tolland v. Ostrey Farms</a></h3>
      <p>Filed Sep 3, 2019</p><p><a href="/files/19-2231/opinion">View Opinion</a></p>
      <h3><a href="/case/19-0907">Case No. 19-0907: Matter of Linnet Harwell</a></h3>
      <p>Filed Sep 3, 2019</p><p><a href="/files/19-0907/opinion">View Opinion</a></p>
      </div></body></html>`);
    expect(
      record.opinions.map((opinion) => [opinion.caseName, opinion.date, opinion.docketNumber, opinion.url]),
    ).toEqual([
      ['Fenwick Tolland v. Ostrey Farms', '2019-09-03', '19-2231', '/files/19-2231/opinion'],
      ['Matter of Linnet Harwell', '2019-09-03', '19-0907', '/files/19-0907/opinion'],
    ]);
  });

  it('reads a JSON listing, whatever its keys are called', () => {
    const json = {
      results: [
        {
          caseTitle: 'Odell Brandt v. Secretary of Labor',
          filedDate: '2022-07-19',
          docketNo: '21-3340',
          documentUrl: 'https://agency.example.gov/d/21-3340.pdf',
        },
        {
          caseTitle: 'In re Wexcombe Mining LLC',
          filedDate: '07/18/2022',
          docketNo: '21-3002',
          documentUrl: 'https://agency.example.gov/d/21-3002.pdf',
        },
      ],
    };
    const record = read(JSON.stringify(json), 'opinions.json');
    expect(record.opinions).toEqual([
      {
        caseName: 'Odell Brandt v. Secretary of Labor',
        date: '2022-07-19',
        docketNumber: '21-3340',
        url: 'https://agency.example.gov/d/21-3340.pdf',
      },
      {
        caseName: 'In re Wexcombe Mining LLC',
        date: '2022-07-18',
        docketNumber: '21-3002',
        url: 'https://agency.example.gov/d/21-3002.pdf',
      },
    ]);
  });

  it('reads an RSS feed of opinions', () => {
    const record = read(
      `<?xml version="1.0"?><rss version="2.0"><channel><title>Opinions</title>
      <item><title>HALVERN TROSK V. QUINLEY PORT AUTHORITY</title><link>https://court.example.gov/op/20-55102.pdf</link>
      <pubDate>Tue, 04 Aug 2020 16:00:00 +0000</pubDate><description>Case Number: 20-55102</description></item>
      <item><title>UNITED STATES V. MERRIL OSK</title><link>https://court.example.gov/op/19-10233.pdf</link>
      <pubDate>Mon, 03 Aug 2020 16:00:00 +0000</pubDate><description>Case Number: 19-10233</description></item>
      </channel></rss>`,
      'feed.xml',
    );
    expect(record.opinions.map((opinion) => [opinion.caseName, opinion.date, opinion.docketNumber])).toEqual([
      ['HALVERN TROSK v. QUINLEY PORT AUTHORITY', '2020-08-04', '20-55102'],
      ['UNITED STATES v. MERRIL OSK', '2020-08-03', '19-10233'],
    ]);
  });

  it('reads a flat listing whose opinions are only separated by blank lines', () => {
    const record = read(
      [
        '<html><body><div>Opinions<br><br>Filed 05/02/2016, No. 15-3310<br>',
        '      <a href="http://court.example.gov/op/153310p.pdf">Arla Venn v. Tressick Bank</a>' +
          '<br>District of Nowhere<br><br>',
        '      Filed 05/01/2016, No. 15-2044<br>' +
          '<a href="http://court.example.gov/op/152044p.pdf">Dorrit Shale v. Kemble City</a><br>Agency<br><br>' +
          '</div></body></html>',
      ].join('\n'),
    );
    expect(record.opinions).toEqual([
      {
        caseName: 'Arla Venn v. Tressick Bank',
        date: '2016-05-02',
        docketNumber: '15-3310',
        url: 'http://court.example.gov/op/153310p.pdf',
      },
      {
        caseName: 'Dorrit Shale v. Kemble City',
        date: '2016-05-01',
        docketNumber: '15-2044',
        url: 'http://court.example.gov/op/152044p.pdf',
      },
    ]);
  });

  it('finds no opinions in a letter or in a PACER docket report', () => {
    const letter = `<html><body><p>Dear Ms. Corran,</p><p>Thank you for your letter of March 3, 2021 about the hearing.
      Please see <a href="https://example.org/info">our website</a>.</p><p>Sincerely,<br>Tobin Ashe</p></body></html>`;
    expect(opinionListingRecogniser.recognise(file(letter))).toBeUndefined();
    expect(opinionListingRecogniser.recognise(file('Dear Sir, nothing to list here.', 'letter.txt'))).toBeUndefined();
    const docket = [
      '<html><body><h3>U.S. District Court<br>CIVIL DOCKET FOR CASE #: 2:20-cv-01234-ABC</h3>',
      '      <table><tr><td>01/02/2020</td><td>1</td>' +
        '<td>COMPLAINT against Holloway Freight v. Denn</td></tr></table></body></html>',
    ].join('\n');
    expect(opinionListingRecogniser.recognise(file(docket))).toBeUndefined();
  });
});

describe('firstDate', () => {
  it.each([
    ['02/24/2012', '2012-02-24'],
    ['Filed 2/4/12, No. 10-4092', '2012-02-04'],
    ['February 24, 2012', '2012-02-24'],
    ['Sept. 3, 2019', '2019-09-03'],
    ['Dec. 11, 2025', '2025-12-11'],
    ['2012-02-24T10:00:00Z', '2012-02-24'],
    ['24 Feb 2012', '2012-02-24'],
    ['Fri, 21 Jan 2022 16:00:05 +0000', '2022-01-21'],
    ['No date here, only 22-0417', ''],
    ['02/30/2012', ''],
  ])('%s → %s', (text, iso) => {
    expect(firstDate(text)).toBe(iso);
  });
});
