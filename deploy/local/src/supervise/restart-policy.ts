/**
 * When a supervised part that crashed is started again: exponential back-off over the crashes in a
 * sliding window, and giving up (stopping the whole stack) when too many crashes fall in it.
 * Pure: the caller passes the time, so tests need no clock and no sleeping.
 */
export interface RestartPolicyOptions {
  /** Back-off after the first crash in the window; doubles with each further one. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** This many crashes within windowMs stop the stack instead of restarting the part. */
  maxCrashes: number;
  windowMs: number;
}

/**
 * npm start: 0.25 s, 0.5 s, 1 s, 2 s…, and 5 crashes of one part within 2 minutes stop everything. A
 * first crash is most often a one-off, so it is restarted at once; a crash loop backs off.
 */
export const DEFAULT_RESTART_POLICY: RestartPolicyOptions = {
  initialDelayMs: 250,
  maxDelayMs: 30_000,
  maxCrashes: 5,
  windowMs: 120_000,
};

export type RestartDecision =
  { action: 'restart'; delayMs: number; crashesInWindow: number } | { action: 'give-up'; crashesInWindow: number };

export class RestartPolicy {
  private crashes: number[] = [];

  constructor(readonly options: RestartPolicyOptions = DEFAULT_RESTART_POLICY) {}

  /** Records a crash at `now` (ms) and says what to do about it. */
  onCrash(now: number): RestartDecision {
    const { initialDelayMs, maxDelayMs, maxCrashes, windowMs } = this.options;
    this.crashes = this.crashes.filter((at) => now - at < windowMs);
    this.crashes.push(now);
    const crashesInWindow = this.crashes.length;
    if (crashesInWindow >= maxCrashes) return { action: 'give-up', crashesInWindow };
    const delayMs = Math.min(maxDelayMs, initialDelayMs * 2 ** (crashesInWindow - 1));
    return { action: 'restart', delayMs, crashesInWindow };
  }
}
