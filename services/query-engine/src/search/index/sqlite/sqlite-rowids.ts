/**
 * Rowids in the SQLite index encode the filing day, so that rowid order is filing order:
 *
 *   undated documents:  1 … 2^40 - 1 (in arrival order)
 *   dated documents:    2^40 + (day - 0001-01-01) × 2^20 + n, n = 0 … 2^20 - 1 (arrival order that day)
 *
 * FTS5 walks its doclists by rowid in either direction and takes rowid ranges as constraints, so this
 * gives, without any sort: newest-first listings (rowid DESC), `filed:` ranges pushed into the
 * full-text search (a rowid range), and "the newest N matches" for the bounded relevance ranking.
 * Within one day the order is arrival order, so date sorts are by filing day. All values stay below
 * 2^53, exact as JavaScript numbers.
 */
export const DATED_BASE = 2 ** 40;
export const DAY_SLOTS = 2 ** 20;
const DAY_MS = 86_400_000;
/** 0001-01-01 and 9999-12-31 as days since 1970-01-01; dates outside are clamped to them. */
const FIRST_DAY = -719_162;
const LAST_DAY = 2_932_896;
export const LAST_ROWID = DATED_BASE + (LAST_DAY - FIRST_DAY + 1) * DAY_SLOTS - 1;

export function dayOf(filedAtMs: number): number {
  return Math.min(LAST_DAY, Math.max(FIRST_DAY, Math.floor(filedAtMs / DAY_MS)));
}

/** The rowids [first, last] of one day (days since 1970-01-01). */
export function dayRowids(day: number): [number, number] {
  const first = DATED_BASE + (Math.min(LAST_DAY, Math.max(FIRST_DAY, day)) - FIRST_DAY) * DAY_SLOTS;
  return [first, first + DAY_SLOTS - 1];
}

/** The rowids of documents filed between two UTC days, inclusive; null ends are open. */
export function filedRowids(fromMs: number | null, toMs: number | null): [number, number] {
  const first = fromMs === null ? DATED_BASE : dayRowids(Math.floor(fromMs / DAY_MS))[0];
  const last = toMs === null ? LAST_ROWID : dayRowids(Math.floor(toMs / DAY_MS))[1];
  return [first, last];
}

/** The UTC filing day (YYYY-MM-DD) of a dated document's rowid. */
export function isoDayOfRowid(rowid: number): string {
  const day = FIRST_DAY + Math.floor((rowid - DATED_BASE) / DAY_SLOTS);
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Where the next document goes, given the largest rowid already used in its range (null if none):
 * throws if one day already holds 2^20 documents.
 */
export function nextRowid(filedAtMs: number | null, largestInRange: number | null): number {
  if (filedAtMs === null) return (largestInRange ?? 0) + 1;
  const [first, last] = dayRowids(dayOf(filedAtMs));
  const next = largestInRange === null ? first : largestInRange + 1;
  if (next > last)
    throw new Error(`more than ${DAY_SLOTS} documents filed on ${new Date(filedAtMs).toISOString().slice(0, 10)}`);
  return next;
}

/** The rowid range a new document's rowid is allocated in. */
export function allocationRange(filedAtMs: number | null): [number, number] {
  return filedAtMs === null ? [1, DATED_BASE - 1] : dayRowids(dayOf(filedAtMs));
}
