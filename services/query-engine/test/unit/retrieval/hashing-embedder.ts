import { foldedWords } from '@docket/query-language';
import { normalizeInPlace, type Embedder } from '../../../src/embeddings/embedder';

/**
 * A deterministic stand-in for the real model in unit tests: a bag of words hashed into a few
 * dimensions, so texts sharing words are similar. It counts calls and texts, and can be told to fail.
 */
export class HashingEmbedder implements Embedder {
  readonly modelId = 'test-hashing-v1';
  readonly dimensions = 64;
  calls = 0;
  texts: string[] = [];
  failNext = 0;
  /** When set, embed waits for this before answering (to interleave events with a batch). */
  gate: Promise<void> | undefined;

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    this.calls += 1;
    this.texts.push(...texts);
    if (this.gate) await this.gate;
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('model failure (test)');
    }
    return texts.map((text) => hashVector(text, this.dimensions));
  }

  async close(): Promise<void> {}
}

export function hashVector(text: string, dimensions = 64): Float32Array {
  const vector = new Float32Array(dimensions);
  for (const word of foldedWords(text)) {
    let h = 2166136261;
    for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 16777619);
    const slot = (h >>> 0) % dimensions;
    vector[slot] = (vector[slot] as number) + 1;
  }
  return normalizeInPlace(vector);
}
