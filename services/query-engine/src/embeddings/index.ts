/** What the embeddings feature offers the rest of the service. */
export type { Embedder } from './embedder';
export type { VectorIndex } from './vector-index';
