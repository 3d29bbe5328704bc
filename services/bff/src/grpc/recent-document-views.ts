import { LRUCache } from 'lru-cache';

/** How long a document as a page shows it is reused at most; see RecentDocumentViews. */
export const DOCUMENT_VIEW_TTL_MS = 2_000;
const MAX_VIEWS = 2_000;
/** Text kept in all (a view of 5 pages is some 10-20 thousand characters; its JSON is kept beside it). */
const MAX_TEXT_CHARS = 4 * 1024 * 1024;

/**
 * Documents (with a range of their pages) this BFF answered in the last `ttlMs`, so a reader paging
 * back and forth, or many readers of one shared link, cost one gRPC call per page in that time: a
 * call and its protobuf and mapping were most of the CPU of a document request in this process, and
 * the documents service's own CPU came on top.
 *
 * Bounded staleness: a document deleted or re-uploaded through this BFF is forgotten at once; one
 * changed elsewhere (an import, another BFF process) shows its change at most `ttlMs` later.
 * Misses (an error, "not found") are not kept.
 */
export class RecentDocumentViews<T extends { document: { text: string } }> {
  private readonly views: LRUCache<string, T>;
  /** One call per document and page range at a time: concurrent readers share it. */
  private readonly inFlight = new Map<string, Promise<T>>();
  /** Bumped by every forget: a call that started before it may hold the old document, so it is not kept. */
  private generation = 0;

  constructor(ttlMs: number = DOCUMENT_VIEW_TTL_MS) {
    this.views = new LRUCache<string, T>({
      max: MAX_VIEWS,
      ttl: ttlMs,
      // Dropped when they expire, not when next touched: an idle BFF keeps no documents.
      ttlAutopurge: true,
      maxSize: MAX_TEXT_CHARS,
      maxEntrySize: MAX_TEXT_CHARS,
      sizeCalculation: (view) => Math.max(1, view.document.text.length),
    });
  }

  async get(id: string, firstPage: number, pageCount: number, fetch: () => Promise<T>): Promise<T> {
    const key = `${id}|${firstPage}|${pageCount}`;
    const kept = this.views.get(key);
    if (kept) return kept;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const fetching = fetch().finally(() => {
      if (this.inFlight.get(key) === fetching) this.inFlight.delete(key);
    });
    this.inFlight.set(key, fetching);
    const view = await fetching;
    if (generation === this.generation) this.views.set(key, view);
    return view;
  }

  /** The document changed or is gone: every page range of it is read afresh. */
  forget(id: string): void {
    this.generation += 1;
    const prefix = `${id}|`;
    // Rare (a delete or re-upload) and the cache is bounded: a scan beats a second index kept in step.
    for (const key of [...this.views.keys()]) if (key.startsWith(prefix)) this.views.delete(key);
    for (const key of [...this.inFlight.keys()]) if (key.startsWith(prefix)) this.inFlight.delete(key);
  }
}
