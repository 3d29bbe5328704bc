import {
  DEFAULT_DOCKET_PATTERNS,
  extractEntities,
  type EntityKind,
  type EntityMention,
} from '../../../src/domain/entities';

const extract = (text: string) => extractEntities(text, { docketPatterns: DEFAULT_DOCKET_PATTERNS });
const of = (mentions: EntityMention[], kind: EntityKind) => mentions.filter((m) => m.kind === kind).map((m) => m.text);

describe('extractEntities', () => {
  it('gives offsets into the input for every mention', () => {
    const text = 'On July 1, 2025, Acme Power & Light Co. asked FERC in Docket No. ER24-1234-000 for $4.2 million.';
    const mentions = extract(text);
    expect(mentions.length).toBeGreaterThanOrEqual(5);
    for (const mention of mentions) expect(text.slice(mention.start, mention.end)).toBe(mention.text);
  });

  describe('organisations', () => {
    it('finds legal forms and utility-style names, with "and", "&" and "of" inside', () => {
      const text =
        'Pacific Gas and Electric Company, Northern Natural Gas Co. and Ridgeline Energy Marketing, LLC ' +
        'filed jointly with Granite State Power & Light Co., Bank of the West Corp., ' +
        'Tidewater Interstate Pipeline, LP and Atlantic Shore Energy. ' +
        'Basin Electric Power Cooperative and Midland Municipal Power Authority did not.';
      expect(of(extract(text), 'organisation')).toEqual([
        'Pacific Gas and Electric Company',
        'Northern Natural Gas Co.',
        'Ridgeline Energy Marketing, LLC',
        'Granite State Power & Light Co.',
        'Bank of the West Corp.',
        'Tidewater Interstate Pipeline, LP',
        'Atlantic Shore Energy',
        'Basin Electric Power Cooperative',
        'Midland Municipal Power Authority',
      ]);
    });

    it('does not take lowercase "company", titles of acts or analyses, or a leading "The"', () => {
      const text =
        'The company filed its Market Power Analysis under the Federal Power Act. The Evergreen Group, Inc. objected.';
      expect(of(extract(text), 'organisation')).toEqual(['Evergreen Group, Inc.']);
    });

    it('keeps the period of "Co." at a sentence end and leaves it after "Company"', () => {
      expect(of(extract('The transfer to Blue Oak Utilities Co. The buyer'), 'organisation')).toEqual([
        'Blue Oak Utilities Co.',
      ]);
      expect(of(extract('It was filed by Saguaro Water Company.'), 'organisation')).toEqual(['Saguaro Water Company']);
    });

    it('splits "X Corp. and Y Power" into two names and handles headings in capitals', () => {
      expect(of(extract('Both Bayou Energy Holdings Corp. and Gulf Coast Power agree.'), 'organisation')).toEqual([
        'Bayou Energy Holdings Corp.',
        'Gulf Coast Power',
      ]);
      expect(of(extract('TESTIMONY ON BEHALF OF CASCADIA GAS AND ELECTRIC COMPANY'), 'organisation')).toEqual([
        'CASCADIA GAS AND ELECTRIC COMPANY',
      ]);
    });

    it('learns an abbreviation defined in parentheses and finds it again with the same canonical key', () => {
      const mentions = extract('Cascadia Gas and Electric Company (CG&E) filed. CG&E also asked for more.');
      const orgs = mentions.filter((m) => m.kind === 'organisation');
      expect(orgs.map((m) => m.text)).toEqual(['Cascadia Gas and Electric Company', 'CG&E', 'CG&E']);
      expect(new Set(orgs.map((m) => m.canonical)).size).toBe(1);
    });
  });

  describe('agencies', () => {
    it('finds federal agencies, state commissions and courts, and maps abbreviations to the full name', () => {
      const text =
        'The Federal Energy Regulatory Commission (FERC), the CPUC, the Public Service Commission of Maryland, ' +
        'the Arizona Corporation Commission, the EPA and the U.S. Court of Appeals for the D.C. Circuit; ' +
        'see United States District Court for the Northern District of California.';
      const agencies = extract(text).filter((m) => m.kind === 'agency');
      expect(agencies.map((m) => m.text)).toEqual([
        'Federal Energy Regulatory Commission',
        'FERC',
        'CPUC',
        'Public Service Commission of Maryland',
        'Arizona Corporation Commission',
        'EPA',
        'U.S. Court of Appeals for the D.C. Circuit',
        'United States District Court for the Northern District of California',
      ]);
      expect(agencies[1]?.canonical).toBe(agencies[0]?.canonical);
      expect(agencies[2]?.canonical).toBe('california public utilities commission');
    });

    it('finds full names in capitals, "UNITED STATES" included, with the key of the same name in mixed case', () => {
      const agencies = extract(
        'BEFORE THE FEDERAL ENERGY REGULATORY COMMISSION\n\nUNITED STATES ENVIRONMENTAL PROTECTION AGENCY\n\n' +
          'The Federal Energy Regulatory Commission agreed with the U.S. Environmental Protection Agency.',
      ).filter((m) => m.kind === 'agency');
      expect(agencies.map((m) => [m.text, m.canonical])).toEqual([
        ['FEDERAL ENERGY REGULATORY COMMISSION', 'federal energy regulatory commission'],
        ['UNITED STATES ENVIRONMENTAL PROTECTION AGENCY', 'environmental protection agency'],
        ['Federal Energy Regulatory Commission', 'federal energy regulatory commission'],
        ['U.S. Environmental Protection Agency', 'environmental protection agency'],
      ]);
    });

    it('does not also report an agency as an organisation or a place', () => {
      const mentions = extract(
        'The North American Electric Reliability Corporation and the California Public Utilities Commission met.',
      );
      expect(mentions.map((m) => [m.kind, m.text])).toEqual([
        ['agency', 'North American Electric Reliability Corporation'],
        ['agency', 'California Public Utilities Commission'],
      ]);
    });
  });

  describe('people', () => {
    it('finds people by panels, sign-offs, co-sponsors and testimony headings, each by the words it needs', () => {
      const people = (text: string) => [...new Set(of(extract(text), 'person'))];
      expect(
        people('Before: MORALES, HARTWELL and OKONJO, Circuit Judges.\n\nBramwell, Circuit Judge: We affirm.'),
      ).toEqual(['MORALES', 'HARTWELL', 'OKONJO', 'Bramwell']);
      expect(
        people(
          'Rebecca Liang and Omar Haddad co-sponsor this testimony. ' +
            'DIRECT TESTIMONY OF ELAINE M. FORSYTHE follows. Please help us. -- Gloria Hendricks',
        ),
      ).toEqual(['Rebecca Liang', 'Omar Haddad', 'ELAINE M. FORSYTHE', 'Gloria Hendricks']);
      expect(
        people(
          'Signed, Karen Olson, Peter Mueller, and 212 others.\nCommissioners Ashby and Delgado dissented. ' +
            'The company is represented by Tomas Ruiz.',
        ),
      ).toEqual(['Karen Olson', 'Peter Mueller', 'Ashby', 'Delgado', 'Tomas Ruiz']);
    });

    it('finds names after titles and honorifics, without the title', () => {
      const text =
        'Commissioner Jane Doe dissents. Administrative Law Judge Karen Liu presided; ' +
        'Mr. Kessler and Dr. Samuel Okafor testified.';
      expect(of(extract(text), 'person')).toEqual(['Jane Doe', 'Karen Liu', 'Kessler', 'Samuel Okafor']);
    });

    it('finds names near roles, in signatures and with middle initials', () => {
      const text =
        'The testimony of David M. Kessler responds to Laura Chen, Vice President of Regulatory Affairs. ' +
        "Counsel for petitioner, Andrew J. Whitaker, argued. James O'Neill Jr., " +
        'an independent consultant, agreed. /s/ Jennifer L. Ames';
      expect(of(extract(text), 'person')).toEqual([
        'David M. Kessler',
        'Laura Chen',
        'Andrew J. Whitaker',
        "James O'Neill Jr.",
        'Jennifer L. Ames',
      ]);
    });

    it('finds a name introduced once wherever else it appears', () => {
      expect(of(extract('Witness Maria Delgado disagrees. Later, Maria Delgado conceded.'), 'person')).toEqual([
        'Maria Delgado',
        'Maria Delgado',
      ]);
    });
  });

  describe('captions and signature blocks', () => {
    it('reads captions in capitals and names on their own line above a title', () => {
      const text =
        'BEFORE THE COLORADO PUBLIC UTILITIES COMMISSION\n\nSo ordered.\n\n' +
        'GRACE PATEL\nCommissioner\nAisha R. Washington\nChairman\n';
      expect(extract(text).map((m) => [m.kind, m.text])).toEqual([
        ['agency', 'COLORADO PUBLIC UTILITIES COMMISSION'],
        ['person', 'GRACE PATEL'],
        ['person', 'Aisha R. Washington'],
      ]);
    });

    it('finds administrations, courts and commissions in capitals and not, by the words they need', () => {
      const text =
        'BEFORE THE WESTERN AREA POWER ADMINISTRATION\n\n' +
        'IN THE U.S. DISTRICT COURT FOR THE NORTHERN DISTRICT OF TEXAS\n\n' +
        'OHIO POWER SITING BOARD\n\n' +
        'The Southwestern Power Administration replied to the Public Service Commission of Maryland.';
      expect(of(extract(text), 'agency')).toEqual([
        'WESTERN AREA POWER ADMINISTRATION',
        'U.S. DISTRICT COURT FOR THE NORTHERN DISTRICT OF TEXAS',
        'OHIO POWER SITING BOARD',
        'Southwestern Power Administration',
        'Public Service Commission of Maryland',
      ]);
      // Without the word a pattern needs, nothing: not in lower case, not across a line of other words.
      expect(
        of(extract('Western Area Power administration and the western area power administration met.'), 'agency'),
      ).toEqual([]);
    });

    it('does not join a person and a company on consecutive lines, or an agency and a party across "and"', () => {
      const text =
        'By: /s/ Hannah Alvarez\nLone Star Electric Company\n' +
        'Staff of the Georgia Public Service Commission and Sierra Club agree.';
      expect(extract(text).map((m) => [m.kind, m.text])).toEqual([
        ['person', 'Hannah Alvarez'],
        ['organisation', 'Lone Star Electric Company'],
        ['agency', 'Georgia Public Service Commission'],
        ['organisation', 'Sierra Club'],
      ]);
    });
  });

  describe('dockets', () => {
    it('uses each source pattern and reports the source id as the value', () => {
      const mentions = extract(
        'Docket Nos. ER24-1234-000 and RP23-567-001; A.24-01-012; ' +
          'R.22-07-005; 1:23-cv-04567; Nos. 22-1234 and 22-1240.',
      );
      expect(mentions.filter((m) => m.kind === 'docket').map((m) => [m.text, m.value])).toEqual([
        ['ER24-1234-000', 'ferc'],
        ['RP23-567-001', 'ferc'],
        ['A.24-01-012', 'cpuc'],
        ['R.22-07-005', 'cpuc'],
        ['1:23-cv-04567', 'us-district-courts'],
        ['22-1234', 'us-courts-of-appeals'],
        ['22-1240', 'us-courts-of-appeals'],
      ]);
    });

    it('accepts string patterns and a named group `number` for the span', () => {
      const mentions = extractEntities('See Case No. 2025-00123 and case no. 2024-00007.', {
        docketPatterns: [{ sourceId: 'kypsc', pattern: '(?:Case No\\.\\s)(?<number>\\d{4}-\\d{5})' }],
      });
      expect(mentions.filter((m) => m.kind === 'docket').map((m) => m.text)).toEqual(['2025-00123']);
    });

    it('unanchors whole-number patterns and needs a docket cue before digit-only shapes', () => {
      const docketPatterns = [
        { sourceId: 'tx-puct', pattern: '^\\d{5}$' },
        { sourceId: 'mi-psc', pattern: '^U-\\d{5}$' },
      ];
      const text =
        'Docket No. 55999 and Case Nos. 55998, 55997 and 55996; ' +
        'mail to Washington, DC 20005 or see U-21567 and 123456.';
      const dockets = extractEntities(text, { docketPatterns }).filter((m) => m.kind === 'docket');
      expect(dockets.map((m) => [m.text, m.value])).toEqual([
        ['55999', 'tx-puct'],
        ['55998', 'tx-puct'],
        ['55997', 'tx-puct'],
        ['55996', 'tx-puct'],
        ['U-21567', 'mi-psc'],
      ]);
    });

    it('does not report a date inside a docket number', () => {
      const mentions = extractEntities('Filed in Project No. 2025-07-01-A on July 2, 2025.', {
        docketPatterns: [{ sourceId: 'x', pattern: /\b\d{4}-\d{2}-\d{2}-[A-Z]\b/ }],
      });
      expect(mentions.map((m) => [m.kind, m.text])).toEqual([
        ['docket', '2025-07-01-A'],
        ['date', 'July 2, 2025'],
      ]);
      expect(of(extract('Docket ID No. EPA-HQ-OAR-2021-0317'), 'date')).toEqual([]);
    });
  });

  describe('money', () => {
    it.each([
      ['$4.2 million', 4_200_000],
      ['$1,234,567.89', 1_234_567.89],
      ['USD 3 billion', 3_000_000_000],
      ['4.2 million dollars', 4_200_000],
      ['$0.0042', 0.0042],
      ['3.6 cents', 0.036],
    ])('reads %s as %d', (surface, value) => {
      const mentions = extract(`The amount is ${surface} per year.`);
      expect(mentions.map((m) => [m.kind, m.text, m.value])).toEqual([['money', surface, value]]);
    });

    it('keeps a range sharing one multiplier together and splits ranges with two', () => {
      expect(extract('between $1.8 and $2.6 billion').map((m) => [m.text, m.value])).toEqual([
        ['$1.8 and $2.6 billion', 1_800_000_000],
      ]);
      expect(extract('a $14.5–$16 million cut').map((m) => [m.text, m.value])).toEqual([
        ['$14.5–$16 million', 14_500_000],
      ]);
      expect(of(extract('$4 million to $6 million'), 'money')).toEqual(['$4 million', '$6 million']);
      expect(of(extract('from $10.00 to $15.50 per month'), 'money')).toEqual(['$10.00', '$15.50']);
    });
  });

  describe('percentages', () => {
    it.each([
      ['3.1%', 3.1],
      ['3.1 percent', 3.1],
      ['ten percent', 10],
      ['forty-five percent', 45],
      ['7-percent', 7],
      ['8.9 per cent', 8.9],
      ['3 and 4 percent', 3],
    ])('reads %s as %d', (surface, value) => {
      expect(extract(`a return of ${surface} here`).map((m) => [m.kind, m.text, m.value])).toEqual([
        ['percentage', surface, value],
      ]);
    });

    it('does not join a year to a percentage', () => {
      expect(of(extract('in 2022 and 45 percent'), 'percentage')).toEqual(['45 percent']);
    });
  });

  describe('dates', () => {
    it.each([
      ['July 1, 2025', '2025-07-01'],
      ['1 July 2025', '2025-07-01'],
      ['2025-07-01', '2025-07-01'],
      ['07/01/2025', '2025-07-01'],
      ['Jul. 1, 2025', '2025-07-01'],
      ['Sept. 27, 2024', '2024-09-27'],
      ['3rd day of June, 2025', '2025-06-03'],
      ['October 2024', '2024-10'],
    ])('reads %s as %s', (surface, value) => {
      expect(extract(`It was on ${surface} that it happened.`).map((m) => [m.kind, m.text, m.value])).toEqual([
        ['date', surface, value],
      ]);
    });

    it('rejects impossible dates and bare years', () => {
      expect(of(extract('On February 30, 2025 and in 2025 and 13/45/2025.'), 'date')).toEqual([]);
    });
  });

  describe('places', () => {
    it('finds states, counties, listed cities and towns named with their state', () => {
      const text =
        'Customers in Lancaster County, Pennsylvania, near Ames, Iowa, and in Sacramento. A Colorado company.';
      expect(of(extract(text), 'place')).toEqual([
        'Lancaster County',
        'Pennsylvania',
        'Ames',
        'Iowa',
        'Sacramento',
        'Colorado',
      ]);
    });
  });

  describe('long and hostile input', () => {
    it('returns on 100,000 capitalised words (no catastrophic backtracking)', () => {
      const words = ['Alpha', 'Beta', 'Gamma', 'Power', 'Cascadia', 'Gas', 'and', 'Electric', 'Mr.', 'Q.'];
      const text = Array.from({ length: 100_000 }, (_, i) => words[i % words.length]).join(' ');
      expect(Array.isArray(extract(text))).toBe(true);
    });

    it('extracts from a 1 MB filing', () => {
      const paragraph =
        'On March 14, 2025, Cascadia Gas and Electric Company filed in Docket No. ER25-1187-000 ' +
        'for $42.7 million, or 11.3%. ' +
        'Commissioner Helen Ashby dissented; the California Public Utilities Commission agreed. ';
      const text = paragraph.repeat(Math.ceil(1_000_000 / paragraph.length));
      const mentions = extract(text);
      // date, organisation, docket, money, percentage, person, agency in every paragraph.
      expect(mentions.length).toBe(7 * Math.ceil(1_000_000 / paragraph.length));
    });
  });
});
