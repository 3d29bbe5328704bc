import type { Database as Db } from 'better-sqlite3';
import { IdleCacheRelease } from '../../src/index/idle-cache-release';

/** A connection that records its pragmas. */
function fakeConnection(): { db: Db; pragmas: string[] } {
  const pragmas: string[] = [];
  const db = { open: true, pragma: (source: string) => void pragmas.push(source) } as unknown as Db;
  return { db, pragmas };
}

describe('IdleCacheRelease', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('gives the cache back once the connection has gone unused for the idle time, not before', () => {
    const { db, pragmas } = fakeConnection();
    const release = new IdleCacheRelease(() => db, 1_000);
    release.used();
    jest.advanceTimersByTime(600);
    release.used(); // still in use: the wait starts again
    jest.advanceTimersByTime(600);
    expect(pragmas).toEqual([]);
    jest.advanceTimersByTime(400);
    expect(pragmas).toEqual(['shrink_memory']);
    jest.advanceTimersByTime(10_000);
    expect(pragmas).toEqual(['shrink_memory']); // once per quiet spell
    release.used();
    jest.advanceTimersByTime(1_000);
    expect(pragmas).toEqual(['shrink_memory', 'shrink_memory']);
  });

  it('leaves a closed or replaced connection alone, and stops', () => {
    const { db, pragmas } = fakeConnection();
    let current: Db | undefined = db;
    const release = new IdleCacheRelease(() => current, 1_000);
    release.used();
    current = undefined;
    jest.advanceTimersByTime(1_000);
    release.used();
    release.stop();
    current = db;
    jest.advanceTimersByTime(5_000);
    expect(pragmas).toEqual([]);
  });
});
