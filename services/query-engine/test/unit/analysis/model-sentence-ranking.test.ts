import { AnalysisWriter } from '../../../src/ask/llm';
import {
  rankSentences,
  rankWithModel,
  type RetrievedDocument,
  type SentenceModel,
  type SentenceRanking,
} from '../../../src/domain/analysis';
import { rateCaseDecision } from './fixtures/filings';

const QUESTION = 'What rate increase did the commission approve?';
const retrieved: RetrievedDocument[] = [{ document: rateCaseDecision, score: 1 }];

/** A model that finds a text similar to the question when it mentions `word` (unit vectors on two axes). */
function modelPreferring(word: RegExp): SentenceModel & { calls: { texts: readonly string[]; purpose: string }[] } {
  const calls: { texts: readonly string[]; purpose: string }[] = [];
  return {
    calls,
    async embed(texts, { purpose }) {
      calls.push({ texts, purpose });
      return texts.map((text) =>
        purpose === 'query' || word.test(text) ? Float32Array.of(1, 0) : Float32Array.of(0, 1),
      );
    },
  };
}

const quotes = (ranking: SentenceRanking) => ranking.ranked.map((s) => s.document.text.slice(s.start, s.end));

describe('rankWithModel', () => {
  const bm25 = rankSentences(QUESTION, retrieved);

  it('moves the sentences the model finds closest to the question up among the best, by its weight', async () => {
    expect(bm25.ranked.length).toBeGreaterThan(3);
    const last = quotes(bm25)[bm25.ranked.length - 1]!;
    const word = new RegExp(last.split(/\W+/).find((w) => w.length > 6 && !quotes(bm25)[0]!.includes(w))!);
    const model = modelPreferring(word);
    const reranked = await rankWithModel(bm25, model, { weight: 0.9, candidates: bm25.ranked.length });
    expect(quotes(reranked)[0]).toMatch(word);
    expect(new Set(quotes(reranked))).toEqual(new Set(quotes(bm25)));
    // The question as a query, the sentences as passages.
    expect(model.calls.map((c) => c.purpose).sort()).toEqual(['passage', 'query']);

    const light = await rankWithModel(bm25, modelPreferring(word), { weight: 0.01, candidates: bm25.ranked.length });
    expect(quotes(light)[0]).toBe(quotes(bm25)[0]);
  });

  it('embeds only the best candidates and keeps the rest behind them in BM25 order', async () => {
    const model = modelPreferring(/./);
    const reranked = await rankWithModel(bm25, model, { weight: 0.5, candidates: 2 });
    expect(model.calls.find((c) => c.purpose === 'passage')!.texts).toHaveLength(2);
    expect(quotes(reranked).slice(2)).toEqual(quotes(bm25).slice(2));
    const scores = reranked.ranked.map((s) => s.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });
});

describe('AnalysisWriter with a sentence model', () => {
  it('answers from the model-ranked sentences, and from BM25 alone when the model fails', async () => {
    const first = quotes(rankSentences(QUESTION, retrieved))[0]!;
    const failing: SentenceModel = {
      embed: () => Promise.reject(new Error('the model went away')),
    };
    const warnings: string[] = [];
    const writer = new AnalysisWriter({
      sentenceModel: { model: failing, options: { weight: 0.5, candidates: 10 } },
      logger: { warn: (_details, message) => warnings.push(message) },
    });
    const analysis = await writer.write(QUESTION, retrieved, 'extractive');
    const sentences = analysis.sections.flatMap((s) => s.sentences.map((x) => x.citations[0]!.quote));
    expect(sentences).toContain(first);
    expect(warnings).toEqual(['sentences ranked without the model: it failed']);
  });
});
