import { parseCitedRange, splitAtCitedRange } from '../../lib/cited-range';

describe('cited ranges', () => {
  it('reads start-end and refuses anything else', () => {
    expect(parseCitedRange('120-180')).toEqual({ start: 120, end: 180 });
    expect(parseCitedRange('180-120')).toBeUndefined();
    expect(parseCitedRange('5-5')).toBeUndefined();
    expect(parseCitedRange('a-b')).toBeUndefined();
    expect(parseCitedRange('')).toBeUndefined();
  });

  it('cuts a block at the part of the range that falls inside it', () => {
    const text = 'The Commission approves $1.1 billion. Comments are due.';
    expect(splitAtCitedRange(text, 100, { start: 100, end: 137 })).toEqual({
      before: '',
      cited: 'The Commission approves $1.1 billion.',
      after: ' Comments are due.',
    });
    // A range that starts on an earlier page is cut at this block's start.
    expect(splitAtCitedRange(text, 100, { start: 50, end: 114 }).cited).toBe('The Commission');
    expect(splitAtCitedRange(text, 100, { start: 400, end: 420 })).toEqual({ before: text, cited: '', after: '' });
    expect(splitAtCitedRange(text, 100, undefined)).toEqual({ before: text, cited: '', after: '' });
  });
});
