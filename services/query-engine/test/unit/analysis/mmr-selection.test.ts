import { selectByMmr } from '../../../src/domain/analysis';

interface Item {
  id: string;
  relevance: number;
  topic: string;
}

/** Items on one topic are similar (0.6), an exact repeat is 0.95, different topics 0. */
function similarity(a: Item, b: Item): number {
  if (a.id.replace(/'$/, '') === b.id.replace(/'$/, '')) return 0.95;
  return a.topic === b.topic ? 0.6 : 0;
}

describe('selectByMmr', () => {
  const items: Item[] = [
    { id: 'a', relevance: 1.0, topic: 'amount' },
    { id: "a'", relevance: 0.98, topic: 'amount' }, // a near-duplicate of a
    { id: 'b', relevance: 0.9, topic: 'amount' },
    { id: 'c', relevance: 0.8, topic: 'date' },
    { id: 'd', relevance: 0.1, topic: 'party' },
  ];
  const options = { lambda: 0.7, limit: 4, duplicateSimilarity: 0.8, minRelativeRelevance: 0.3 };

  it('prefers a less relevant item that says something new over a repetition', () => {
    const chosen = selectByMmr(items, (i) => i.relevance, similarity, options).map((i) => i.id);
    // After a: c (0.7·0.8 − 0 = 0.56) beats b (0.7·0.9 − 0.3·0.6 = 0.45); a' is a near-duplicate.
    expect(chosen).toEqual(['a', 'c', 'b']);
  });

  it('never takes a near-duplicate, even with nothing else left', () => {
    const chosen = selectByMmr(items.slice(0, 2), (i) => i.relevance, similarity, options).map((i) => i.id);
    expect(chosen).toEqual(['a']);
  });

  it('with λ = 1 is plain relevance order (duplicates still out), honours the limit and the relevance floor', () => {
    const chosen = selectByMmr(items, (i) => i.relevance, similarity, { ...options, lambda: 1, limit: 2 }).map(
      (i) => i.id,
    );
    expect(chosen).toEqual(['a', 'b']);
    const all = selectByMmr(items, (i) => i.relevance, similarity, { ...options, limit: 10 }).map((i) => i.id);
    expect(all).not.toContain('d'); // 0.1 is below 30 % of the best
  });

  it('chooses nothing when nothing is relevant', () => {
    expect(selectByMmr([{ id: 'x', relevance: 0, topic: 't' }], (i) => i.relevance, similarity, options)).toEqual([]);
  });
});
