import { corpusLoadView } from '../../src/catalog/corpus-load-view';

describe('corpus load view', () => {
  const startedAt = new Date('2026-01-01T00:00:00Z');
  const at = (seconds: number) => new Date(startedAt.getTime() + seconds * 1000);

  it('is null when no load ran', () => {
    expect(corpusLoadView(undefined, 0, at(10))).toBeNull();
  });

  it('reports stored and searchable counts with their rates, and the time left to the slower of the two', () => {
    // 100 s in: 8,000 stored (80/s, 150 s left), 5,000 indexed (50/s, 300 s left).
    expect(corpusLoadView({ total: 20_000, stored: 8_000, startedAt }, 5_000, at(100))).toEqual({
      total: 20_000,
      stored: 8_000,
      indexed: 5_000,
      storedPerSecond: 80,
      indexedPerSecond: 50,
      secondsLeft: 300,
    });
  });

  it('stays while the index catches up after all filings are stored, using the storing time for the rate', () => {
    const view = corpusLoadView({ total: 20_000, stored: 20_000, startedAt, finishedAt: at(200) }, 15_000, at(300));
    expect(view).toEqual({
      total: 20_000,
      stored: 20_000,
      indexed: 15_000,
      storedPerSecond: 100,
      indexedPerSecond: 50,
      secondsLeft: 100,
    });
  });

  it('is null once every filing is stored and the index holds as many (other documents in the index count too)', () => {
    expect(
      corpusLoadView({ total: 20_000, stored: 20_000, startedAt, finishedAt: at(200) }, 20_310, at(400)),
    ).toBeNull();
  });

  it('has no time left before the index has a rate, and no index figures when the query-engine did not answer', () => {
    expect(corpusLoadView({ total: 100, stored: 10, startedAt }, 0, at(5))?.secondsLeft).toBeNull();
    expect(corpusLoadView({ total: 100, stored: 10, startedAt }, undefined, at(5))).toMatchObject({
      indexed: null,
      indexedPerSecond: null,
      secondsLeft: null,
    });
    // Stored but not known to be searchable: the line stays.
    expect(corpusLoadView({ total: 100, stored: 100, startedAt, finishedAt: at(5) }, undefined, at(6))).not.toBeNull();
  });
});
