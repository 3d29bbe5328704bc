import { ProgressTicker } from '../../src/progress-ticker';

describe('ProgressTicker', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('emits the latest progress once per tick if it changed, never the 0/0 its caller already published', async () => {
    const emitted: Array<{ done: number; total: number }> = [];
    const ticker = new ProgressTicker(
      async (progress) => {
        emitted.push(progress);
      },
      () => undefined,
      100,
    );
    ticker.start();
    jest.advanceTimersByTime(300);
    expect(emitted).toEqual([]);
    ticker.update(5, 10);
    ticker.update(7, 10);
    jest.advanceTimersByTime(100);
    jest.advanceTimersByTime(100);
    ticker.update(10, 10);
    jest.advanceTimersByTime(100);
    await ticker.stop();
    expect(emitted).toEqual([
      { done: 7, total: 10 },
      { done: 10, total: 10 },
    ]);
  });
});
