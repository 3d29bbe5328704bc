import { LRUCache } from 'lru-cache';

/**
 * Records by id as read at most `ttlMs` ago, for pages that show them beside a document (its docket
 * and source: their names never change, their counters grow). A write through the owning repository
 * calls forget() so this process shows it at once; `ttlMs` bounds how stale a counter can look
 * otherwise. Misses (no such record) are not kept.
 */
export class RecentReads<T extends object> {
  private readonly recent: LRUCache<string, T>;
  /** One read per id at a time: concurrent requests for one docket share it. */
  private readonly inFlight = new Map<string, Promise<T | undefined>>();
  /** Bumped by every forget: a read that started before a write may hold the old record, so it is not kept. */
  private generation = 0;

  constructor(
    private readonly read: (id: string) => Promise<T | undefined>,
    options: { max: number; ttlMs: number; maxSize?: { total: number; of: (record: T) => number } },
  ) {
    const sized = options.maxSize;
    this.recent = new LRUCache<string, T>({
      max: options.max,
      ttl: options.ttlMs,
      // A record larger than the whole budget is simply not kept.
      ...(sized
        ? {
            maxSize: sized.total,
            sizeCalculation: (record: T) => Math.max(1, sized.of(record)),
            maxEntrySize: sized.total,
          }
        : {}),
    });
  }

  async get(id: string): Promise<T | undefined> {
    const kept = this.recent.get(id);
    if (kept) return kept;
    const pending = this.inFlight.get(id);
    if (pending) return pending;
    const generation = this.generation;
    const reading: Promise<T | undefined> = this.read(id).finally(() => {
      if (this.inFlight.get(id) === reading) this.inFlight.delete(id);
    });
    this.inFlight.set(id, reading);
    const record = await reading;
    if (record && generation === this.generation) this.recent.set(id, record);
    return record;
  }

  /** The records changed (or may have): the next get reads them again. */
  forget(ids: Iterable<string>): void {
    this.generation += 1;
    for (const id of ids) {
      this.recent.delete(id);
      this.inFlight.delete(id);
    }
  }

  forgetAll(): void {
    this.generation += 1;
    this.recent.clear();
    this.inFlight.clear();
  }
}
