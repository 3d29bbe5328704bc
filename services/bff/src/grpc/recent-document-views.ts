import { LRUCache } from 'lru-cache';

/** How stale a kept view may be when a change to it cannot be ruled out; see RecentDocumentViews. */
export const DOCUMENT_VIEW_TTL_MS = 2_000;
/** How long a view is kept at most, even when no change to it was heard (what no event reports, e.g. a source renamed). */
export const DOCUMENT_VIEW_KEEP_MS = 60_000;
const MAX_VIEWS = 2_000;
/** Text kept in all (a view of 5 pages is some 10-20 thousand characters; its JSON is kept beside it). */
const MAX_TEXT_CHARS = 4 * 1024 * 1024;
/** Dockets and sources whose changes are remembered before the memory is reset (as if all changed). */
const MAX_REMEMBERED_CHANGES = 50_000;

/** What a kept view must tell about itself: the parts whose change makes it stale. */
export interface DocumentViewShape {
  document: { id: string; text: string };
  docket?: { id: string } | null;
  source?: { id: string } | null;
}

/** A change heard from the documents service's events. */
export interface HeardChange {
  docketId?: string;
  sourceId?: string;
}

interface Kept<T> {
  view: T;
  /** When its call started, in ticks (see `tick`) and in ms. */
  fetchTick: number;
  fetchedAt: number;
}

/**
 * Documents (with a range of their pages) this BFF answered recently, so a reader paging back and
 * forth, or many readers of one shared link, cost no gRPC call: a call and its protobuf and mapping
 * were most of the CPU of a document request in this process, and the documents service's own CPU
 * came on top.
 *
 * Bounded staleness:
 * - a document deleted or re-uploaded through this BFF is forgotten at once (`forget`);
 * - while the documents service's events are heard (`listening(true)`), a view nothing changed is
 *   kept up to `keepMs`; one whose document, docket or source changed since its call started
 *   (`heard`: a docket's or source's document count moves with every filing) shows the change at
 *   most `ttlMs` after it was read, as when nothing is heard: then every view lives `ttlMs` only.
 * Misses (an error, "not found") are not kept.
 */
export class RecentDocumentViews<T extends DocumentViewShape> {
  private readonly views: LRUCache<string, Kept<T>>;
  /** One call per document and page range at a time: concurrent readers share it. */
  private readonly inFlight = new Map<string, Promise<T>>();
  /** Bumped by every forget: a call that started before it may hold the old document, so it is not kept. */
  private generation = 0;
  /** Orders calls and changes: a view is stale when a change's tick is above its call's. */
  private tick = 0;
  /** Views called at or after this tick may be trusted past `ttlMs`; undefined while changes may go unheard. */
  private listeningSince: number | undefined;
  /** The last tick at which anything may have changed everywhere (a delete moves every count). */
  private everythingChangedAt = 0;
  private readonly changedAt = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: { ttlMs?: number; keepMs?: number; now?: () => number } = {}) {
    this.ttlMs = options.ttlMs ?? DOCUMENT_VIEW_TTL_MS;
    this.now = options.now ?? Date.now;
    this.views = new LRUCache<string, Kept<T>>({
      max: MAX_VIEWS,
      ttl: Math.max(this.ttlMs, options.keepMs ?? DOCUMENT_VIEW_KEEP_MS),
      // Dropped when they expire, not when next touched: an idle BFF keeps no documents for long.
      ttlAutopurge: true,
      maxSize: MAX_TEXT_CHARS,
      maxEntrySize: MAX_TEXT_CHARS,
      sizeCalculation: (kept) => Math.max(1, kept.view.document.text.length),
    });
  }

  async get(id: string, firstPage: number, pageCount: number, fetch: () => Promise<T>): Promise<T> {
    const key = `${id}|${firstPage}|${pageCount}`;
    const kept = this.views.get(key);
    if (kept && this.stillGood(kept)) return kept.view;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const fetchTick = this.tick;
    const fetchedAt = this.now();
    const fetching = fetch().finally(() => {
      if (this.inFlight.get(key) === fetching) this.inFlight.delete(key);
    });
    this.inFlight.set(key, fetching);
    const view = await fetching;
    if (generation === this.generation) this.views.set(key, { view, fetchTick, fetchedAt });
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

  /** A docket or source changed (a filing added to it): views showing it live `ttlMs` from their call. */
  heard(change: HeardChange): void {
    this.tick += 1;
    if (this.changedAt.size >= MAX_REMEMBERED_CHANGES) {
      this.changedAt.clear();
      this.everythingChangedAt = this.tick;
    }
    if (change.docketId) this.changedAt.set(`docket|${change.docketId}`, this.tick);
    if (change.sourceId) this.changedAt.set(`source|${change.sourceId}`, this.tick);
  }

  /** Anything may have changed (e.g. a document deleted elsewhere: its docket's and source's counts). */
  heardChangeEverywhere(): void {
    this.tick += 1;
    this.everythingChangedAt = this.tick;
  }

  /** Whether every change is heard from now on (true) or may be missed (false). */
  listening(live: boolean): void {
    this.tick += 1;
    this.listeningSince = live ? this.tick : undefined;
  }

  private stillGood(kept: Kept<T>): boolean {
    if (this.now() - kept.fetchedAt < this.ttlMs) return true;
    if (this.listeningSince === undefined || kept.fetchTick < this.listeningSince) return false;
    return this.lastChangeOf(kept.view) <= kept.fetchTick;
  }

  private lastChangeOf(view: T): number {
    return Math.max(
      this.everythingChangedAt,
      view.docket ? this.changedAt.get(`docket|${view.docket.id}`) ?? 0 : 0,
      view.source ? this.changedAt.get(`source|${view.source.id}`) ?? 0 : 0,
    );
  }
}
