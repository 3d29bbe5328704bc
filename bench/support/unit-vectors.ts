import { normalizeInPlace } from '../../services/query-engine/src/embeddings/embedder';

/** Random unit vectors from a seed (the same sequence every run), for vector search benches. */
export function seededUnitVectors(seed: number, dimensions: number): () => Float32Array {
  let state = seed >>> 0;
  const next = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32 - 0.5;
  return () => normalizeInPlace(Float32Array.from({ length: dimensions }, next));
}
