/**
 * Text → vector. Implementations return unit-length vectors, so a dot product is the cosine
 * similarity and scores from one model are comparable across calls.
 */
export interface Embedder {
  /** Names the model and its version: vectors from different models must never be compared. */
  readonly modelId: string;
  readonly dimensions: number;
  /**
   * One vector per text, in order; an empty text gets a vector too (of whatever the model makes of it).
   * `background` work (the embedding backlog) waits behind every request a user is waiting for.
   */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
  close(): Promise<void>;
}

/** What a text is for: a model may embed a query (a short question) differently from what it should find. */
export type EmbedPurpose = 'query' | 'passage';

export interface EmbedOptions {
  background?: boolean;
  /** Default 'passage'. */
  purpose?: EmbedPurpose;
}

/** Scales a vector to unit length in place (a zero vector stays zero) and returns it. */
export function normalizeInPlace(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += (vector[i] as number) * (vector[i] as number);
  if (sum === 0) return vector;
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] as number) * scale;
  return vector;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] as number) * (b[i] as number);
  return sum;
}
