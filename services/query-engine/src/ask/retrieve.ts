import { compileQuery, normalizeQuery, type QueryNode } from '@docket/query-language';
import type { Embedder, VectorIndex } from '../embeddings';
import type { QueryBudget, SearchBackend } from '../search';
import { questionTerms } from './question-query';

/** One retrieved document; higher scores are better, and lists are best first. */
export interface RetrievedHit {
  documentId: string;
  score: number;
}

/** The constant of reciprocal rank fusion (Cormack et al. 2009): 1 / (60 + rank). */
export const RRF_K = 60;
/**
 * How the BM25 and dense rankings become one: reciprocal rank fusion (1 / (k + rank), the dense side
 * weighted), or a linear combination of each ranking's scores scaled to [0, 1] within the question (a
 * document missing from a ranking gets 0 there).
 */
export type Fusion = { method: 'rrf'; k: number; denseWeight: number } | { method: 'linear'; denseWeight: number };

/**
 * The fusion the hybrid uses, CHOSEN BY FIVE-FOLD CROSS-VALIDATION on the SciFact dev split (npm run
 * eval:scifact over RRF k × dense weight and linear weights; every fold chose linear at 0.5–0.55 with
 * bge-small-en-v1.5): scores scaled within the question, dense 0.55, BM25 0.45. On the held-out folds,
 * nDCG@10 0.749 against BM25's 0.704 and dense's 0.724.
 */
export const DEFAULT_FUSION: Fusion = { method: 'linear', denseWeight: 0.55 };
/**
 * The fusion the ask pipeline retrieves with, where SciFact's choice measured worse end to end
 * (npm run eval:answers:e2e -- --vectors on, 20,000 filings: a company's current proceeding 0.90
 * against BM25's 0.975). A question about a proceeding turns on its words (a company's name, a docket
 * number), which BM25 ranks first; the vectors break its near-ties and answer a question that shares
 * no word with the filings.
 */
export const ANSWER_FUSION: Fusion = { method: 'rrf', k: 10, denseWeight: 0.1 };
/** How deep each ranking is read before fusing (a document below it contributes nothing). */
export const FUSION_DEPTH = 100;
/**
 * Above this many documents with vectors, the vector side no longer scans every vector (about 1 ms
 * of CPU per 1,000 vectors: 2 to 3 s at a million filings, bench/embeddings.bench.ts) but re-ranks
 * BM25's best RERANK_CANDIDATES (under 10 ms), which keeps a question at scale under its 1.5 s goal.
 * Below it, the vectors also find documents that share no word with the question.
 */
export const VECTOR_SCAN_LIMIT = 100_000;
export const RERANK_CANDIDATES = 1000;
/**
 * With filters, the vector side first asks the search backend for the documents that pass: when
 * they fit in one page of this size it searches only those; otherwise (a broad filter) it checks
 * candidates against the filter in score order.
 */
export const FILTER_PROBE_LIMIT = 1000;

/** The filters as a query, or null when they constrain nothing (absent, or an empty group). */
function scopeOf(filters: QueryNode | null | undefined): QueryNode | null {
  if (!filters) return null;
  const normalized = normalizeQuery(filters);
  return (normalized.kind === 'and' || normalized.kind === 'or') && normalized.children.length === 0
    ? null
    : normalized;
}

/**
 * BM25 through the search backend: the question's meaningful words, any of them in a stemmed form,
 * within the filters; the best `k`.
 */
export async function bm25Retrieve(
  backend: SearchBackend,
  question: string,
  filters: QueryNode | null,
  k: number,
  budget?: QueryBudget,
): Promise<RetrievedHit[]> {
  const words = questionTerms(question);
  if (words.length === 0 || k <= 0) return [];
  return backend.rankForQuestion(words, scopeOf(filters), k, budget);
}

export interface VectorRetrievalDeps {
  vectors: VectorIndex;
  embedder: Embedder;
  /** Lists the documents that pass restrictive filters; without it every filter is checked per candidate. */
  backend?: SearchBackend | undefined;
}

/**
 * The `k` documents whose passages are most similar to the question, among those that pass the
 * filters (exactly: see VectorIndex.search). Filters must be field and date filters (the scope of
 * a workspace or request), which the vector index can check on its own metadata.
 */
export async function vectorRetrieve(
  deps: VectorRetrievalDeps,
  question: string,
  filters: QueryNode | null,
  k: number,
  candidates?: ReadonlySet<string>,
  budget?: QueryBudget,
): Promise<RetrievedHit[]> {
  if (k <= 0 || !question.trim()) return [];
  const scope = scopeOf(filters);
  if (scope && containsText(scope))
    throw new Error('vector retrieval filters must be field and date filters, not words');
  // The filter probe runs while the question is embedded: the embedding may wait behind the
  // indexing backlog, and that wait must not spend the index read's time budget.
  const probing =
    scope && !candidates && deps.backend
      ? deps.backend.search({ query: scope, sort: 'filed_newest', limit: FILTER_PROBE_LIMIT, facets: false }, budget)
      : undefined;
  const [[vector], probe] = await Promise.all([deps.embedder.embed([question], { purpose: 'query' }), probing]);
  if (!vector) return [];
  // Candidates come from a retrieval that respected the filters already.
  if (candidates) return deps.vectors.search(vector, k, { restrictTo: candidates });
  if (!scope) return deps.vectors.search(vector, k);
  if (probe && !probe.nextCursor)
    return deps.vectors.search(vector, k, { restrictTo: new Set(probe.hits.map((hit) => hit.documentId)) });
  return deps.vectors.search(vector, k, { filter: compileQuery(scope) });
}

function containsText(node: QueryNode): boolean {
  switch (node.kind) {
    case 'term':
    case 'phrase':
    case 'prefix':
      return true;
    case 'field':
    case 'range':
      return false;
    case 'not':
      return containsText(node.child);
    case 'and':
    case 'or':
      return node.children.some(containsText);
  }
}

/**
 * Reciprocal rank fusion: each document scores Σ weight / (RRF_K + rank) over the rankings it is
 * in (rank from 1); ties keep the order of first appearance. Robust to the rankings' incomparable
 * score scales, which is why it fuses BM25 and cosine similarity here.
 */
export function reciprocalRankFusion(
  rankings: ReadonlyArray<{ hits: readonly RetrievedHit[]; weight?: number }>,
  k: number,
  rrfK = RRF_K,
): RetrievedHit[] {
  const scores = new Map<string, number>();
  for (const { hits, weight = 1 } of rankings) {
    const seen = new Set<string>();
    hits.forEach((hit, index) => {
      if (seen.has(hit.documentId)) return;
      seen.add(hit.documentId);
      scores.set(hit.documentId, (scores.get(hit.documentId) ?? 0) + weight / (rrfK + index + 1));
    });
  }
  return [...scores]
    .map(([documentId, score]) => ({ documentId, score }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k);
}

/** Each ranking's scores scaled to [0, 1] within the question, weighted and summed; the best `k`. */
export function linearFusion(
  lexical: readonly RetrievedHit[],
  dense: readonly RetrievedHit[],
  denseWeight: number,
  k: number,
): RetrievedHit[] {
  const scores = new Map<string, number>();
  const add = (hits: readonly RetrievedHit[], weight: number) => {
    const low = Math.min(...hits.map((hit) => hit.score));
    const span = Math.max(...hits.map((hit) => hit.score)) - low;
    const seen = new Set<string>();
    for (const hit of hits) {
      if (seen.has(hit.documentId)) continue; // a document counts once per ranking, at its best
      seen.add(hit.documentId);
      const scaled = span > 0 ? (hit.score - low) / span : 1;
      scores.set(hit.documentId, (scores.get(hit.documentId) ?? 0) + weight * scaled);
    }
  };
  add(lexical, 1 - denseWeight);
  add(dense, denseWeight);
  return [...scores]
    .map(([documentId, score]) => ({ documentId, score }))
    .sort((a, b) => b.score - a.score || a.documentId.localeCompare(b.documentId))
    .slice(0, k);
}

/** The two rankings fused as `fusion` says; the best `k`. */
export function fuseRankings(
  fusion: Fusion,
  lexical: readonly RetrievedHit[],
  dense: readonly RetrievedHit[],
  k: number,
): RetrievedHit[] {
  return fusion.method === 'rrf'
    ? reciprocalRankFusion([{ hits: lexical }, { hits: dense, weight: fusion.denseWeight }], k, fusion.k)
    : linearFusion(lexical, dense, fusion.denseWeight, k);
}

export interface HybridOptions {
  /** Depth read from each ranking before fusing (at least k). */
  depth?: number | undefined;
  /** Default DEFAULT_FUSION. */
  fusion?: Fusion | undefined;
  /** Documents with vectors above which the vectors re-rank BM25's candidates (default VECTOR_SCAN_LIMIT). */
  scanLimit?: number | undefined;
}

/**
 * BM25 and vectors, each `depth` deep, fused (DEFAULT_FUSION unless told);
 * the best `k`. On a large vector index the vectors re-rank BM25's candidates (see VECTOR_SCAN_LIMIT).
 */
export async function hybridRetrieve(
  backend: SearchBackend,
  vectors: Omit<VectorRetrievalDeps, 'backend'>,
  question: string,
  filters: QueryNode | null,
  k: number,
  options: HybridOptions = {},
  budget?: QueryBudget,
): Promise<RetrievedHit[]> {
  const depth = Math.max(k, options.depth ?? FUSION_DEPTH);
  let lexical: RetrievedHit[];
  let semantic: RetrievedHit[];
  if (vectors.vectors.documentCount > (options.scanLimit ?? VECTOR_SCAN_LIMIT)) {
    const candidates = await bm25Retrieve(backend, question, filters, Math.max(depth, RERANK_CANDIDATES), budget);
    lexical = candidates.slice(0, depth);
    semantic = await vectorRetrieve(
      { ...vectors, backend },
      question,
      filters,
      depth,
      new Set(candidates.map((hit) => hit.documentId)),
      budget,
    );
  } else {
    [lexical, semantic] = await Promise.all([
      bm25Retrieve(backend, question, filters, depth, budget),
      vectorRetrieve({ ...vectors, backend }, question, filters, depth, undefined, budget),
    ]);
  }
  return fuseRankings(options.fusion ?? DEFAULT_FUSION, lexical, semantic, k);
}

/**
 * The retriever the ask pipeline takes (its Retriever interface): hybrid retrieval within a scope
 * (the workspace's and the request's filters as a query).
 */
export class HybridRetriever {
  constructor(
    private readonly backend: SearchBackend,
    private readonly vectors: Omit<VectorRetrievalDeps, 'backend'>,
    private readonly options: HybridOptions = {},
  ) {}

  retrieve(question: string, scope: QueryNode, k: number, budget?: QueryBudget): Promise<RetrievedHit[]> {
    return hybridRetrieve(this.backend, this.vectors, question, scope, k, this.options, budget);
  }
}
