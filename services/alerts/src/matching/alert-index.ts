import type { Logger } from '@docket/observability';
import type { AlertChangeMark, AlertRepository } from '../alerts';
import type { AlertRecord } from '../domain/alert';
import { compileAlert, type CompiledAlert, type PercolationDocument } from '../domain/alert-matcher';
import { InThreadPercolation, type PercolationShards } from './percolation-shards';
import { PercolationThreads } from './percolation-threads';

/** Changes written within this much before the last one seen are read again (writers' clocks differ). */
const REFRESH_OVERLAP_MS = 5_000;

/** Alerts on `threads` worker threads (percolation-threads.ts), or on the calling thread for 0 or 1. */
export function percolationShards(threads: number, logger?: Logger): PercolationShards {
  return threads >= 2 ? new PercolationThreads(threads, logger) : new InThreadPercolation();
}

/**
 * The percolation index kept in step with the alert store: loaded at start, changed at once by this
 * process's own edits, and refreshed every few seconds from the store's updatedAt so edits made by
 * another alerts process reach it too.
 *
 * Matching runs on this thread unless `threads` (2 or more) spreads the alerts over worker threads.
 * Measured at 100,000 alerts (bench:percolation), this thread matches a 10 KB filing in ~0.4 CPU-ms;
 * over two threads each shard reads the whole document again, and messages cost the rest: ~1 CPU-ms
 * a document for about the same wall time on two cores. So one thread by default.
 */
export class AlertIndex {
  private readonly index: PercolationShards;
  private watermark = new Date(0);
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;
  /** When the newest completed read of the store (the load or a refresh) began, epoch ms. */
  private readAsOf = 0;
  private readonly changes: Pick<AlertChangeMark, 'current'> | undefined;
  /** The change mark as it was when that read began (undefined: unknown, so the next check reads the store). */
  private markAtRead: string | undefined;

  /**
   * `changes`: the alert change mark (alert-change-mark.ts); without it every document filed after the
   * last read waits for a read of the store's changes.
   */
  constructor(
    private readonly alerts: AlertRepository,
    private readonly logger: Logger,
    private readonly refreshMs: number,
    options: { threads?: number; changes?: Pick<AlertChangeMark, 'current'> } = {},
  ) {
    this.index = percolationShards(options.threads ?? 1, logger);
    this.changes = options.changes;
  }

  get size(): number {
    return this.index.size;
  }

  async load(): Promise<void> {
    const started = Date.now();
    const mark = await this.currentMark();
    for await (const alert of this.alerts.active()) this.apply(alert);
    this.readAsOf = started;
    this.markAtRead = mark;
    // Answered once every shard has filed its alerts.
    const { alerts, unkeyed } = await this.index.stats();
    this.logger.info(
      { alerts, unkeyed, threads: this.index.threads, ms: Date.now() - started },
      'percolation index loaded',
    );
  }

  start(): void {
    this.timer = setInterval(() => void this.refresh(), this.refreshMs);
    this.timer.unref();
  }

  /** Stops the refreshes and ends the matching threads. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.refreshing;
    await this.index.close();
  }

  /** Reads alerts changed since the last refresh (one at a time). */
  refresh(): Promise<void> {
    this.refreshing ??= this.readChanges().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /**
   * Reads the store's changes first when the last read began before `time` (when a document was
   * filed): the document then meets every alert saved before it, even one another alerts process
   * saved a moment ago, which the timer would bring in only seconds later. A read under way may have
   * begun before `time`: then one more.
   */
  async currentAsOf(time: Date): Promise<void> {
    for (let reads = 0; reads < 2 && this.readAsOf < time.getTime(); reads++) {
      if (await this.unchangedSinceRead()) return;
      await this.refresh();
    }
  }

  /**
   * Whether the change mark is still the one the last read began with: then no alert was written
   * since, and that read holds as of now (one Redis GET instead of a read of the store).
   */
  private async unchangedSinceRead(): Promise<boolean> {
    if (this.markAtRead === undefined) return false;
    const asked = Date.now();
    const mark = await this.currentMark();
    if (mark === undefined || mark !== this.markAtRead) return false;
    this.readAsOf = Math.max(this.readAsOf, asked);
    return true;
  }

  /** The change mark, or undefined without one or when it cannot be read (then the store is read instead). */
  private async currentMark(): Promise<string | undefined> {
    return this.changes?.current().catch(() => undefined);
  }

  /** Files, refiles or drops one alert as it now is. */
  apply(alert: AlertRecord): void {
    if (alert.updatedAt > this.watermark) this.watermark = alert.updatedAt;
    if (alert.deletedAt || alert.paused) {
      this.index.remove(alert.id);
      return;
    }
    try {
      this.index.put(compileAlert(alert));
    } catch (error) {
      // A stored query the parser now refuses (the language changed): that alert alone stops matching.
      this.index.remove(alert.id);
      this.logger.warn({ err: error, alertId: alert.id }, 'alert could not be compiled; left out of percolation');
    }
  }

  /** The alerts the document matches; every alert applied before the call is among those tested. */
  match(doc: PercolationDocument): Promise<CompiledAlert[]> {
    return this.index.match(doc);
  }

  /** Each document's matches, in order (a batch goes to each matching thread in one message). */
  matchMany(docs: PercolationDocument[]): Promise<CompiledAlert[][]> {
    return this.index.matchMany(docs);
  }

  private async readChanges(): Promise<void> {
    const began = Date.now();
    try {
      const mark = await this.currentMark();
      const since = new Date(this.watermark.getTime() - REFRESH_OVERLAP_MS);
      for (const alert of await this.alerts.changedSince(since)) this.apply(alert);
      this.readAsOf = began;
      this.markAtRead = mark;
    } catch (error) {
      this.logger.warn({ err: error }, 'percolation index refresh failed; the next one retries');
    }
  }
}
