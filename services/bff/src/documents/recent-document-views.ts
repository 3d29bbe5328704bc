import { LRUCache } from 'lru-cache';

/** How stale a kept view may be when a change to it cannot be ruled out; see RecentDocumentViews. */
export const DOCUMENT_VIEW_TTL_MS = 2_000;
/**
 * How long a view whose docket or source changed is still shown while changes are heard. Only its
 * counts can be behind then (a docket's filings, a source's documents and dates): a change to the
 * document itself is forgotten at once. While the default corpus loads, every source changes about
 * once a second, so with DOCUMENT_VIEW_TTL_MS nearly every read became a call: the document JSON
 * served 137-540 req/s with a p99 of 120-523 ms (bench/serving-throughput, loading phase); kept 10 s,
 * 353-553 req/s and 156-220 ms (kept 60 s: 645.8 req/s and 83 ms, but counts a minute behind).
 */
export const DOCUMENT_VIEW_CHANGED_TTL_MS = 10_000;
/**
 * How long a view is kept at most, even when no change to it was heard (what no event reports, e.g. a source renamed).
 */
export const DOCUMENT_VIEW_KEEP_MS = 60_000;
const MAX_VIEWS = 2_000;
/** Text kept in all (a view of 5 pages is some 10-20 thousand characters; its JSON is kept beside it). */
const MAX_TEXT_CHARS = 4 * 1024 * 1024;
/** Dockets and sources whose changes are remembered before the memory is reset (as if all changed). */
const MAX_REMEMBERED_CHANGES = 50_000;
/**
 * How long after a change is heard a view read may still miss part of it: the documents service's
 * counters (a docket's and a source's documents, an entity's mentions) follow a new filing's event by
 * up to about a second (StatsProjector), so a view read in that time is not trusted past `ttlMs`.
 */
export const DOCUMENT_CHANGE_SETTLE_MS = 5_000;

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
  /** When its call started. */
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
 *   kept up to `keepMs`; one whose docket or source changed since (or shortly before) its call
 *   started (`heard`: a docket's or source's document count moves with every filing) shows the
 *   change at most `changedTtlMs` after it was read;
 * - when nothing is heard, every view lives `ttlMs` only.
 * Misses (an error, "not found") are not kept.
 */
export class RecentDocumentViews<T extends DocumentViewShape> {
  private readonly views: LRUCache<string, Kept<T>>;
  /** One call per document and page range at a time: concurrent readers share it. */
  private readonly inFlight = new Map<string, Promise<T>>();
  /** Bumped by every forget: a call that started before it may hold the old document, so it is not kept. */
  private generation = 0;
  /** Views called after this time may be trusted past `ttlMs`; undefined while changes may go unheard. */
  private listeningSince: number | undefined;
  /** When anything may last have changed everywhere (a delete moves every count). */
  private everythingChangedAt = Number.NEGATIVE_INFINITY;
  private readonly changedAt = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly changedTtlMs: number;
  private readonly now: () => number;

  constructor(options: { ttlMs?: number; changedTtlMs?: number; keepMs?: number; now?: () => number } = {}) {
    this.ttlMs = options.ttlMs ?? DOCUMENT_VIEW_TTL_MS;
    const keepMs = Math.max(this.ttlMs, options.keepMs ?? DOCUMENT_VIEW_KEEP_MS);
    this.changedTtlMs = Math.min(keepMs, Math.max(this.ttlMs, options.changedTtlMs ?? DOCUMENT_VIEW_CHANGED_TTL_MS));
    this.now = options.now ?? Date.now;
    this.views = new LRUCache<string, Kept<T>>({
      max: MAX_VIEWS,
      ttl: keepMs,
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
    const fetchedAt = this.now();
    const fetching = fetch().finally(() => {
      if (this.inFlight.get(key) === fetching) this.inFlight.delete(key);
    });
    this.inFlight.set(key, fetching);
    const view = await fetching;
    if (generation === this.generation) this.views.set(key, { view, fetchedAt });
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
    const now = this.now();
    if (this.changedAt.size >= MAX_REMEMBERED_CHANGES) {
      this.changedAt.clear();
      this.everythingChangedAt = now;
    }
    if (change.docketId) this.changedAt.set(`docket|${change.docketId}`, now);
    if (change.sourceId) this.changedAt.set(`source|${change.sourceId}`, now);
  }

  /** Anything may have changed (e.g. a document deleted elsewhere: its docket's and source's counts). */
  heardChangeEverywhere(): void {
    this.everythingChangedAt = this.now();
  }

  /** Whether every change is heard from now on (true) or may be missed (false). */
  listening(live: boolean): void {
    this.listeningSince = live ? this.now() : undefined;
  }

  private stillGood(kept: Kept<T>): boolean {
    const age = this.now() - kept.fetchedAt;
    if (age < this.ttlMs) return true;
    if (this.listeningSince === undefined || kept.fetchedAt <= this.listeningSince) return false;
    return age < this.changedTtlMs || kept.fetchedAt > this.lastChangeOf(kept.view) + DOCUMENT_CHANGE_SETTLE_MS;
  }

  private lastChangeOf(view: T): number {
    const at = (key: string) => this.changedAt.get(key) ?? Number.NEGATIVE_INFINITY;
    return Math.max(
      this.everythingChangedAt,
      view.docket ? at(`docket|${view.docket.id}`) : Number.NEGATIVE_INFINITY,
      view.source ? at(`source|${view.source.id}`) : Number.NEGATIVE_INFINITY,
    );
  }
}
