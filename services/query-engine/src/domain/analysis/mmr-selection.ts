/** Options of maximal marginal relevance selection. */
export interface MmrOptions {
  /** Weight of relevance against novelty (Carbonell & Goldstein's λ). */
  lambda: number;
  /** At most this many items are chosen. */
  limit: number;
  /** An item this similar to one already chosen is a near-duplicate and never chosen. */
  duplicateSimilarity: number;
  /** Items whose relevance is below this share of the best one's are not worth saying. */
  minRelativeRelevance: number;
}

export const DEFAULT_MMR: MmrOptions = { lambda: 0.7, limit: 6, duplicateSimilarity: 0.8, minRelativeRelevance: 0.3 };

/**
 * Maximal marginal relevance: repeatedly takes the item maximising
 * λ·relevance − (1 − λ)·(highest similarity to an item already taken), relevance scaled to the best
 * item's. With λ = 0.7 a sentence repeating a chosen one loses to a slightly less relevant one that
 * says something new; a near-duplicate (similarity ≥ `duplicateSimilarity`) is never taken, since
 * MMR alone would still take one when little else is relevant.
 */
export function selectByMmr<T>(
  items: readonly T[],
  relevance: (item: T) => number,
  similarity: (a: T, b: T) => number,
  options: MmrOptions = DEFAULT_MMR,
): T[] {
  const best = items.reduce((max, item) => Math.max(max, relevance(item)), 0);
  if (best <= 0) return [];
  const pool = items.filter((item) => relevance(item) >= options.minRelativeRelevance * best);
  const chosen: T[] = [];
  // The highest similarity of each pool item to anything chosen so far, updated as items are chosen.
  const closest = new Array<number>(pool.length).fill(0);
  const taken = new Array<boolean>(pool.length).fill(false);
  while (chosen.length < options.limit) {
    let pick = -1;
    let pickValue = -Infinity;
    for (let i = 0; i < pool.length; i++) {
      if (taken[i] || (closest[i] as number) >= options.duplicateSimilarity) continue;
      const value = options.lambda * (relevance(pool[i] as T) / best) - (1 - options.lambda) * (closest[i] as number);
      if (value > pickValue) {
        pickValue = value;
        pick = i;
      }
    }
    if (pick < 0) break;
    taken[pick] = true;
    const item = pool[pick] as T;
    chosen.push(item);
    for (let i = 0; i < pool.length; i++) {
      if (!taken[i]) closest[i] = Math.max(closest[i] as number, similarity(item, pool[i] as T));
    }
  }
  return chosen;
}
