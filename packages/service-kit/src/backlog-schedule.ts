/**
 * When background work catches up with a backlog that writes leave behind (the query-engine's word
 * pairs, the documents service's entity analysis): once writes have paused for `quietMs`, so the
 * writes themselves (an import) finish first; or, when the oldest item has waited `maxWaitMs`, between
 * writes however busy they are, which keeps every item's wait near maxWaitMs. A batch is `batch`
 * items, so a write queued behind it waits little; an overdue batch also takes as many as were written
 * since the last one (up to `maxBatch`), so the backlog shrinks however fast items arrive.
 */
export interface BacklogTiming {
  quietMs: number;
  maxWaitMs: number;
  batch: number;
  maxBatch: number;
}

export class BacklogSchedule {
  /** Since when the oldest pending item has waited, as the worker last said; null: none. */
  private pendingSince: number | null = null;
  private lastWriteAt = 0;
  /** Items written since the last batch began. */
  private writtenSinceBatch = 0;
  /** After a failed batch, no other before this time (a broken store must not spin the worker). */
  private notBefore = 0;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = false;

  constructor(
    private readonly timing: BacklogTiming,
    /** Runs one batch of at most `limit` items. */
    private readonly runBatch: (limit: number) => Promise<unknown>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A write of `items` was asked for: the work waits for writes to pause (unless the oldest is overdue). */
  wrote(items: number): void {
    this.lastWriteAt = this.now();
    this.writtenSinceBatch += items;
    if (this.timer) this.plan();
  }

  /** The latest word of the backlog: since when its oldest item waits, or null when there is none. */
  backlog(pendingSince: number | null): void {
    this.pendingSince = pendingSince;
    this.plan();
  }

  /** Whether items wait. */
  waiting(): boolean {
    return this.pendingSince !== null;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private plan(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pendingSince === null || this.running || this.stopped) return;
    const now = this.now();
    const afterQuiet = this.lastWriteAt + this.timing.quietMs - now;
    const afterMaxWait = this.pendingSince + this.timing.maxWaitMs - now;
    const delay = Math.max(0, Math.min(afterQuiet, afterMaxWait), this.notBefore - now);
    this.timer = setTimeout(() => void this.run(), delay);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    this.running = true;
    const { batch, maxBatch, maxWaitMs } = this.timing;
    const overdue = this.pendingSince !== null && this.now() - this.pendingSince >= maxWaitMs;
    const limit = overdue ? Math.min(maxBatch, batch + this.writtenSinceBatch) : batch;
    this.writtenSinceBatch = 0;
    try {
      await this.runBatch(limit);
    } catch {
      // runBatch logs what failed; the items stay pending and are tried again later.
      this.notBefore = this.now() + this.timing.quietMs;
    } finally {
      this.running = false;
      this.plan();
    }
  }
}
