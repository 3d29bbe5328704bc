import { EventLoopDelay } from '../../../src/indexing/event-loop-delay';

/** Resolves after the event loop has come round a few times (so the histogram has sampled it). */
function nextTurns(turns: number): Promise<void> {
  return new Promise((resolve) => {
    let left = turns;
    const turn = () => (--left <= 0 ? resolve() : setTimeout(turn, 1));
    setTimeout(turn, 1);
  });
}

describe('EventLoopDelay', () => {
  it('reports a synchronous stall of the event loop, then counts afresh', async () => {
    const delay = new EventLoopDelay(1);
    try {
      await nextTurns(5);
      const blockedUntil = Date.now() + 80;
      while (Date.now() < blockedUntil) {
        // holds the event loop, as a long synchronous SQLite transaction would
      }
      await nextTurns(5);
      const stalled = delay.take();
      expect(stalled.maxMs).toBeGreaterThanOrEqual(60);
      expect(stalled.p99Ms).toBeGreaterThan(0);
      expect(delay.take()).toEqual({ p50Ms: 0, p99Ms: 0, maxMs: 0 });
    } finally {
      delay.stop();
    }
  });
});
