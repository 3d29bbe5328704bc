/** What GetCatalogStatus reports about the default corpus this process loads (no load: undefined). */
export interface CorpusLoadSnapshot {
  total: number;
  stored: number;
  startedAt: Date;
  /** When the last filing was stored; undefined while storing. */
  finishedAt?: Date;
}

/**
 * The default corpus's load as it goes, shared by the seeder (which counts) and the catalog status
 * (which reports it, so /catalog-status can show a progress line until the search index holds it all).
 */
export class CorpusLoadProgress {
  private current: CorpusLoadSnapshot | undefined;

  /** A resumed load counts again from 0: the filings an earlier attempt stored come back as duplicates, quickly. */
  begin(total: number, at = new Date()): void {
    this.current = { total, stored: 0, startedAt: at };
  }

  stored(count: number): void {
    if (this.current) this.current.stored = Math.min(this.current.total, this.current.stored + count);
  }

  finish(at = new Date()): void {
    if (this.current) this.current.finishedAt = at;
  }

  snapshot(): CorpusLoadSnapshot | undefined {
    return this.current && { ...this.current };
  }
}
