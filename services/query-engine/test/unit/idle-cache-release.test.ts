import type { Database as Db } from 'better-sqlite3';
import { IdleCacheRelease } from '../../src/search/index/sqlite/idle-cache-release';

/** A connection that records its pragmas. */
function fakeConnection(): { db: Db; pragmas: string[] } {
  const pragmas: string[] = [];
  const db = { open: true, pragma: (source: string) => void pragmas.push(source) } as unknown as Db;
  return { db, pragmas };
}

/** The release's steps in order: the pragma, then the heap's give-back. */
function recorded(): { db: Db; steps: string[]; giveBack: () => void } {
  const { db, pragmas: steps } = fakeConnection();
  return { db, steps, giveBack: () => void steps.push('give back') };
}

describe('IdleCacheRelease', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('gives the cache back, then the heap, once the connection has gone unused for the idle time, not before', () => {
    const { db, steps, giveBack } = recorded();
    const release = new IdleCacheRelease(() => db, 1_000, giveBack);
    release.used();
    jest.advanceTimersByTime(600);
    release.used(); // still in use: the wait starts again
    jest.advanceTimersByTime(600);
    expect(steps).toEqual([]);
    jest.advanceTimersByTime(400);
    expect(steps).toEqual(['shrink_memory', 'give back']);
    jest.advanceTimersByTime(10_000);
    expect(steps).toEqual(['shrink_memory', 'give back']); // once per quiet spell
    release.used();
    jest.advanceTimersByTime(1_000);
    expect(steps).toEqual(['shrink_memory', 'give back', 'shrink_memory', 'give back']);
  });

  it('leaves a closed or replaced connection alone, and stops', () => {
    const { db, steps, giveBack } = recorded();
    let current: Db | undefined = db;
    const release = new IdleCacheRelease(() => current, 1_000, giveBack);
    release.used();
    current = undefined;
    jest.advanceTimersByTime(1_000);
    release.used();
    release.stop();
    current = db;
    jest.advanceTimersByTime(5_000);
    expect(steps).toEqual([]);
  });
});
