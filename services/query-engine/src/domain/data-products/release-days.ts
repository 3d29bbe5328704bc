/**
 * The days monthly releases describe: the last `count` month-ends on or before `newestDay`
 * (YYYY-MM-DD), oldest first. A month is released once it is over.
 */
export function monthEndsUpTo(newestDay: string, count: number): string[] {
  const [year, month] = newestDay.split('-').map(Number) as [number, number];
  const endOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  // A month whose last day is newestDay is over; otherwise the month before is the latest one that is.
  let m = endOf(year, month) === newestDay ? month : month - 1;
  let y = year;
  const days: string[] = [];
  for (let i = 0; i < count; i++) {
    if (m === 0) {
      m = 12;
      y -= 1;
    }
    days.unshift(endOf(y, m));
    m -= 1;
  }
  return days;
}

/** The month a release describes, as its version ("2026-10"). */
export function releaseVersionOf(asOf: string): string {
  return asOf.slice(0, 7);
}
