// Shaping data for the small bar charts: every month on the axis, and y ticks people count in.

/**
 * Every month from the first to the last one given (YYYY-MM), in order, with 0 where a month has no
 * row: a chart that skips empty months draws a gap as if nothing happened in between.
 */
export function everyMonth<const K extends string>(
  rows: readonly ({ month: string } & Record<K, number>)[],
  keys: readonly K[],
): ({ month: string } & Record<K, number>)[] {
  const valid = rows.filter((r) => /^\d{4}-(0[1-9]|1[0-2])$/.test(r.month));
  if (valid.length === 0) return [];
  const byMonth = new Map(valid.map((r) => [r.month, r]));
  const sorted = [...byMonth.keys()].sort();
  const zero = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  const out: ({ month: string } & Record<K, number>)[] = [];
  let [year, month] = sorted[0]!.split('-').map(Number) as [number, number];
  const last = sorted.at(-1)!;
  for (;;) {
    const label = `${year}-${String(month).padStart(2, '0')}`;
    const row = byMonth.get(label);
    out.push(row ? { ...zero, ...row, month: label } : { ...zero, month: label });
    if (label === last) return out;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

/**
 * Evenly spaced whole-number ticks from 0 to at least `max`, with a step of 1, 2 or 5 times a power
 * of ten and at most `maxIntervals` intervals: 0 1 2 3 4, or 0 2 4 6 8; never 0 1 2 4.
 */
export function integerTicks(max: number, maxIntervals = 5): number[] {
  const top = Math.max(1, Math.ceil(Number.isFinite(max) ? max : 0));
  for (let power = 1; ; power *= 10) {
    for (const multiple of [1, 2, 5]) {
      const step = multiple * power;
      const intervals = Math.ceil(top / step);
      if (intervals <= maxIntervals) return Array.from({ length: intervals + 1 }, (_, i) => i * step);
    }
  }
}
