import { meanOver, ndcgAt, recallAt } from '../../../src/search/ranking-metrics';

const judged = (entries: Array<[string, number]>) => new Map(entries);

describe('nDCG@k (trec_eval ndcg_cut definition)', () => {
  it('is 1 for the ideal ranking and 0 when nothing relevant is retrieved', () => {
    const j = judged([
      ['a', 1],
      ['b', 1],
    ]);
    expect(ndcgAt(['a', 'b', 'x'], j, 10)).toBeCloseTo(1, 10);
    expect(ndcgAt(['x', 'y'], j, 10)).toBe(0);
  });

  it('discounts by log2(rank + 1) and normalises by the ideal from the judgments', () => {
    // Relevant at ranks 2 and 4 of two relevant: DCG = 1/log2(3) + 1/log2(5); IDCG = 1 + 1/log2(3).
    const j = judged([
      ['a', 1],
      ['b', 1],
    ]);
    const expected = (1 / Math.log2(3) + 1 / Math.log2(5)) / (1 + 1 / Math.log2(3));
    expect(ndcgAt(['x', 'a', 'y', 'b'], j, 10)).toBeCloseTo(expected, 12);
  });

  it('uses the grade as gain (linear, as pytrec_eval) and ignores what falls below k', () => {
    const j = judged([
      ['a', 2],
      ['b', 1],
      ['c', 0],
    ]);
    // ranking b, a: DCG = 1 + 2/log2(3); IDCG = 2 + 1/log2(3)
    expect(ndcgAt(['b', 'a'], j, 10)).toBeCloseTo((1 + 2 / Math.log2(3)) / (2 + 1 / Math.log2(3)), 12);
    // cut at 1: only b counts; the ideal is cut at 1 too (a, grade 2)
    expect(ndcgAt(['b', 'a'], j, 1)).toBeCloseTo(1 / 2, 12);
    // a judged-irrelevant document earns nothing
    expect(ndcgAt(['c'], j, 10)).toBe(0);
  });

  it('counts a repeated document once', () => {
    const j = judged([['a', 1]]);
    expect(ndcgAt(['a', 'a'], j, 10)).toBeCloseTo(1, 12);
    expect(ndcgAt(['x', 'x', 'a'], j, 2)).toBeCloseTo(1 / Math.log2(3), 12);
  });

  it('scores a query without relevant judgments 0', () => {
    expect(ndcgAt(['a'], judged([['a', 0]]), 10)).toBe(0);
  });
});

describe('Recall@k', () => {
  it('is the share of relevant documents in the top k', () => {
    const j = judged([
      ['a', 1],
      ['b', 1],
      ['c', 1],
      ['d', 0],
    ]);
    expect(recallAt(['a', 'd', 'x', 'b'], j, 3)).toBeCloseTo(1 / 3, 12);
    expect(recallAt(['a', 'd', 'x', 'b'], j, 4)).toBeCloseTo(2 / 3, 12);
    expect(recallAt([], j, 100)).toBe(0);
  });
});

describe('meanOver', () => {
  it('weighs every query the same and is 0 for none', () => {
    expect(meanOver([1, 0, 0.5], (x) => x)).toBeCloseTo(0.5, 12);
    expect(meanOver([], (x: number) => x)).toBe(0);
  });
});
