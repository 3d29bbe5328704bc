import { dot, normalizeInPlace } from '../../../src/embeddings/embedder';
import { decodeVectors, encodeVectors, quantize, VectorMatrix } from '../../../src/embeddings/vector-matrix';

function randomUnit(dimensions: number, seed: number): Float32Array {
  let s = seed;
  const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32 - 0.5;
  return normalizeInPlace(Float32Array.from({ length: dimensions }, next));
}

describe('quantize', () => {
  it('keeps cosine scores within 0.01 of float32 and round-trips through the disk encoding', () => {
    const dims = 128;
    const vectors = Array.from({ length: 20 }, (_, i) => randomUnit(dims, i + 1));
    const query = randomUnit(dims, 99);
    const q = decodeVectors(encodeVectors(quantize(vectors, dims), dims), dims);
    expect(q.count).toBe(20);
    vectors.forEach((vector, v) => {
      let sum = 0;
      for (let d = 0; d < dims; d++) sum += (q.codes[v * dims + d] as number) * (query[d] as number);
      expect(Math.abs(sum * (q.scales[v] as number) - dot(vector, query))).toBeLessThan(0.01);
    });
  });

  it('refuses a vector of the wrong size and a blob that is not whole vectors', () => {
    expect(() => quantize([new Float32Array(3)], 4)).toThrow('3 dimensions, expected 4');
    expect(() => decodeVectors(new Uint8Array(7), 4)).toThrow('not a multiple of 8');
  });

  it('stores a zero vector as zeros', () => {
    const q = quantize([new Float32Array(4)], 4);
    expect([...q.codes]).toEqual([0, 0, 0, 0]);
    expect(q.scales[0]).toBe(0);
  });
});

describe('VectorMatrix', () => {
  const dims = 32;
  const unit = (i: number) => randomUnit(dims, i);

  function exactRanking(docs: Map<string, Float32Array[]>, query: Float32Array): string[] {
    return [...docs]
      .map(([id, vs]) => ({ id, s: Math.max(...vs.map((v) => dot(v, query))) }))
      .sort((a, b) => b.s - a.s)
      .map((x) => x.id);
  }

  it('ranks documents by their best passage, best first, like an exact float32 scan', () => {
    const matrix = new VectorMatrix(dims, 16);
    const docs = new Map<string, Float32Array[]>();
    for (let i = 0; i < 300; i++) {
      const vs = [unit(i * 3 + 1), unit(i * 3 + 2)];
      docs.set(`d${i}`, vs);
      matrix.set(`d${i}`, quantize(vs, dims));
    }
    const query = unit(7777);
    const top = matrix
      .rank(query)
      .next(10)
      .map((hit) => hit.documentId);
    const exact = exactRanking(docs, query).slice(0, 10);
    // int8 may swap near-ties; the sets agree
    expect(new Set(top)).toEqual(new Set(exact));
    expect(matrix.documentCount).toBe(300);
    expect(matrix.vectorCount).toBe(600);
  });

  it('hands out the ranking in chunks that concatenate to the full order', () => {
    const matrix = new VectorMatrix(dims);
    for (let i = 0; i < 200; i++) matrix.set(`d${i}`, quantize([unit(i + 1)], dims));
    const query = unit(4242);
    const all = matrix
      .rank(query)
      .next(1000)
      .map((h) => h.documentId);
    const ranked = matrix.rank(query);
    const chunks = [...ranked.next(3), ...ranked.next(12), ...ranked.next(60), ...ranked.next(1000)].map(
      (h) => h.documentId,
    );
    expect(chunks).toEqual(all);
    expect(all).toHaveLength(200);
    expect(ranked.next(5)).toEqual([]);
  });

  it('replaces, deletes and reuses slots', () => {
    const matrix = new VectorMatrix(dims);
    matrix.set('a', quantize([unit(1), unit(2)], dims));
    matrix.set('b', quantize([unit(3)], dims));
    matrix.set('a', quantize([unit(4)], dims));
    expect(matrix.vectorCount).toBe(2);
    expect(matrix.delete('b')).toBe(true);
    expect(matrix.delete('b')).toBe(false);
    matrix.set('c', quantize([unit(5)], dims));
    expect(matrix.vectorCount).toBe(2);
    const hits = matrix.rank(unit(4)).next(10);
    expect(hits.map((h) => h.documentId)).toEqual(['a', 'c']);
    expect(hits[0]?.score).toBeCloseTo(1, 2);
  });

  it('searches only the allowed documents when given a set', () => {
    const matrix = new VectorMatrix(dims);
    for (let i = 0; i < 50; i++) matrix.set(`d${i}`, quantize([unit(i + 1)], dims));
    const hits = matrix.rank(unit(3), new Set(['d7', 'd2', 'unknown'])).next(10);
    expect(hits.map((h) => h.documentId)).toEqual(['d2', 'd7']);
  });

  it('refuses a query of the wrong size', () => {
    expect(() => new VectorMatrix(dims).rank(new Float32Array(3))).toThrow('3 dimensions');
  });
});
