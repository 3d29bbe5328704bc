import { looksLikeCourtRecord, mayBeCourtRecord } from '../../../src/domain/court-records';
import { harmonizedCaseName } from '../../../src/domain/court-records/case-names';
import { cmecfDocketRecogniser } from '../../../src/domain/court-records/cmecf-docket';
import type { RecognisedDocket } from '../../../src/domain/court-records/court-record';
import { bankruptcyDocketReport as bankruptcy, civilDocketReport as civil } from '../../fixtures/cmecf-docket-reports';

const read = (html: string) =>
  cmecfDocketRecogniser.recognise({ fileName: 'docket.html', bytes: Buffer.from(html) }) as
    RecognisedDocket | undefined;

describe('CM/ECF docket reports of district and bankruptcy courts', () => {
  it('reads a district case: court, number, title, judges, dates, parties with attorneys, entries', () => {
    const docket = read(civil);
    expect(docket).toMatchObject({
      kind: 'docket',
      format: 'cmecf',
      courtId: 'ord',
      docketNumber: '3:21-cv-01234',
      caseName: 'Cascade Timber Cooperative v. Willamette Freight Lines, Inc.',
      assignedTo: 'Ann B. Carter',
      referredTo: 'Xavier Y. Zhu',
      cause: '28:1332 Diversity-Breach of Contract',
      dateFiled: '2021-04-02',
      dateTerminated: '2022-11-30',
      juryDemand: 'Plaintiff',
      natureOfSuit: '190 Contract: Other',
      jurisdiction: 'Diversity',
    });
    expect(docket?.parties).toEqual([
      {
        name: 'Cascade Timber Cooperative',
        role: 'Plaintiff',
        dateTerminated: '',
        attorneys: [
          {
            name: 'Dana R. Ellis',
            contact: 'Ellis & Moore LLP\n100 SW Main St.\nPortland, OR 97204\nEmail: dellis@example.com\n',
            roles: ['LEAD ATTORNEY', 'ATTORNEY TO BE NOTICED'],
          },
        ],
      },
      { name: 'Willamette Freight Lines, Inc.', role: 'Defendant', dateTerminated: '2022-10-01', attorneys: [] },
    ]);
    expect(docket?.entries).toEqual([
      {
        number: '1',
        dateFiled: '2021-04-02',
        dateEntered: '2021-04-05',
        description:
          'COMPLAINT against Willamette Freight Lines, Inc. Filed by Cascade Timber Cooperative. (Entered: 04/05/2021)',
      },
      {
        number: '',
        dateFiled: '2021-04-06',
        dateEntered: '2021-04-06',
        description: 'Summons Issued as to Willamette Freight Lines, Inc. (Entered: 04/06/2021)',
      },
    ]);
  });

  it('reads a bankruptcy case: the debtor names it, the court comes from the heading, entries span tables', () => {
    const docket = read(bankruptcy);
    expect(docket).toMatchObject({
      courtId: 'mieb',
      docketNumber: '19-40001',
      caseName: 'Lakeside Foundry, LLC',
      assignedTo: 'Ruth K. Olsen',
      dateFiled: '2019-01-03',
    });
    expect(docket?.parties.map((p) => [p.role, p.name, p.attorneys.map((a) => a.name)])).toEqual([
      ['Debtor', 'Lakeside Foundry, LLC', ['Paul Nguyen', 'Rita Gomez']],
    ]);
    expect(docket?.entries.map((e) => [e.number, e.dateFiled])).toEqual([
      ['1', '2019-01-03'],
      ['2', '2019-01-10'],
    ]);
  });

  it('joins the natures of suit an adversary proceeding lists one a row', () => {
    const adversary = bankruptcy.replace(
      '<TD><TABLE><TR><td><I>Date filed:</I>',
      [
        '<TD><table><tr><td><I>Nature[s] of Suit:</I></td><td>21</td><td>&nbsp;</td>' +
          '<td>Validity of Lien; Rule 7001(2)</td></tr>',
        '<tr><td></td><td>91</td><td>&nbsp;</td><td>Declaratory Judgement Rule 7001(9)</td></tr></table>' +
          '<TABLE><TR><td><I>Date filed:</I>',
      ].join('\n'),
    );
    expect(read(adversary)?.natureOfSuit).toBe(
      '21 Validity of Lien; Rule 7001(2); 91 Declaratory Judgement Rule 7001(9)',
    );
  });

  it('finds the judge of a criminal case in the party table, and writes "USA" as "United States"', () => {
    const criminal = civil
      .replace('CIVIL DOCKET FOR CASE #: 3:21-cv-01234-ABC-XYZ', 'CRIMINAL DOCKET FOR CASE #: 3:21-cr-00077-ABC-1')
      .replace(/<td valign=top width="60%">.*?<\/td>/su, '<td valign=top width="60%"><br>Case title: USA v. Doe</td>')
      .replace('<tr><td><b><u>Plaintiff', '<tr><td>Assigned to: Judge Ann B Carter</td></tr><tr><td><b><u>Plaintiff');
    expect(read(criminal)).toMatchObject({
      docketNumber: '3:21-cr-00077',
      caseName: 'United States v. Doe',
      assignedTo: 'Ann B Carter',
    });
  });

  it('claims no other page', () => {
    expect(
      read('<html><body><h1>Opinions</h1><table><tr><td>Smith v. Jones</td></tr></table></body></html>'),
    ).toBeUndefined();
    expect(read('%PDF-1.7 binary')).toBeUndefined();
  });
});

describe('case names', () => {
  it.each([
    ['USA v. Doe', 'United States v. Doe'],
    ["Theodore D'Apuzzo, P.A. v. USA", "Theodore D'Apuzzo, P.A. v. United States"],
    ['Balbo v. Tilton et al', 'Balbo v. Tilton'],
    ['Catalyst, Inc. et al v. Annora Ltd.', 'Catalyst, Inc. v. Annora Ltd.'],
    ['USA Waste Services, Inc. v. Doe', 'USA Waste Services, Inc. v. Doe'],
  ])('%j → %j', (written, harmonized) => {
    expect(harmonizedCaseName(written)).toBe(harmonized);
  });
});

describe('which files go to the recognisers', () => {
  it("only pages and data files that carry a docket's mark, so ordinary filings skip the parse", () => {
    expect(mayBeCourtRecord('docket.html', 1_000)).toBe(true);
    expect(mayBeCourtRecord('order.txt', 1_000)).toBe(false);
    expect(looksLikeCourtRecord(Buffer.from(civil))).toBe(true);
    expect(looksLikeCourtRecord(Buffer.from(bankruptcy))).toBe(true);
    expect(looksLikeCourtRecord(Buffer.from('{"caseDetails": {"caseNumber": "23-1"}}'))).toBe(true);
    expect(
      looksLikeCourtRecord(
        Buffer.from('<html><body><p>Comments of Staff on the revenue requirement.</p></body></html>'),
      ),
    ).toBe(false);
  });
});
