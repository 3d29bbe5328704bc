import type { IngestOutcomeKind } from '../domain/ingest-item';
import type { RunError } from '../domain/ingestion-run.types';
import type { IngestionRunRepository } from '../store/ingestion-run.repository';

/** One handled item of a run: its cursor position (a path), what came of it, and its error if any. */
export interface HandledItem {
  position: string;
  outcome: IngestOutcomeKind;
  error?: RunError;
}

/**
 * Counts a run's items exactly once. Items finish out of order (several are in hand at once) but
 * are counted in cursor order, each batch in the same write that moves the cursor past it: so
 * "counted" is exactly "at or before the cursor", and a resumed attempt, which re-does every item
 * after the cursor, re-does only uncounted ones. Nothing per item is kept on the run (a directory
 * may hold millions of files); in memory, only items waiting behind one still in hand.
 *
 * One write at a time: items released while it is on its way go together in the next one, so a
 * fast import writes its run a few times a second rather than once per item (each a rewrite of the
 * run's record in the MongoDB stand-in).
 */
export class RunTally {
  private readonly waiting = new Map<number, HandledItem>();
  private released = 0;
  /** Released, not yet in a write. */
  private unwritten: HandledItem[] = [];
  /** The write that takes `unwritten`, started once the one before it ends. */
  private nextWrite: Promise<void> | undefined;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly runs: Pick<IngestionRunRepository, 'advance' | 'find'>,
    private readonly runId: string,
    /** The run's cursor as this attempt last saw it. */
    private cursor: string,
  ) {}

  /**
   * Item `index` (0-based, in cursor order, of the items this attempt does) is handled. Resolves when
   * every item that could be counted so far is; rejects if counting failed.
   */
  record(index: number, item: HandledItem): Promise<void> {
    this.waiting.set(index, item);
    for (let next = this.waiting.get(this.released); next; next = this.waiting.get(this.released)) {
      this.unwritten.push(next);
      this.waiting.delete(this.released);
      this.released += 1;
    }
    if (this.unwritten.length === 0 || this.nextWrite) return this.nextWrite ?? this.writes;
    // Chained: each write expects the cursor the previous one left.
    const write = this.writes.then(() => {
      this.nextWrite = undefined;
      const batch = this.unwritten;
      this.unwritten = [];
      return this.count(batch);
    });
    this.nextWrite = write;
    this.writes = write;
    return write;
  }

  private async count(batch: HandledItem[]): Promise<void> {
    for (;;) {
      // Another attempt (one whose job lock lapsed while it still ran) may have counted some already.
      const fresh = batch.filter((item) => item.position > this.cursor);
      if (fresh.length === 0) return;
      const to = (fresh[fresh.length - 1] as HandledItem).position;
      const counts: Partial<Record<IngestOutcomeKind, number>> = {};
      for (const item of fresh) counts[item.outcome] = (counts[item.outcome] ?? 0) + 1;
      const errors = fresh.flatMap((item) => (item.error ? [item.error] : []));
      if (await this.runs.advance(this.runId, this.cursor, to, counts, errors)) {
        this.cursor = to;
        return;
      }
      const run = await this.runs.find(this.runId);
      if (!run || run.cursor === this.cursor)
        throw new Error(`ingestion run ${this.runId} could not be counted (gone or unchanged)`);
      this.cursor = run.cursor;
    }
  }
}
