import { BacklogSchedule, type BacklogTiming } from '../../src/backlog-schedule';

const TIMING: BacklogTiming = { quietMs: 2_000, maxWaitMs: 30_000, batch: 32, maxBatch: 512 };

/** A schedule on Jest's fake clock, whose batches succeed (or fail) and say what remains. */
function scheduleWith(outcome: (batch: number) => 'ok' | 'fail' = () => 'ok') {
  const batches: number[] = [];
  const limits: number[] = [];
  const schedule: BacklogSchedule = new BacklogSchedule(TIMING, async (limit: number) => {
    batches.push(Date.now());
    limits.push(limit);
    if (outcome(batches.length) === 'fail') throw new Error('disk full');
    schedule.backlog(null); // the worker's answer: nothing left
    return limit;
  });
  return { schedule, batches, limits };
}

describe('BacklogSchedule', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('runs a batch once writes have paused for quietMs', async () => {
    const { schedule, batches } = scheduleWith();
    schedule.wrote(1);
    schedule.backlog(Date.now());
    await jest.advanceTimersByTimeAsync(1_000);
    schedule.wrote(1); // another write: the pause starts again
    await jest.advanceTimersByTimeAsync(1_999);
    expect(batches).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([1_003_000]);
    expect(schedule.waiting()).toBe(false);
  });

  it('runs one between writes once the oldest has waited maxWaitMs, however busy the writes', async () => {
    const { schedule, batches, limits } = scheduleWith();
    const since = Date.now();
    schedule.backlog(since);
    for (let elapsed = 0; elapsed < 30_000; elapsed += 500) {
      schedule.wrote(1);
      await jest.advanceTimersByTimeAsync(500);
    }
    expect(batches).toEqual([since + 30_000]);
    // Overdue: the batch takes what was written meanwhile too (60 writes of one item), so it gains on them.
    expect(limits).toEqual([TIMING.batch + 60]);
  });

  it('keeps an overdue batch to maxBatch, and a batch on time to batch', async () => {
    const { schedule, limits } = scheduleWith();
    schedule.backlog(Date.now() - 60_000);
    schedule.wrote(5_000);
    await jest.advanceTimersByTimeAsync(0);
    schedule.wrote(100);
    schedule.backlog(Date.now());
    await jest.advanceTimersByTimeAsync(2_000);
    expect(limits).toEqual([TIMING.maxBatch, TIMING.batch]);
  });

  it('keeps on with batches while items remain, and stops when none does', async () => {
    let left = 3;
    const batches: number[] = [];
    const schedule: BacklogSchedule = new BacklogSchedule(TIMING, async () => {
      batches.push(Date.now());
      left -= 1;
      schedule.backlog(left > 0 ? 1_000_000 : null);
    });
    schedule.wrote(1);
    schedule.backlog(Date.now());
    await jest.advanceTimersByTimeAsync(2_010);
    // One batch right after another (a timer of 0 ms, so writes queued meanwhile go between them).
    expect(batches).toHaveLength(3);
    expect(batches[0]).toBe(1_002_000);
    expect(batches[2]! - batches[0]!).toBeLessThan(10);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(batches).toHaveLength(3);
  });

  it('waits quietMs after a failed batch before trying again, even past maxWaitMs', async () => {
    const { schedule, batches } = scheduleWith((batch) => (batch === 1 ? 'fail' : 'ok'));
    schedule.backlog(Date.now() - 60_000);
    await jest.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([1_000_000]);
    await jest.advanceTimersByTimeAsync(1_999);
    expect(batches).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([1_000_000, 1_002_000]);
  });

  it('runs nothing once stopped', async () => {
    const { schedule, batches } = scheduleWith();
    schedule.backlog(Date.now());
    schedule.stop();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(batches).toEqual([]);
  });
});
