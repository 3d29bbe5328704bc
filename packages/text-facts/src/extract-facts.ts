import { extractDates } from './date.extractor';
import { extractMoney } from './money.extractor';
import { extractPercentages } from './percentage.extractor';
import type { DateFact, MoneyFact, PercentageFact } from './text-fact';

export type AnyFact = MoneyFact | PercentageFact | DateFact;

const TIE_BREAK: Record<AnyFact['kind'], number> = { money: 0, percentage: 1, date: 2 };

/**
 * Amounts, percentages and dates of `text`, without overlaps (the longest span wins: "$14.5–$16
 * million" over "$16 million"; ties go to money, then percentages), in text order.
 */
export function extractFacts(text: string): AnyFact[] {
  const candidates: AnyFact[] = [...extractMoney(text), ...extractPercentages(text), ...extractDates(text)];
  candidates.sort(
    (a, b) => b.end - b.start - (a.end - a.start) || TIE_BREAK[a.kind] - TIE_BREAK[b.kind] || a.start - b.start,
  );
  const kept: AnyFact[] = [];
  for (const candidate of candidates) {
    if (candidate.end <= candidate.start) continue;
    // Facts per text are few (tens), so a scan of the kept ones is cheaper than a span bitmap.
    if (kept.some((other) => candidate.start < other.end && other.start < candidate.end)) continue;
    kept.push(candidate);
  }
  return kept.sort((a, b) => a.start - b.start);
}
