import { analyzeExtractive, type Analysis } from '../../../src/domain/analysis';
import {
  buildFigures,
  citedPassages,
  countResultSet,
  FiguresBuilder,
  filingsByMonth,
  numbersFromPassages,
  type ResultSetDocument,
} from '../../../src/domain/figures';
import { courtOpinion, fercNotice, rateCaseDecision, spanOf } from '../analysis/fixtures/filings';

const resultSet: ResultSetDocument[] = [
  {
    id: '1',
    sourceId: 'cpuc',
    sourceName: 'California Public Utilities Commission',
    filingCategory: 'Decision',
    docketNumber: 'A.21-06-021',
    parties: ['Pacific Gas and Electric Company', 'TURN'],
    filedAt: new Date('2023-11-20T17:00:00Z'),
  },
  {
    id: '2',
    sourceId: 'cpuc',
    sourceName: 'California Public Utilities Commission',
    filingCategory: 'Testimony',
    docketNumber: 'A.21-06-021',
    parties: ['Pacific Gas and Electric Company', 'Public Advocates Office'],
    filedAt: '2023-09-05T15:00:00Z',
  },
  {
    id: '3',
    sourceId: 'ferc',
    sourceName: 'Federal Energy Regulatory Commission',
    filingCategory: 'Notice',
    docketNumber: 'ER25-1234-000',
    parties: ['Pacific Gas & Electric Company', 'pacific gas and electric company'],
    filedAt: new Date('2024-01-10T15:00:00Z'),
  },
  {
    id: '4',
    sourceId: 'cadc',
    sourceName: 'U.S. Court of Appeals for the D.C. Circuit',
    filingCategory: 'Decision',
    docketNumber: '23-1185',
    parties: ['TURN'],
    filedAt: new Date('2023-11-02T15:00:00Z'),
  },
  {
    id: '5',
    sourceId: 'ferc',
    sourceName: 'Federal Energy Regulatory Commission',
    filingCategory: '',
    docketNumber: '',
    parties: [],
    filedAt: undefined,
  },
];

describe('countResultSet', () => {
  const figures = countResultSet(resultSet);

  it('counts filings per month over every month from the first filing to the last, undated ones left out', () => {
    expect(figures.resultCount).toBe(5);
    expect(figures.filingsByMonth).toEqual([
      { key: '2023-09', label: 'Sep 2023', count: 1 },
      { key: '2023-10', label: 'Oct 2023', count: 0 },
      { key: '2023-11', label: 'Nov 2023', count: 2 },
      { key: '2023-12', label: 'Dec 2023', count: 0 },
      { key: '2024-01', label: 'Jan 2024', count: 1 },
    ]);
  });

  it('counts by agency (labelled with the source name), filing type and docket, most first, ties by label', () => {
    expect(figures.byAgency).toEqual([
      { key: 'cpuc', label: 'California Public Utilities Commission', count: 2 },
      { key: 'ferc', label: 'Federal Energy Regulatory Commission', count: 2 },
      { key: 'cadc', label: 'U.S. Court of Appeals for the D.C. Circuit', count: 1 },
    ]);
    expect(figures.byFilingType).toEqual([
      { key: 'decision', label: 'Decision', count: 2 },
      { key: 'notice', label: 'Notice', count: 1 },
      { key: 'testimony', label: 'Testimony', count: 1 },
      { key: 'unclassified', label: 'Unclassified', count: 1 },
    ]);
    expect(figures.byDocket).toEqual([
      { key: 'A.21-06-021', label: 'A.21-06-021', count: 2 },
      { key: '23-1185', label: '23-1185', count: 1 },
      { key: 'ER25-1234-000', label: 'ER25-1234-000', count: 1 },
    ]);
  });

  it('counts a party once per document across spellings, labelled with its most frequent spelling', () => {
    expect(figures.byParty).toEqual([
      { key: 'pacific gas and electric company', label: 'Pacific Gas and Electric Company', count: 3 },
      { key: 'turn', label: 'TURN', count: 2 },
      { key: 'public advocates office', label: 'Public Advocates Office', count: 1 },
    ]);
  });

  it('keeps the busiest parties and dockets only, and gives the same order whatever the input order', () => {
    const limited = countResultSet(resultSet, { maxParties: 1, maxDockets: 1 });
    expect(limited.byParty.map((b) => b.key)).toEqual(['pacific gas and electric company']);
    expect(limited.byDocket.map((b) => b.key)).toEqual(['A.21-06-021']);
    expect(countResultSet([...resultSet].reverse())).toEqual(figures);
  });

  it('has no months for an empty or undated result set', () => {
    expect(filingsByMonth([])).toEqual([]);
    expect(countResultSet([{ id: 'x', sourceId: 's', filedAt: 'not a date' }]).filingsByMonth).toEqual([]);
  });
});

describe('numbers of the cited passages', () => {
  const documents = [rateCaseDecision, fercNotice, courtOpinion];
  const analysis = analyzeExtractive(
    'What rate increase did the commission approve for Pacific Gas and Electric?',
    documents.map((document, rank) => ({ document, score: 1 / (61 + rank) })),
  );

  it('reads amounts, percentages and dates from the passages the analysis cites, each linked to its passage', () => {
    const numbers = numbersFromPassages(citedPassages(analysis));
    const approved =
      'The Commission approves a revenue requirement increase of $1.1 billion for Pacific Gas ' +
      'and Electric Company for test year 2023, an increase of 8.1 percent over the 2022 ' +
      'authorized revenue requirement.';
    expect(numbers.slice(0, 2)).toEqual([
      {
        kind: 'amount',
        text: '$1.1 billion',
        value: 1_100_000_000,
        unit: 'USD',
        citation: expect.objectContaining({
          documentId: rateCaseDecision.id,
          ...spanOf(rateCaseDecision, approved),
          page: 2,
        }),
      },
      {
        kind: 'percentage',
        text: '8.1 percent',
        value: 8.1,
        unit: '%',
        citation: expect.objectContaining({ quote: approved }),
      },
    ]);
    expect(numbers).toContainEqual(
      expect.objectContaining({ kind: 'percentage', text: '50 basis points', value: 0.5, unit: 'percentage points' }),
    );
    expect(numbers).toContainEqual(
      expect.objectContaining({ kind: 'date', text: 'April 1, 2025', value: Date.UTC(2025, 3, 1), unit: 'day' }),
    );
    for (const number of numbers) expect(number.citation.quote).toContain(number.text);
  });

  it('lists a number once when two citations overlap', () => {
    const citation = analysis.sections[0]!.sentences[0]!.citations[0]!;
    const twice: Analysis = {
      ...analysis,
      sections: [{ heading: 'x', sentences: [{ text: 'a', citations: [citation, { ...citation }] }] }],
      keyFacts: [],
    };
    expect(numbersFromPassages(citedPassages(twice)).map((n) => n.text)).toEqual(['$1.1 billion', '8.1 percent']);
  });

  it('builds the whole figures of a question', () => {
    const figures = new FiguresBuilder().make(resultSet, analysis);
    expect(figures).toEqual(buildFigures(resultSet, analysis));
    expect(figures.resultCount).toBe(5);
    expect(figures.numbers.length).toBeGreaterThan(2);
  });
});
