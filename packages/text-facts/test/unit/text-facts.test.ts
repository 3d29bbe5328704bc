import { epochMsOf, extractDates, extractFacts, extractMoney, extractPercentages, isoDate } from '../../src';

describe('extractMoney', () => {
  it('reads amounts with multipliers, separators, words and cents', () => {
    const text =
      'The Commission approves $1.1 billion, not the $3,600,000,000 requested; ' +
      'a refund of 4.2 million dollars and a charge of 3.6 cents per kWh.';
    expect(extractMoney(text).map((m) => [m.text, m.value])).toEqual([
      ['$1.1 billion', 1_100_000_000],
      ['$3,600,000,000', 3_600_000_000],
      ['4.2 million dollars', 4_200_000],
      ['3.6 cents', 0.036],
    ]);
  });

  it('gives offsets that slice back to the text', () => {
    const text = 'Costs of $14.5–$16 million were shown.';
    const [range] = extractMoney(text);
    expect(range).toMatchObject({ text: '$14.5–$16 million', value: 14_500_000 });
    expect(text.slice(range!.start, range!.end)).toBe(range!.text);
  });
});

describe('extractPercentages', () => {
  it('reads signs, words, ranges, percentage points and basis points', () => {
    const found = extractPercentages(
      'An ROE of 10.25 percent (9.5–10.5%), ten percent lower, up 0.5 percentage points, an adder of 50 basis points.',
    );
    expect(found.map((p) => [p.text, p.value, p.points])).toEqual([
      ['10.25 percent', 10.25, false],
      ['9.5–10.5%', 9.5, false],
      ['0.5 percentage points', 0.5, true],
      ['50 basis points', 0.5, true],
      ['ten percent', 10, false],
    ]);
  });

  it('leaves basis points out when asked (the documents service counts percent signs and words only)', () => {
    const text = 'about 110 basis points above the 10.9% average, 25 to 50 basis points, 0.5 percentage points';
    expect(extractPercentages(text, { basisPoints: false }).map((p) => p.text)).toEqual([
      '10.9%',
      '0.5 percentage points',
    ]);
    expect(extractPercentages(text).map((p) => p.text)).toEqual([
      '110 basis points',
      '10.9%',
      '25 to 50 basis points',
      '0.5 percentage points',
    ]);
  });
});

describe('extractDates', () => {
  it('reads the written forms as ISO dates, a month alone as yyyy-mm', () => {
    const found = extractDates(
      'Filed Jan. 5, 2024; comments by 3 March 2025; ' +
        'the 16th day of November, 2023; 2025-04-01; 10/28/25; rates from July 2025.',
    );
    // "3 March 2025" is also read as the month "March 2025"; extractFacts keeps the longer reading.
    expect(found.map((d) => d.value).sort()).toEqual([
      '2023-11-16',
      '2024-01-05',
      '2025-03',
      '2025-03-03',
      '2025-04-01',
      '2025-07',
      '2025-10-28',
    ]);
    expect(extractFacts('comments by 3 March 2025').map((f) => f.value)).toEqual(['2025-03-03']);
  });

  it('rejects dates that do not exist and dates inside docket numbers', () => {
    expect(extractDates('February 30, 2024')).toEqual([]);
    expect(extractDates('Docket No. ER2024-01-15-000')).toEqual([]);
    expect(isoDate('2024', '13', '1')).toBeUndefined();
  });

  it('turns an ISO date or month into epoch milliseconds at UTC midnight', () => {
    expect(epochMsOf('2025-03-03')).toBe(Date.UTC(2025, 2, 3));
    expect(epochMsOf('2025-07')).toBe(Date.UTC(2025, 6, 1));
  });
});

describe('extractFacts', () => {
  it('keeps one fact per span, longest first, in text order', () => {
    const text = 'On March 3, 2025 the rate rose 4.6% to $2,315,000,000 (see Jan. 2025).';
    expect(extractFacts(text).map((f) => [f.kind, f.text])).toEqual([
      ['date', 'March 3, 2025'],
      ['percentage', '4.6%'],
      ['money', '$2,315,000,000'],
      ['date', 'Jan. 2025'],
    ]);
  });
});
