/**
 * `npm run eval:scifact -- [--corpus F] [--queries F] [--qrels F] [--threads N] [--vectors F]`
 *
 * Retrieval quality on BEIR SciFact (defaults: ../shared/eval/scifact, dev split). The corpus goes
 * through the real index code: the SQLite FTS5 backend in a temporary directory, filled by a
 * rebuild (beginBuild → addFromSource → commit) through the VectorIndexingBackend, whose indexer
 * then embeds every document (the product's embedder, in workers). Every question runs through
 * bm25Retrieve and vectorRetrieve; the fusion of the two is chosen by five-fold cross-validation
 * (bench/support/fusion-cross-validation.ts), so the hybrid's figures are each question's with a
 * fusion chosen without it. Prints, per fold and over all dev questions, nDCG@10 and Recall@100 of
 * BM25, dense and hybrid (to stderr), the fusion the whole split chooses (the one to ship), and ONE
 * JSON line with all of it and timings (stdout).
 *
 * `--vectors F` keeps the vector index in F instead of the temporary directory: a second run
 * re-embeds only documents whose text changed (the indexer's own content-hash check).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  crossValidate,
  describeFusion,
  type Figures,
  type QuestionRuns,
} from '../bench/support/fusion-cross-validation';
import { bm25Retrieve, FUSION_DEPTH, vectorRetrieve } from '../services/query-engine/src/ask/retrieve';
import type { IndexedDocument } from '../services/query-engine/src/domain/indexed-document';
import { ThreadedEmbedder } from '../services/query-engine/src/embeddings/threaded.embedder';
import { VectorIndex } from '../services/query-engine/src/embeddings/vector-index';
import { VectorIndexer, vectorScheme } from '../services/query-engine/src/embeddings/vector-indexer';
import { VectorIndexingBackend } from '../services/query-engine/src/embeddings/vector-indexing.backend';
import { SqliteFts5Backend } from '../services/query-engine/src/search/index/sqlite/sqlite-fts5.backend';

const defaults = path.resolve(__dirname, '../../shared/eval/scifact');
const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: path.join(defaults, 'corpus.jsonl') },
    queries: { type: 'string', default: path.join(defaults, 'queries-dev.jsonl') },
    qrels: { type: 'string', default: path.join(defaults, 'qrels-dev.tsv') },
    threads: { type: 'string', default: '2' },
    vectors: { type: 'string' },
  },
});

interface CorpusLine {
  _id: string;
  title?: string;
  text?: string;
}
interface QueryLine {
  _id: string;
  text: string;
}

function readJsonLines<T>(file: string, what: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line, index) => {
      try {
        return JSON.parse(line) as T;
      } catch {
        throw new Error(`${what} ${file}: line ${index + 1} is not JSON`);
      }
    });
}

function readQrels(file: string): Map<string, Map<string, number>> {
  const qrels = new Map<string, Map<string, number>>();
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      const [queryId, documentId, grade] = line.trim().split('\t');
      if (!queryId || (index === 0 && queryId === 'query-id')) return;
      if (!documentId || grade === undefined || Number.isNaN(Number(grade)))
        throw new Error(`qrels ${file}: line ${index + 1} is not "query-id<TAB>corpus-id<TAB>score"`);
      const judged = qrels.get(queryId) ?? new Map<string, number>();
      judged.set(documentId, Number(grade));
      qrels.set(queryId, judged);
    });
  return qrels;
}

function toIndexedDocument(line: CorpusLine): IndexedDocument {
  const title = line.title ?? '';
  const text = line.text ?? '';
  return {
    id: line._id,
    title,
    text,
    description: '',
    sourceId: 'scifact',
    sourceName: 'SciFact',
    docketNumber: '',
    docketId: '',
    filingType: 'abstract',
    filingCategory: '',
    parties: [],
    filers: [],
    entities: [],
    pages: [{ number: 1, start: 0, end: text.length }],
    sha256: createHash('sha256').update(title).update('\n').update(text).digest('hex'),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

const round = (x: number, digits = 4) => Number(x.toFixed(digits));
const log = (message: string) => process.stderr.write(`${message}\n`);

async function main(): Promise<void> {
  const corpus = readJsonLines<CorpusLine>(values.corpus as string, 'corpus');
  const queries = readJsonLines<QueryLine>(values.queries as string, 'queries');
  const qrels = readQrels(values.qrels as string);
  const judgedQueries = queries.filter((q) => qrels.has(q._id));

  const dir = mkdtempSync(path.join(tmpdir(), 'eval-scifact-'));
  const embedder = new ThreadedEmbedder(Math.max(1, Number(values.threads)));
  const vectors = VectorIndex.open(
    values.vectors ? path.resolve(values.vectors) : path.join(dir, 'vectors.sqlite'),
    vectorScheme(embedder),
  );
  const sqlite = SqliteFts5Backend.open(path.join(dir, 'index.sqlite'));
  const indexer = new VectorIndexer({ index: vectors, embedder, documents: sqlite, batchSize: 32 });
  const backend = new VectorIndexingBackend(sqlite, indexer);
  try {
    let started = performance.now();
    const build = await backend.beginBuild();
    for (let i = 0; i < corpus.length; i += 1000)
      await build.addFromSource(corpus.slice(i, i + 1000).map(toIndexedDocument));
    await build.commit();
    const indexMs = performance.now() - started;
    log(`indexed ${corpus.length} documents in ${Math.round(indexMs)} ms; embedding ${indexer.pending()} …`);

    started = performance.now();
    const toEmbed = indexer.pending();
    let lastLog = 0;
    await indexer.drain((done, left) => {
      if (performance.now() - lastLog > 15_000) {
        lastLog = performance.now();
        log(
          `  embedded ${done} of ${toEmbed} ` +
            `(${(done / ((performance.now() - started) / 1000)).toFixed(1)} documents/s), ${left} left`,
        );
      }
    });
    const embedMs = performance.now() - started;
    log(`vectors ready in ${Math.round(embedMs)} ms`);

    const runs: QuestionRuns[] = [];
    const times = { bm25: [] as number[], vector: [] as number[] };
    for (const query of judgedQueries) {
      const t0 = performance.now();
      const lexical = await bm25Retrieve(backend, query.text, null, FUSION_DEPTH);
      const t1 = performance.now();
      const dense = await vectorRetrieve({ vectors, embedder, backend }, query.text, null, FUSION_DEPTH);
      const t2 = performance.now();
      runs.push({ id: query._id, judgments: qrels.get(query._id) as Map<string, number>, lexical, dense });
      times.bm25.push(t1 - t0);
      times.vector.push(t2 - t1);
    }
    const validated = crossValidate(runs, { folds: 5, depth: FUSION_DEPTH });
    const latency = (ms: number[]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      return { p50_ms: round(percentile(sorted, 50), 1), p95_ms: round(percentile(sorted, 95), 1) };
    };
    const figures = (f: Figures) => ({ ndcg10: round(f.ndcg10), recall100: round(f.recall100) });
    log('');
    log(`nDCG@10 / Recall@100, ${judgedQueries.length} dev questions in 5 folds`);
    log("(each fold's hybrid uses the fusion chosen on the other four)");
    log('fold  questions  BM25             dense            hybrid           fusion chosen');
    const cell = (f: Figures) => `${f.ndcg10.toFixed(4)} / ${f.recall100.toFixed(4)}`.padEnd(17);
    for (const fold of validated.folds)
      log(
        `${String(fold.fold + 1).padEnd(6)}${String(fold.questions).padEnd(11)}${cell(fold.bm25)}${cell(fold.dense)}` +
          `${cell(fold.hybrid)}${describeFusion(fold.chosen)}`,
      );
    const all = validated.heldOut;
    const count = String(judgedQueries.length).padEnd(11);
    log(`all   ${count}${cell(all.bm25)}${cell(all.dense)}${cell(all.hybrid)}(held out)`);
    log(`the whole dev split chooses: ${describeFusion(validated.chosenOnAll)} (its dev figure is not a measurement)`);
    const result = {
      dataset: path.basename(path.dirname(values.corpus as string)),
      documents: corpus.length,
      queries: judgedQueries.length,
      model: embedder.modelId,
      bm25: { ...figures(all.bm25), ...latency(times.bm25) },
      vector: { ...figures(all.dense), ...latency(times.vector) },
      hybrid_held_out: figures(all.hybrid),
      folds: validated.folds.map((fold) => ({
        fold: fold.fold + 1,
        questions: fold.questions,
        chosen: fold.chosen,
        bm25: figures(fold.bm25),
        vector: figures(fold.dense),
        hybrid: figures(fold.hybrid),
      })),
      fusion_chosen_on_dev: validated.chosenOnAll,
      timings: {
        index_ms: Math.round(indexMs),
        embed_ms: Math.round(embedMs),
        embedded_documents: toEmbed,
        documents_per_s: toEmbed > 0 ? round(toEmbed / (embedMs / 1000), 1) : null,
        embed_threads: Number(values.threads),
      },
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await embedder.close();
    await backend.close();
    vectors.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
