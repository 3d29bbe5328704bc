/**
 * Seeded pseudo-random numbers. mulberry32 is tiny, fast and good enough for synthetic data; every
 * generated item derives its own stream from (seed, label, index) so items can be produced lazily,
 * in any order, and still be identical for a given seed.
 */

export type Seed = number | string;

/** 32-bit hash of any number of parts (xmur3-style mixing over their string form). */
export function hashParts(...parts: readonly (string | number)[]): number {
  let h = 1779033703;
  for (const part of parts) {
    const s = typeof part === 'number' ? `#${part}` : part;
    for (let i = 0; i < s.length; i++) {
      h = Math.imul(h ^ s.charCodeAt(i), 3432918353);
      h = (h << 13) | (h >>> 19);
    }
    h = Math.imul(h ^ 0x7c, 3432918353); // separator, so ('ab','c') differs from ('a','bc')
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A new stream for a labelled sub-task, independent of how much this one has been used. */
  static derive(seed: Seed, ...labels: readonly (string | number)[]): Rng {
    return new Rng(hashParts(String(seed), ...labels));
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight; `weightOf` must be non-negative with a positive sum. */
  weighted<T>(items: readonly T[], weightOf: (item: T) => number): T {
    let total = 0;
    for (const item of items) total += weightOf(item);
    let r = this.next() * total;
    for (const item of items) {
      r -= weightOf(item);
      if (r < 0) return item;
    }
    return items[items.length - 1] as T;
  }

  /** `n` distinct items (fewer if the list is shorter), in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    const out: T[] = [];
    while (out.length < n && copy.length > 0) {
      const i = Math.floor(this.next() * copy.length);
      out.push(copy[i] as T);
      copy[i] = copy[copy.length - 1] as T;
      copy.pop();
    }
    return out;
  }

  /** Roughly normal (sum of three uniforms), clamped to [min, max]. */
  normal(mean: number, spread: number, min = -Infinity, max = Infinity): number {
    const z = (this.next() + this.next() + this.next() - 1.5) * 2;
    return Math.min(max, Math.max(min, mean + z * spread));
  }

  /** Heavy-tailed positive weight (Pareto, alpha > 0); used for "a few dockets are very active". */
  pareto(alpha: number): number {
    return 1 / Math.pow(1 - this.next(), 1 / alpha);
  }
}

/** Binary search in a cumulative weight table: index of the first entry > r. */
export function pickCumulative(cumulative: Float64Array, r: number): number {
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((cumulative[mid] as number) > r) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
