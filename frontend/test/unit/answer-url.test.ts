import { answerHref, answerIdIsMalformed, answerIdOf } from '../../components/query/answer-url';

describe('an answer’s address', () => {
  it('is the workspace’s question page naming the answer', () => {
    expect(answerHref('w 1', 'q/1')).toBe('/workspaces/w%201/query?answer=q%2F1');
  });

  it('reads the first ?answer= value, trimmed, and ignores an absurd one', () => {
    expect(answerIdOf(' q1 ')).toBe('q1');
    expect(answerIdOf(['q1', 'q2'])).toBe('q1');
    expect(answerIdOf(undefined)).toBe('');
    expect(answerIdOf('x'.repeat(201))).toBe('');
    expect(answerIdOf('q\u00001')).toBe('');
  });

  it('calls a value no answer can have malformed (not found at once, unasked), but not an absent or empty one', () => {
    expect(answerIdIsMalformed('x'.repeat(201))).toBe(true);
    expect(answerIdIsMalformed('q\u00071')).toBe(true);
    expect(answerIdIsMalformed('65f0c0ffee0000000000dead')).toBe(false);
    expect(answerIdIsMalformed('not an id')).toBe(false); // the BFF says whether it names one
    expect(answerIdIsMalformed('  ')).toBe(false);
    expect(answerIdIsMalformed(null)).toBe(false);
  });
});
