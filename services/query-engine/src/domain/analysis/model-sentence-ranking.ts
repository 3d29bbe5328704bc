import type { ScoredSentence, SentenceRanking } from './sentence-ranking';

/** Embeds texts with the search's model (unit vectors); a question as a query, sentences as passages. */
export interface SentenceModel {
  embed(texts: readonly string[], options: { purpose: 'query' | 'passage' }): Promise<Float32Array[]>;
}

export interface ModelRankingOptions {
  /** Share of the model's similarity in the blended score, 0 (BM25 alone) to 1 (the model alone). */
  weight: number;
  /** How many of the best BM25 sentences the model re-scores (the cost: one embedding each). */
  candidates: number;
}

/**
 * Re-ranks a ranking's best sentences with the embedding model: each of the `candidates` best gets
 * (1 − weight) · its score scaled to the best one's + weight · its cosine with the question scaled
 * within the candidates; the rest keep their scaled score behind them. Scores stay comparable
 * within the ranking (the fact-source floor and MMR read them).
 */
export async function rankWithModel(
  ranking: SentenceRanking,
  model: SentenceModel,
  options: ModelRankingOptions,
): Promise<SentenceRanking> {
  const head = ranking.ranked.slice(0, options.candidates);
  const best = head[0]?.score ?? 0;
  if (head.length < 2 || best <= 0 || options.weight <= 0) return ranking;
  const texts = head.map((s) => s.document.text.slice(s.start, s.end));
  const [[question], vectors] = await Promise.all([
    model.embed([ranking.question], { purpose: 'query' }),
    model.embed(texts, { purpose: 'passage' }),
  ]);
  const similarities = vectors.map((vector) => dotProduct(question!, vector));
  const low = Math.min(...similarities);
  const span = Math.max(...similarities) - low;
  const blended = (sentence: ScoredSentence, similarity: number | undefined): ScoredSentence => {
    const lexical = (1 - options.weight) * (sentence.score / best);
    const semantic = similarity === undefined || span <= 0 ? 0 : options.weight * ((similarity - low) / span);
    return { ...sentence, score: lexical + semantic };
  };
  const rescored = head.map((sentence, i) => blended(sentence, similarities[i]));
  rescored.sort((a, b) => b.score - a.score || a.documentRank - b.documentRank || a.start - b.start);
  const rest = ranking.ranked.slice(head.length).map((sentence) => blended(sentence, undefined));
  return { ...ranking, ranked: [...rescored, ...rest] };
}

function dotProduct(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}
