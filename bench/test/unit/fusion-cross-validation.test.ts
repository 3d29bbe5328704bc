import {
  bestFusion,
  crossValidate,
  foldOf,
  fuse,
  type Fusion,
  type QuestionRuns,
} from '../../support/fusion-cross-validation';

const ranked = (...ids: string[]) => ids.map((documentId, i) => ({ documentId, score: ids.length - i }));

describe('fuse', () => {
  it('ranks by weighted reciprocal rank, the dense side weighted', () => {
    const lexical = ranked('a', 'b', 'c');
    const dense = ranked('c', 'b', 'a');
    expect(fuse({ method: 'rrf', k: 1, denseWeight: 0.1 }, lexical, dense, 3)).toEqual(['a', 'b', 'c']);
    expect(fuse({ method: 'rrf', k: 1, denseWeight: 3 }, lexical, dense, 3)).toEqual(['c', 'b', 'a']);
  });

  it('combines scores scaled within the question linearly, a missing document scoring 0 on that side', () => {
    const lexical = [
      { documentId: 'a', score: 10 },
      { documentId: 'b', score: 0 },
    ];
    const dense = [
      { documentId: 'b', score: 0.9 },
      { documentId: 'c', score: 0.5 },
    ];
    // a: 0.4 × 1; b: 0.4 × 0 + 0.6 × 1; c: 0.6 × 0.
    expect(fuse({ method: 'linear', denseWeight: 0.6 }, lexical, dense, 3)).toEqual(['b', 'a', 'c']);
  });
});

describe('crossValidate', () => {
  // Questions where the dense ranking holds the relevant document first and BM25 holds it last: the
  // fusion that favours dense wins on every fold.
  const questions: QuestionRuns[] = Array.from({ length: 40 }, (_, i) => ({
    id: `q${i}`,
    judgments: new Map([[`rel${i}`, 1]]),
    lexical: ranked(`x${i}`, `y${i}`, `rel${i}`),
    dense: ranked(`rel${i}`, `x${i}`, `y${i}`),
  }));
  const grid: Fusion[] = [
    { method: 'rrf', k: 10, denseWeight: 0.1 },
    { method: 'rrf', k: 10, denseWeight: 3 },
  ];

  it('scores each question with a fusion chosen on the other folds only', () => {
    const result = crossValidate(questions, { grid, folds: 5 });
    expect(result.folds).toHaveLength(5);
    expect(result.folds.reduce((sum, fold) => sum + fold.questions, 0)).toBe(40);
    for (const fold of result.folds) expect(fold.chosen).toEqual(grid[1]);
    expect(result.heldOut.hybrid.ndcg10).toBe(1);
    expect(result.heldOut.bm25.ndcg10).toBeCloseTo(0.5, 5);
    expect(result.heldOut.dense.recall100).toBe(1);
    expect(result.chosenOnAll).toEqual(grid[1]);
  });

  it('does not let a held-out fold choose its own fusion', () => {
    // One fold's questions favour BM25; the others favour dense: that fold gets dense's choice, and scores worse.
    const contrary = questions.map((q) =>
      foldOf(q.id, 5) === 0 ? { ...q, lexical: q.dense, dense: [...q.dense].reverse() } : q,
    );
    const result = crossValidate(contrary, { grid, folds: 5 });
    const first = result.folds[0]!;
    expect(first.chosen).toEqual(grid[1]);
    expect(
      bestFusion(
        contrary.filter((q) => foldOf(q.id, 5) === 0),
        grid,
        100,
      ),
    ).toEqual(grid[0]);
    expect(first.hybrid.ndcg10).toBeLessThan(1);
  });

  it('splits questions into folds the same way on every run', () => {
    expect(foldOf('q1', 5)).toBe(foldOf('q1', 5));
    const counts = [0, 0, 0, 0, 0];
    for (let i = 0; i < 1000; i += 1) counts[foldOf(`question-${i}`, 5)]! += 1;
    for (const count of counts) expect(count).toBeGreaterThan(150);
  });
});
