import { plural } from '../../components/workspaces/workspace-format';
import { formatBytes, formatCount, formatDuration, formatPercent } from '../../lib/format';

describe('formatting', () => {
  it('says "20,000+" when a count is a lower bound (the index stopped counting)', () => {
    expect(formatCount(20_000, true)).toBe('20,000+');
    expect(formatCount(1234, false)).toBe('1,234');
    expect(plural(1, 'hit', 'hits', true)).toBe('1+ hits');
    expect(plural(20_000, 'hit', 'hits', true)).toBe('20,000+ hits');
    expect(plural(1, 'hit')).toBe('1 hit');
  });

  it('formats durations with the two largest units', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(3 * 3600 + 20 * 60 + 5)).toBe('3 h 20 min');
    expect(formatDuration(2 * 86_400 + 30)).toBe('2 d');
    expect(formatDuration(90_000)).toBe('1 d 1 h');
    expect(formatDuration(-1)).toBe('—');
  });

  it('formats sizes and ratios', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatPercent(0.05)).toBe('5.0%');
    expect(formatPercent(0.0004)).toBe('<0.1%');
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatPercent(0)).toBe('0%');
  });
});
