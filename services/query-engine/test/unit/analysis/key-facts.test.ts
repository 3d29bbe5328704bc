import { extractKeyFacts, isDeadline, rankSentences } from '../../../src/domain/analysis';
import { contextLabel, subjectLabel } from '../../../src/domain/analysis/key-facts';
import { fercNotice, rateCaseDecision, spanOf } from './fixtures/filings';

describe('isDeadline', () => {
  const at = (sentence: string, date: string): [string, number, number] => [
    sentence,
    sentence.indexOf(date),
    sentence.indexOf(date) + date.length,
  ];

  it.each([
    ['Comments are due on or before 5:00 pm Eastern Time on March 3, 2025.', 'March 3, 2025', true],
    ['Interventions must be filed no later than April 4, 2025.', 'April 4, 2025', true],
    ['The tariff sheets are effective January 1, 2026.', 'January 1, 2026', true],
    ['Responses must be served by March 10, 2025.', 'March 10, 2025', true],
    ['March 15, 2025 is the deadline for reply briefs.', 'March 15, 2025', true],
    ['PG&E filed its application on June 30, 2021.', 'June 30, 2021', false],
    ['The notice was issued by the Secretary on February 10, 2025.', 'February 10, 2025', false],
  ])('%s', (sentence, date, expected) => {
    expect(isDeadline(...at(sentence, date))).toBe(expected);
  });
});

describe('extractKeyFacts', () => {
  it('cites each fact at the sentence it was read from and lists a value once', () => {
    const ranking = rankSentences('comment deadline', [{ document: fercNotice, score: 1 }]);
    const sentence = 'Comments are due on or before 5:00 pm Eastern Time on March 3, 2025.';
    const source = { document: fercNotice, ...spanOf(fercNotice, sentence) };
    const facts = extractKeyFacts([source, source], ranking.documents);
    expect(facts.filter((f) => f.kind === 'deadline')).toEqual([
      {
        kind: 'deadline',
        text: 'March 3, 2025',
        normalized: '2025-03-03',
        citation: expect.objectContaining({ quote: sentence, page: 1, documentId: fercNotice.id }),
        slot: '',
        label: 'Comments',
        subject: fercNotice.filers?.[0] ?? '',
        status: '',
        filingCategory: fercNotice.filingCategory ?? '',
        filedAt: expect.any(String),
      },
    ]);
  });

  it("names the best document's parties and filers at first mention, others' only where a source sentence does", () => {
    const ranking = rankSentences('revenue requirement', [
      { document: rateCaseDecision, score: 1 },
      { document: fercNotice, score: 0.5 },
    ]);
    const facts = extractKeyFacts([], ranking.documents).filter((f) => f.kind === 'party');
    expect(facts.map((f) => f.normalized)).toEqual([
      // The commission that issued the decision is its author, not a party.
      'Pacific Gas and Electric Company',
      'The Utility Reform Network',
      'Public Advocates Office',
      'Small Business Utility Advocates',
    ]);
    const turn = facts.find((f) => f.normalized === 'The Utility Reform Network')!;
    expect(turn.citation.quote).toContain('The Utility Reform Network (TURN) opposed');
    expect(turn.citation.page).toBe(1);
    // The FERC notice's filer is named only in the notice, which no source sentence here comes from.
    expect(facts.map((f) => f.normalized)).not.toContain('Federal Energy Regulatory Commission');
  });
});

describe('key fact labels', () => {
  it.each([
    ['The Company requests a revenue requirement of $1.2 million.', '$1.2 million', 'Revenue requirement'],
    ['Staff recommends an increase of $9.8 million.', '$9.8 million', 'Increase'],
    ['The proposal would raise the average residential bill by $4.10 per month.', '$4.10', 'Average residential bill'],
    ['We adopt a return on equity of 9.85%.', '9.85%', 'Return on equity'],
    ['$5 million was spent.', '$5 million', ''],
    ['My adjustments remove $34,857 of costs.', '$34,857', ''],
    ['The proposal would shift $148,000 in costs to residential customers.', '$148,000', ''],
  ])('%s', (sentence, value, label) => {
    expect(contextLabel(sentence, sentence.indexOf(value))).toBe(label);
  });

  it.each([
    ['Comments are due on or before 5:00 pm Eastern Time on March 3, 2025.', 'Comments'],
    ['The evidentiary hearing will be held on May 6, 2024.', 'Evidentiary hearing'],
    ['On May 6, 2024, the parties met.', ''],
  ])('%s', (sentence, label) => {
    expect(subjectLabel(sentence)).toBe(label);
  });
});
