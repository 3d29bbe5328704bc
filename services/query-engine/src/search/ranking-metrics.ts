/**
 * Ranking-quality measures with the definitions of BEIR / pytrec_eval (trec_eval's `ndcg_cut` and
 * `recall`), so figures compare with published ones:
 * - nDCG@k: gain = the judged relevance grade (trec_eval's linear gain; for SciFact's 0/1 grades
 *   it equals 2^rel − 1), discount log2(rank + 1), ideal = the judged grades sorted, cut at k;
 *   a query with no relevant judgment scores 0 (BEIR keeps only queries that have one);
 * - Recall@k: relevant documents (grade > 0) in the top k / all relevant documents.
 * Documents without a judgment count as grade 0.
 */

/** Judgments for one query: document id → relevance grade. */
export type Judgments = ReadonlyMap<string, number>;

export function ndcgAt(ranking: readonly string[], judgments: Judgments, k: number): number {
  let dcg = 0;
  const seen = new Set<string>();
  let rank = 0;
  for (const id of ranking) {
    if (rank >= k) break;
    // trec_eval counts a document once; a run that repeats one must not earn its gain twice.
    if (seen.has(id)) continue;
    seen.add(id);
    dcg += gain(judgments.get(id) ?? 0) / Math.log2(rank + 2);
    rank += 1;
  }
  const ideal = [...judgments.values()]
    .filter((grade) => grade > 0)
    .sort((a, b) => b - a)
    .slice(0, k);
  const idcg = ideal.reduce((sum, grade, index) => sum + gain(grade) / Math.log2(index + 2), 0);
  return idcg === 0 ? 0 : dcg / idcg;
}

export function recallAt(ranking: readonly string[], judgments: Judgments, k: number): number {
  const relevant = [...judgments].filter(([, grade]) => grade > 0).map(([id]) => id);
  if (relevant.length === 0) return 0;
  const top = new Set(ranking.slice(0, k));
  return relevant.filter((id) => top.has(id)).length / relevant.length;
}

function gain(grade: number): number {
  return grade > 0 ? grade : 0;
}

/** The mean of a measure over queries (each query weighs the same, as in BEIR). */
export function meanOver<T>(items: readonly T[], measure: (item: T) => number): number {
  if (items.length === 0) return 0;
  return items.reduce((sum, item) => sum + measure(item), 0) / items.length;
}
