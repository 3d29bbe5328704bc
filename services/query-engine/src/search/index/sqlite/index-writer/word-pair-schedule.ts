/**
 * When the writer thread adds the word pairs of documents written without them (fts-query.ts says
 * why they wait): once writes have paused for `quietMs`, so an import's documents become searchable
 * first; or, when the oldest has waited `maxWaitMs`, between writes however busy they are, which keeps
 * every document's wait under a minute. A batch is one transaction of `batch` documents, so a write
 * queued behind it waits little.
 */
export interface WordPairTiming {
  quietMs: number;
  maxWaitMs: number;
  batch: number;
}

/** About 3 ms a document on the writer thread: a batch of 32 holds a write back for about 100 ms. */
export const WORD_PAIR_TIMING: WordPairTiming = { quietMs: 2_000, maxWaitMs: 30_000, batch: 32 };

export class WordPairSchedule {
  /** Since when the oldest pending document has waited, as the writer thread last said; null: none. */
  private pendingSince: number | null = null;
  private lastWriteAt = 0;
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

  /** A write was asked for: pairing waits for writes to pause (unless the oldest has waited too long). */
  wrote(): void {
    this.lastWriteAt = this.now();
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
    try {
      await this.runBatch(this.timing.batch);
    } catch {
      // The writer logs what failed; the documents stay pending and are tried again later.
      this.notBefore = this.now() + this.timing.quietMs;
    } finally {
      this.running = false;
      this.plan();
    }
  }
}
