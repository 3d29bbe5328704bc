import { RestartPolicy } from '../../src/supervise/restart-policy';

describe('restart policy: back-off over a sliding window of crashes', () => {
  const options = { initialDelayMs: 1000, maxDelayMs: 8000, maxCrashes: 6, windowMs: 120_000 };

  it('doubles the delay with each crash in the window, up to the cap', () => {
    const policy = new RestartPolicy(options);
    const delays = [0, 10, 20, 30, 40].map((s) => policy.onCrash(s * 1000));
    expect(delays).toEqual([
      { action: 'restart', delayMs: 1000, crashesInWindow: 1 },
      { action: 'restart', delayMs: 2000, crashesInWindow: 2 },
      { action: 'restart', delayMs: 4000, crashesInWindow: 3 },
      { action: 'restart', delayMs: 8000, crashesInWindow: 4 },
      { action: 'restart', delayMs: 8000, crashesInWindow: 5 },
    ]);
  });

  it('gives up at maxCrashes within the window', () => {
    const policy = new RestartPolicy({ ...options, maxCrashes: 5 });
    for (let i = 0; i < 4; i++) expect(policy.onCrash(i * 1000).action).toBe('restart');
    expect(policy.onCrash(5000)).toEqual({ action: 'give-up', crashesInWindow: 5 });
  });

  it('forgets crashes older than the window, so the back-off starts again at 1 s', () => {
    const policy = new RestartPolicy({ ...options, maxCrashes: 3 });
    expect(policy.onCrash(0).action).toBe('restart');
    expect(policy.onCrash(60_000)).toEqual({ action: 'restart', delayMs: 2000, crashesInWindow: 2 });
    // The crash at 0 s left the window at 120 s: two in the window, not three.
    expect(policy.onCrash(120_000)).toEqual({ action: 'restart', delayMs: 2000, crashesInWindow: 2 });
    expect(policy.onCrash(500_000)).toEqual({ action: 'restart', delayMs: 1000, crashesInWindow: 1 });
  });

  it('with maxCrashes 1 (restarts off) gives up at the first crash', () => {
    expect(new RestartPolicy({ ...options, maxCrashes: 1 }).onCrash(0)).toEqual({
      action: 'give-up',
      crashesInWindow: 1,
    });
  });
});
