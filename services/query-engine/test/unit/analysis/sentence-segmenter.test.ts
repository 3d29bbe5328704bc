import { segmentSentences } from '../../../src/domain/analysis';

function sentencesOf(text: string, from?: number, to?: number): string[] {
  return segmentSentences(text, from, to).map((span) => text.slice(span.start, span.end));
}

describe('segmentSentences', () => {
  it('does not end sentences at legal abbreviations, citations, initials or docket numbers', () => {
    const text =
      'The Commission approved Docket No. 23-E-0456. PG&E Co. filed on Jan. 5, 2024 under 16 U.S.C. Sec. 824d. ' +
      'See Smith v. Jones, 516 U.S. 1 (1996); see also Cal. Pub. Utils. Code § 451. ' +
      'Administrative Law Judge Luis H. Bennett presided. ' +
      'The schedule is in Appendix A. Comments are due March 3, 2025.';
    expect(sentencesOf(text)).toEqual([
      'The Commission approved Docket No. 23-E-0456.',
      'PG&E Co. filed on Jan. 5, 2024 under 16 U.S.C. Sec. 824d.',
      'See Smith v. Jones, 516 U.S. 1 (1996); see also Cal. Pub. Utils. Code § 451.',
      'Administrative Law Judge Luis H. Bennett presided.',
      'The schedule is in Appendix A.',
      'Comments are due March 3, 2025.',
    ]);
  });

  it('joins hard-wrapped lines of extracted text but keeps headings and list items apart', () => {
    const text = [
      'II. DISCUSSION',
      '',
      'The utility filed its application under',
      'Docket No.',
      '22-0456 and asked for an increase of',
      '$45.2 million. Staff opposed it.',
      'Summary',
      'The Commission denies the motion.',
      '(a) the first condition applies.',
    ].join('\n');
    expect(sentencesOf(text)).toEqual([
      'II.',
      'DISCUSSION',
      'The utility filed its application under\nDocket No.\n22-0456 and asked for an increase of\n$45.2 million.',
      'Staff opposed it.',
      'Summary',
      'The Commission denies the motion.',
      '(a) the first condition applies.',
    ]);
  });

  it('returns exact, trimmed offsets within the window asked for', () => {
    const text = '  First sentence here.   Second one, also here.\n\n  Third sentence on its own.  ';
    const spans = segmentSentences(text, 0, text.length);
    for (const span of spans) expect(text.slice(span.start, span.end)).toBe(text.slice(span.start, span.end).trim());
    expect(sentencesOf(text)).toEqual(['First sentence here.', 'Second one, also here.', 'Third sentence on its own.']);
    expect(sentencesOf(text, 24, 48)).toEqual(['Second one, also here.']);
    // A window ending inside a sentence leaves that sentence out rather than quoting half of it.
    expect(sentencesOf(text, 0, 40)).toEqual(['First sentence here.']);
    expect(sentencesOf(text, 0, 36)).toEqual(['First sentence here.']);
    expect(sentencesOf(text, 0, 47)).toEqual(['First sentence here.', 'Second one, also here.']);
  });

  it('splits a long paragraph without losing or overlapping text', () => {
    const sentence =
      'Kroger Co. urges the Commission to reject the proposal, which would shift $82.9 million in ' +
      'costs to residential customers. ';
    const text = sentence.repeat(200); // ~25 KB in one paragraph: segmented in pieces
    const spans = segmentSentences(text);
    expect(spans).toHaveLength(200);
    spans.forEach((span, i) => {
      expect(text.slice(span.start, span.end)).toBe(sentence.trim());
      if (i > 0) expect(span.start).toBeGreaterThan(spans[i - 1]!.end);
    });
  });
});
