import { CorpusLoadProgress } from '../../../src/catalog/corpus-load-progress';

describe('CorpusLoadProgress', () => {
  it('reports nothing before a load, then counts stored filings up to the total and when the last was stored', () => {
    const progress = new CorpusLoadProgress();
    expect(progress.snapshot()).toBeUndefined();
    const startedAt = new Date('2026-01-01T00:00:00Z');
    progress.begin(3, startedAt);
    progress.stored(1);
    expect(progress.snapshot()).toEqual({ total: 3, stored: 1, startedAt });
    progress.stored(5);
    const finishedAt = new Date('2026-01-01T00:01:00Z');
    progress.finish(finishedAt);
    expect(progress.snapshot()).toEqual({ total: 3, stored: 3, startedAt, finishedAt });
  });

  it('hands out copies: a snapshot does not move with later counts', () => {
    const progress = new CorpusLoadProgress();
    progress.begin(10);
    const before = progress.snapshot();
    progress.stored(4);
    expect(before?.stored).toBe(0);
  });
});
