import { citationOf, displayText, pageAt } from '../../../src/domain/analysis';
import { joinPages, rateCaseDecision, spanOf } from './fixtures/filings';

describe('pageAt', () => {
  const { pages } = joinPages(['first page', 'second page', 'third page']);

  it('finds the page holding an offset, the separator belonging to the page before', () => {
    expect(pages.map((p) => [p.start, p.end])).toEqual([
      [0, 10],
      [12, 23],
      [25, 35],
    ]);
    expect(pageAt(pages, 0)).toBe(1);
    expect(pageAt(pages, 9)).toBe(1);
    expect(pageAt(pages, 10)).toBe(1);
    expect(pageAt(pages, 12)).toBe(2);
    expect(pageAt(pages, 24)).toBe(2);
    expect(pageAt(pages, 25)).toBe(3);
    expect(pageAt(pages, 1000)).toBe(3);
  });

  it('calls a document without page spans one page', () => {
    expect(pageAt([], 500)).toBe(1);
    expect(pageAt(undefined, 0)).toBe(1);
  });
});

describe('citationOf', () => {
  it('quotes exactly the cited slice, with the page and the document title', () => {
    const quote = 'We adopt an undergrounding target of 973 miles and associated capital expenditures of $2.4 billion.';
    const { start, end } = spanOf(rateCaseDecision, quote);
    expect(citationOf(rateCaseDecision, start, end)).toEqual({
      documentId: rateCaseDecision.id,
      start,
      end,
      page: 3,
      quote,
      documentTitle: rateCaseDecision.title,
    });
  });

  it('refuses offsets outside the text', () => {
    expect(() => citationOf(rateCaseDecision, 10, 5)).toThrow(/outside document doc-cpuc-d2311069/);
    expect(() => citationOf(rateCaseDecision, 0, rateCaseDecision.text.length + 1)).toThrow(RangeError);
  });

  it('shows a wrapped quote as one line', () => {
    expect(displayText('an increase of\n  $45.2 million.')).toBe('an increase of $45.2 million.');
  });
});
