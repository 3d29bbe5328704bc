/** UTC bucket keys used by the per-source activity counters and the entity timelines. */
export const dayKey = (at: Date): string => at.toISOString().slice(0, 10);
export const hourKey = (at: Date): string => at.toISOString().slice(0, 13);
export const monthKey = (at: Date): string => at.toISOString().slice(0, 7);

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The keys of the `hours` whole hours ending with the one containing `now`, oldest first. */
export function lastHours(now: Date, hours: number): string[] {
  return Array.from({ length: hours }, (_, i) => hourKey(new Date(now.getTime() - (hours - 1 - i) * HOUR_MS)));
}

/** The keys of the `days` days ending with today, oldest first. */
export function lastDays(now: Date, days: number): string[] {
  return Array.from({ length: days }, (_, i) => dayKey(new Date(now.getTime() - (days - 1 - i) * DAY_MS)));
}
