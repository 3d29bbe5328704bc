/**
 * Embeddings and vector search (figures, never pass/fail).
 *
 *   npx tsx bench/embeddings.bench.ts
 *   BENCH_PASSAGES=256 BENCH_VECTORS=100000 BENCH_QUERIES=200 npx tsx bench/embeddings.bench.ts
 *
 * 1. Embedding throughput of bge-small-en-v1.5 (int8 ONNX, the product's model): passages/s and
 *    per CPU-second on the calling thread, and with the worker pool at 1 and 2 threads; then a
 *    question's embedding as the ask pipeline asks it (the pool's question worker, bge's query
 *    instruction): p50/p95 over BENCH_QUERIES SciFact questions. Passages are SciFact abstracts cut as
 *    the indexer cuts documents (when ../shared/eval/scifact is there), else generated sentences.
 * 2. Vector search at BENCH_VECTORS synthetic unit vectors (384 dimensions, int8 in memory,
 *    2 passages a document): k = 100 without a filter, with a broad filter checked per candidate
 *    (a third of the documents pass), and restricted to a listed set of 1,000 documents.
 * 3. Memory per vector: the matrix's bytes, and the process's heap + external growth while loading.
 * Writes .data/bench/embeddings.json.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { compileQuery, parseQuery } from '@docket/query-language';
import {
  BGE_SMALL_DIMENSIONS,
  BGE_SMALL_MODEL_ID,
  BgeSmallEmbedder,
} from '../services/query-engine/src/embeddings/bge-small.embedder';
import type { FilterMetadata } from '../services/query-engine/src/embeddings/filter-metadata';
import { documentPassages } from '../services/query-engine/src/embeddings/passages';
import { ThreadedEmbedder } from '../services/query-engine/src/embeddings/threaded.embedder';
import { VectorIndex } from '../services/query-engine/src/embeddings/vector-index';
import { machine, printTable, round, summary, writeBenchResult } from './support/bench-output';
import { seededUnitVectors } from './support/unit-vectors';

const PASSAGES = Number(process.env.BENCH_PASSAGES ?? 192);
const VECTORS = Number(process.env.BENCH_VECTORS ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 100);
const PASSAGES_PER_DOCUMENT = 2;

function samplePassages(): { passages: string[]; source: string; passagesPerDocument: number } {
  const scifact = path.resolve(__dirname, '../../shared/eval/scifact/corpus.jsonl');
  if (existsSync(scifact)) {
    const documents = readFileSync(scifact, 'utf8')
      .split('\n')
      .filter(Boolean)
      .slice(0, 400)
      .map((line) => JSON.parse(line) as { title: string; text: string });
    const perDocument = documents.map((d) => documentPassages(d.title, d.text));
    return {
      passages: perDocument.flat().slice(0, PASSAGES),
      source: 'scifact abstracts',
      passagesPerDocument: perDocument.reduce((sum, p) => sum + p.length, 0) / perDocument.length,
    };
  }
  const words = (
    'the commission order tariff rate pipeline filing docket utility ' +
    'hearing rehearing settlement refund customers energy gas electric'
  ).split(' ');
  const passages = Array.from({ length: PASSAGES }, (_, i) =>
    Array.from({ length: 90 }, (_, w) => words[(i * 7 + w * 13) % words.length]).join(' '),
  );
  return { passages, source: 'generated text', passagesPerDocument: 1 };
}

/**
 * Passages per wall-clock second, and per CPU second of the process (worker threads included):
 * the latter is what one idle core does, whatever else the machine is running.
 */
async function timeEmbedding(
  embed: (texts: string[]) => Promise<unknown>,
  passages: string[],
): Promise<{ per_s: number; per_cpu_s: number }> {
  await embed(passages.slice(0, 8)); // warm-up: model load
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  await embed(passages);
  const cpu = process.cpuUsage(cpuStarted);
  return {
    per_s: round(passages.length / ((performance.now() - started) / 1000)),
    per_cpu_s: round(passages.length / ((cpu.user + cpu.system) / 1e6)),
  };
}

/** A question's embedding as the ask pipeline asks it: the pool's question worker, bge's query instruction. */
async function timeQuestions(): Promise<{ p50: number; p95: number; questions: number }> {
  const file = path.resolve(__dirname, '../../shared/eval/scifact/queries-dev.jsonl');
  const questions = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { text: string }).text)
        .slice(0, QUERIES)
    : Array.from({ length: QUERIES }, (_, i) => `Does the commission's order ${i} change the rate design?`);
  const pool = new ThreadedEmbedder(1, 8, { questionThread: true });
  await pool.embed(['warm-up'], { purpose: 'query' }); // the model's load is not a question's time
  const times: number[] = [];
  for (const question of questions) {
    const started = performance.now();
    await pool.embed([question], { purpose: 'query' });
    times.push(performance.now() - started);
  }
  await pool.close();
  const { p50, p95 } = summary(times);
  return { p50: round(p50), p95: round(p95), questions: questions.length };
}

async function main(): Promise<void> {
  // 1. Embedding throughput
  const { passages, source, passagesPerDocument } = samplePassages();
  const meanChars = passages.reduce((sum, p) => sum + p.length, 0) / passages.length;
  const single = await BgeSmallEmbedder.load();
  const inThread = await timeEmbedding((t) => single.embed(t), passages);
  await single.close();
  const threaded: Record<string, { per_s: number; per_cpu_s: number }> = {};
  for (const threads of [1, 2]) {
    const pool = new ThreadedEmbedder(threads, 8);
    threaded[`threads_${threads}`] = await timeEmbedding((t) => pool.embed(t), passages);
    await pool.close();
  }
  const questionEmbedding = await timeQuestions();
  const embedding = {
    question_embedding_ms: questionEmbedding,
    model: BGE_SMALL_MODEL_ID,
    source,
    passages: passages.length,
    mean_passage_chars: Math.round(meanChars),
    passages_per_document: round(passagesPerDocument, 2),
    in_thread_passages: inThread,
    worker_pool_passages: threaded,
    // One idle core's rate; two cores give about twice that with EMBEDDING_THREADS=2.
    documents_per_cpu_s: round(inThread.per_cpu_s / passagesPerDocument, 2),
  };

  // 2 + 3. Vector search and memory at VECTORS synthetic vectors
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-vectors-'));
  const documents = Math.ceil(VECTORS / PASSAGES_PER_DOCUMENT);
  const random = seededUnitVectors(42, BGE_SMALL_DIMENSIONS);
  global.gc?.();
  const before = process.memoryUsage();
  const index = VectorIndex.open(path.join(dir, 'vectors.sqlite'), {
    modelId: 'bench-synthetic',
    dimensions: BGE_SMALL_DIMENSIONS,
  });
  const loadStarted = performance.now();
  const agencies = ['ferc', 'cpuc', 'nyps'];
  index.db.transaction(() => {
    for (let d = 0; d < documents; d++) {
      const metadata: FilterMetadata = {
        sourceId: agencies[d % 3] as string,
        agencies: [],
        docketNumber: `ER24-${d % 5000}-000`,
        filingType: 'Order',
        filingCategory: 'Order',
        parties: [],
        entities: [],
        filedAt: new Date(Date.UTC(2020, 0, 1 + (d % 1500))).toISOString(),
      };
      index.put(`doc-${d}`, `sha-${d}`, metadata, Array.from({ length: PASSAGES_PER_DOCUMENT }, random));
    }
  })();
  const loadMs = performance.now() - loadStarted;
  global.gc?.();
  const after = process.memoryUsage();
  const queries = Array.from({ length: QUERIES }, seededUnitVectors(7, BGE_SMALL_DIMENSIONS));
  const broad = compileQuery(parseQuery('agency:cpuc'));
  const listed = new Set(Array.from({ length: 1000 }, (_, i) => `doc-${(i * 37) % documents}`));
  // Wall time, and the process's CPU time per query: on a shared machine the wall time mostly
  // measures the other processes; the CPU time is what one idle core would take.
  const time = (run: (q: Float32Array) => unknown) => {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (const q of queries) {
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      run(q);
      const used = process.cpuUsage(cpuStarted);
      wall.push(performance.now() - started);
      cpu.push((used.user + used.system) / 1000);
    }
    return { wall: summary(wall), cpu: summary(cpu) };
  };
  index.search(queries[0] as Float32Array, 100); // warm-up (JIT)
  const search = {
    vectors: index.matrix.vectorCount,
    documents: index.documentCount,
    k: 100,
    unfiltered_ms: time((q) => index.search(q, 100)),
    broad_filter_ms: time((q) => index.search(q, 100, { filter: broad })),
    listed_1000_ms: time((q) => index.search(q, 100, { restrictTo: listed })),
  };
  const memory = {
    matrix_bytes_per_vector: round(index.matrix.allocatedBytes / index.matrix.vectorCount, 1),
    matrix_bytes_per_vector_used: 4 + 1 * BGE_SMALL_DIMENSIONS + 4,
    // `external` includes ArrayBuffers (the matrix) and SQLite's memory is outside both.
    process_bytes_per_vector: round(
      (after.heapUsed + after.external - before.heapUsed - before.external) / index.matrix.vectorCount,
      1,
    ),
    float32_bytes_per_vector_for_comparison: 4 * BGE_SMALL_DIMENSIONS,
    load_ms: Math.round(loadMs),
  };
  index.close();
  rmSync(dir, { recursive: true, force: true });

  printTable(`embeddings (bge-small-en-v1.5 int8, onnxruntime-node), load ${machine().loadAverage1m}`, [
    ['passages', `${embedding.passages} (${source}, ~${embedding.mean_passage_chars} chars)`],
    ['in thread', `${inThread.per_s} passages/s (${inThread.per_cpu_s} per CPU second)`],
    [
      'worker pool 1 thread',
      `${threaded.threads_1?.per_s} passages/s (${threaded.threads_1?.per_cpu_s} per CPU second)`,
    ],
    [
      'worker pool 2 threads',
      `${threaded.threads_2?.per_s} passages/s (${threaded.threads_2?.per_cpu_s} per CPU second)`,
    ],
    [
      'documents per CPU second',
      `${embedding.documents_per_cpu_s} at ${embedding.passages_per_document} passages/document`,
    ],
    [
      "a question's embedding, p50 / p95 (ms)",
      `${questionEmbedding.p50} / ${questionEmbedding.p95} over ${questionEmbedding.questions} questions`,
    ],
  ]);
  const row = (t: ReturnType<typeof time>) => `${t.wall.p50} / ${t.wall.p95}  (CPU ${t.cpu.p50} / ${t.cpu.p95})`;
  printTable(
    `vector search, ${search.vectors} vectors / ${search.documents} documents, k=100, wall ms p50 / p95 (CPU ms)`,
    [
      ['unfiltered', row(search.unfiltered_ms)],
      ['broad filter (1/3 pass)', row(search.broad_filter_ms)],
      ['1,000 listed documents', row(search.listed_1000_ms)],
    ],
  );
  printTable('memory per vector (bytes)', [
    ['matrix (allocated)', memory.matrix_bytes_per_vector],
    ['process growth (heap + external)', memory.process_bytes_per_vector],
    ['float32 would take', memory.float32_bytes_per_vector_for_comparison],
  ]);
  const file = writeBenchResult('embeddings', { machine: machine(), embedding, search, memory });
  console.log(`wrote ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
