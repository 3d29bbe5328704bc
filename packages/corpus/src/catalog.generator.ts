/** The catalog: sources (fixed list, patterns derived from their formats). */
import { docketPatternOf } from './docket-number';
import type { Catalog, Source } from './model';
import type { Seed } from './random';
import { sourceSeeds } from './sources.data';

/** The corpus covers filings up to this day; fixed so output never depends on the clock. */
export const corpusStart = Date.UTC(2015, 0, 1);
export const corpusEnd = Date.UTC(2026, 9, 31);

function buildSources(): Source[] {
  return sourceSeeds.map((seed) => ({ ...seed, docketPattern: docketPatternOf(seed.docketFormat) }));
}

/**
 * The sources of the corpus. Its data products are not generated: the documents service defines
 * them, and the ones computed from the filings (the rate-case tracker) are computed from these.
 */
export function generateCatalog(seed: Seed): Catalog {
  return { seed: String(seed), sources: buildSources() };
}

/** The seed of the corpus `npm start` loads (and the browser journey's stack). */
export const DEFAULT_CORPUS_SEED = 'docket-research';

/**
 * How far a corpus loaded at `now` is moved forward (whole days), so that its newest filings are
 * recent whatever the day it is loaded (generateFilings' shiftDays is this in days).
 */
export function corpusShiftMs(now: Date): number {
  const day = 86_400_000;
  return Math.max(0, Math.floor((now.getTime() - corpusEnd) / day)) * day;
}
