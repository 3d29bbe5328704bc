import type { EntityKind } from './entity-mention';
import type { Candidate } from './organisation.extractor';

// Dockets win over anything inside them (a date in a docket number is not a date), then agencies (an
// agency is not also an organisation), then the longest span; ties go to the more specific kind.
const TIER: Record<EntityKind, number> = {
  docket: 0,
  agency: 1,
  money: 2,
  percentage: 2,
  date: 2,
  organisation: 2,
  person: 2,
  place: 2,
};
const TIE_BREAK: Record<EntityKind, number> = {
  docket: 0,
  agency: 1,
  money: 2,
  percentage: 3,
  date: 4,
  organisation: 5,
  person: 6,
  place: 7,
};

/** Keeps non-overlapping candidates, best first; returns them in text order. Linear in total span length. */
export function resolveOverlaps<T extends Candidate>(candidates: T[], textLength: number): T[] {
  const ranked = [...candidates].sort(
    (a, b) =>
      TIER[a.kind] - TIER[b.kind] ||
      b.end - b.start - (a.end - a.start) ||
      TIE_BREAK[a.kind] - TIE_BREAK[b.kind] ||
      a.start - b.start,
  );
  const taken = new Uint8Array(textLength + 1);
  const kept: T[] = [];
  for (const candidate of ranked) {
    if (candidate.end <= candidate.start) continue;
    let free = true;
    for (let i = candidate.start; i < candidate.end; i++) {
      if (taken[i]) {
        free = false;
        break;
      }
    }
    if (!free) continue;
    taken.fill(1, candidate.start, candidate.end);
    kept.push(candidate);
  }
  return kept.sort((a, b) => a.start - b.start);
}
