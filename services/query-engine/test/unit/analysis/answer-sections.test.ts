import { groupIntoSections, sectionOf, type AnalysisSentence } from '../../../src/domain/analysis';

describe('sectionOf', () => {
  it.each([
    ['TURN argues that the forecast of vegetation management expense is overstated by $412 million.', 'positions'],
    ['Cal Advocates recommends a return on equity of 9.25 percent.', 'positions'],
    ['The Commission agrees with Staff that the costs were prudently incurred.', 'findings'],
    ['Kroger Co. urges the Commission to approve the settlement without modification.', 'positions'],
    ['We therefore hold that the orders were arbitrary and capricious.', 'findings'],
    ['Comments are due on or before 5:00 pm Eastern Time on March 3, 2025.', 'dates'],
    ['Any rates resulting from this decision shall take effect no later than March 1, 2024.', 'dates'],
    ['The Commission approves an increase of $1.1 billion, effective January 1, 2023.', 'findings'],
    ['The Commission finds that a return on equity of 10.0 percent is just and reasonable.', 'findings'],
    ['Accordingly, we grant the petition for review, vacate the orders, and remand to the Commission.', 'procedure'],
    ['The motion of the Small Business Utility Advocates for party status is granted.', 'procedure'],
    ['Evidentiary hearings were held from September 12 to October 7, 2022.', 'procedure'],
    ['The utility serves 5.5 million customers in northern and central California.', 'findings'],
  ])('%s → %s', (text, key) => {
    expect(sectionOf(text)).toBe(key);
  });
});

describe('groupIntoSections', () => {
  const sentence = (text: string): AnalysisSentence => ({
    text,
    citations: [{ documentId: 'd', start: 0, end: 1, page: 1, quote: 'x', documentTitle: 't' }],
  });

  it('orders sections by their best sentence, keeps sentence order within a section, and leaves out empty ones', () => {
    const sections = groupIntoSections([
      sentence('Comments are due on or before March 3, 2025.'),
      sentence('The Commission finds that the rates are just and reasonable.'),
      sentence('Reply comments are due no later than March 17, 2025.'),
    ]);
    expect(sections.map((s) => [s.heading, s.sentences.map((x) => x.text.slice(0, 14))])).toEqual([
      ['Dates and deadlines', ['Comments are d', 'Reply comments']],
      ['Key findings', ['The Commission']],
    ]);
  });
});
