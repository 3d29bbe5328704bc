/** What the search benches draw their queries with: a seeded random source and the words not worth searching. */

/** Words that say nothing about a filing; a user would not search for them alone. */
export const STOPWORDS = new Set(
  (
    'a an and are as at be by for from has have in is it its of on or that the this to was were will with ' +
    'which not no all any our we their they been may shall such these those other than into per'
  ).split(' '),
);

/** mulberry32: small and seeded, so a bench draws the same queries on every run. */
export class Random {
  private state: number;
  constructor(value: number) {
    this.state = value >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
}
