/**
 * When the writer thread adds the word pairs of documents written without them (fts-query.ts says
 * why they wait): once writes have paused for `quietMs`, so an import's documents become searchable
 * first; or, when the oldest has waited `maxWaitMs`, between writes however busy they are, which keeps
 * every document's wait near maxWaitMs. A batch is one transaction of `batch` documents, so a write
 * queued behind it waits little; an overdue batch also takes as many as were written since the last
 * one (up to `maxBatch`), so the backlog shrinks however fast documents arrive.
 */
export interface WordPairTiming {
  quietMs: number;
  maxWaitMs: number;
  batch: number;
  maxBatch: number;
}

/**
 * About 3 ms a document on the writer thread: a batch of 32 holds a write back for about 100 ms, one
 * of 512 for about 1.5 s. While the 20,000 default filings loaded (about 130 a second), batches of 32
 * between writes fell behind: the oldest waited 60 s.
 */
export const WORD_PAIR_TIMING: WordPairTiming = { quietMs: 2_000, maxWaitMs: 30_000, batch: 32, maxBatch: 512 };

export class WordPairSchedule {
  /** Since when the oldest pending document has waited, as the writer thread last said; null: none. */
  private pendingSince: number | null = null;
  private lastWriteAt = 0;
  /** Documents written since the last batch began. */
  private writtenSinceBatch = 0;
  /** After a failed batch, no other before this time (a broken file must not spin the thread). */
  private notBefore = 0;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = false;

  constructor(
    private readonly timing: WordPairTiming,
    /** Runs one batch of `timing.batch` documents on the writer thread. */
    private readonly runBatch: (limit: number) => Promise<unknown>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A write of `documents` was asked for: pairing waits for writes to pause (unless the oldest is overdue). */
  wrote(documents: number): void {
    this.lastWriteAt = this.now();
    this.writtenSinceBatch += documents;
    if (this.timer) this.plan();
  }

  /** The writer thread's latest word of its backlog (with every answer it sends). */
  backlog(pendingSince: number | null): void {
    this.pendingSince = pendingSince;
    this.plan();
  }

  /** Whether documents wait for their pairs. */
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
      // The writer logs what failed; the documents stay pending and are tried again later.
      this.notBefore = this.now() + this.timing.quietMs;
    } finally {
      this.running = false;
      this.plan();
    }
  }
}
