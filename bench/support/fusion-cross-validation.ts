/**
 * Choosing how BM25 and the dense ranking are fused without measuring on the questions it was chosen
 * on: five-fold cross-validation over the dev questions. Each fold's fusion is the grid's best on the
 * other four folds (by nDCG@10); the held-out figures score every question with a fusion chosen without
 * it. The fusion chosen on every question is what the product ships; its figure on those same questions
 * is never reported.
 */
import { createHash } from 'node:crypto';
import { fuseRankings, type Fusion } from '../../services/query-engine/src/ask/retrieve';
import { meanOver, ndcgAt, recallAt, type Judgments } from '../../services/query-engine/src/search/ranking-metrics';

export type { Fusion };

/** A ranked list, best first; higher scores are better. */
export interface Ranked {
  documentId: string;
  score: number;
}

/** One judged question with both rankings read for it. */
export interface QuestionRuns {
  id: string;
  judgments: Judgments;
  lexical: readonly Ranked[];
  dense: readonly Ranked[];
}

export interface Figures {
  ndcg10: number;
  recall100: number;
}

export interface CrossValidation {
  folds: { fold: number; questions: number; chosen: Fusion; bm25: Figures; dense: Figures; hybrid: Figures }[];
  /** Every question scored in its held-out fold: BM25 and dense have nothing tuned, the hybrid its fold's fusion. */
  heldOut: { bm25: Figures; dense: Figures; hybrid: Figures };
  /** The fusion the whole dev split chooses: the one to ship (its dev figure would be tuned and measured at once). */
  chosenOnAll: Fusion;
}

/** The grid: RRF's k and the dense weight, and linear weights of the dense side. */
export function fusionGrid(): Fusion[] {
  const grid: Fusion[] = [];
  for (const k of [5, 10, 20, 40, 60, 100])
    for (const denseWeight of [0.1, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3]) grid.push({ method: 'rrf', k, denseWeight });
  for (let i = 0; i <= 20; i += 1) grid.push({ method: 'linear', denseWeight: i / 20 });
  return grid;
}

export function describeFusion(fusion: Fusion): string {
  return fusion.method === 'rrf'
    ? `rrf k=${fusion.k} dense weight ${fusion.denseWeight}`
    : `linear, dense ${fusion.denseWeight} / BM25 ${Number((1 - fusion.denseWeight).toFixed(2))}`;
}

/** The fused ranking, best first, as deep as `depth`: the product's own fusion (ask/retrieve.ts). */
export function fuse(fusion: Fusion, lexical: readonly Ranked[], dense: readonly Ranked[], depth: number): string[] {
  return fuseRankings(fusion, lexical, dense, depth).map((hit) => hit.documentId);
}

/** A question's fold, from a hash of its id: the same split on every run and machine. */
export function foldOf(questionId: string, folds: number): number {
  return createHash('sha256').update(`fold:${questionId}`).digest().readUInt32BE(0) % folds;
}

function figuresOf(questions: readonly QuestionRuns[], rank: (question: QuestionRuns) => readonly string[]): Figures {
  const ranked = questions.map((question) => ({ question, ranking: rank(question) }));
  return {
    ndcg10: meanOver(ranked, ({ question, ranking }) => ndcgAt(ranking, question.judgments, 10)),
    recall100: meanOver(ranked, ({ question, ranking }) => recallAt(ranking, question.judgments, 100)),
  };
}

const ids = (ranking: readonly Ranked[]) => ranking.map((hit) => hit.documentId);

/** The grid's fusion with the best mean nDCG@10 over `questions` (the first of equals, in grid order). */
export function bestFusion(questions: readonly QuestionRuns[], grid: readonly Fusion[], depth: number): Fusion {
  let best = grid[0] as Fusion;
  let bestScore = -1;
  for (const fusion of grid) {
    const { ndcg10 } = figuresOf(questions, (q) => fuse(fusion, q.lexical, q.dense, depth));
    if (ndcg10 > bestScore + 1e-12) {
      best = fusion;
      bestScore = ndcg10;
    }
  }
  return best;
}

export function crossValidate(
  questions: readonly QuestionRuns[],
  options: { folds?: number; grid?: readonly Fusion[]; depth?: number } = {},
): CrossValidation {
  const folds = options.folds ?? 5;
  const grid = options.grid ?? fusionGrid();
  const depth = options.depth ?? 100;
  const fusedFor = new Map<string, readonly string[]>();
  const perFold: CrossValidation['folds'] = [];
  for (let fold = 0; fold < folds; fold += 1) {
    const held = questions.filter((q) => foldOf(q.id, folds) === fold);
    const chosen = bestFusion(
      questions.filter((q) => foldOf(q.id, folds) !== fold),
      grid,
      depth,
    );
    for (const question of held) fusedFor.set(question.id, fuse(chosen, question.lexical, question.dense, depth));
    perFold.push({
      fold,
      questions: held.length,
      chosen,
      bm25: figuresOf(held, (q) => ids(q.lexical)),
      dense: figuresOf(held, (q) => ids(q.dense)),
      hybrid: figuresOf(held, (q) => fusedFor.get(q.id) ?? []),
    });
  }
  return {
    folds: perFold,
    heldOut: {
      bm25: figuresOf(questions, (q) => ids(q.lexical)),
      dense: figuresOf(questions, (q) => ids(q.dense)),
      hybrid: figuresOf(questions, (q) => fusedFor.get(q.id) ?? []),
    },
    chosenOnAll: bestFusion(questions, grid, depth),
  };
}
