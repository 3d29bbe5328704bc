/**
 * Search index benchmark (figures, never pass/fail): generated filings from @docket/corpus are built
 * into the SQLite FTS5 index through the real rebuild path (beginBuild → addFromSource → commit),
 * then timed queries run against it.
 *
 *   npx tsx bench/search.bench.ts                 # 100,000 filings
 *   npx tsx bench/search.bench.ts 1000000         # the issue's scale
 *   npx tsx bench/search.bench.ts 1000000 --reuse # search an index built earlier
 *   BENCH_QUERIES=300 BENCH_SEED=x ... --keep                           # keep the index file afterwards
 *   npx tsx bench/search.bench.ts 1000000 --reuse --vectors   # questions with hybrid retrieval
 *   npx tsx bench/search.bench.ts 1000000 --reuse --warm      # the search index read into the OS cache first
 *
 * Prints build time (wall and CPU) and rate, file size, peak RSS, and wall and CPU p50/p95 per query
 * kind: single terms (drawn by how often words occur, and from the distinct vocabulary), phrases,
 * 4-letter prefixes, boolean queries with two filters and facets, a term sorted by date, and filters
 * alone (a workspace's default view) with facets. Then questions (BENCH_QUESTIONS, default 100; half of
 * them in a workspace limited to one agency) through the real ask pipeline (AskService with BM25
 * retrieval over the stems, the 200-document result set fetched, the extractive analysis of the best
 * 10, the figures), its stage timings and wall/CPU p50/p95; nothing is stored (the MongoDB write is
 * left out). Retrieval is BM25 alone (VECTOR_SEARCH=off), or with --vectors the product's hybrid
 * retrieval over a vector index of random vectors for every document (synthetic-vectors.ts: the
 * time and memory of vector search at that size, not its quality) and the real model embedding each
 * question. Writes .data/bench/search.json.
 *
 * Without --warm the index file is as the OS cache holds it (just after a build or a restart, most of
 * a large file is read from disk for the first time: about 55 µs a random 4 KB read here); with --warm the
 * full-text tables of searches are read once first, the steady state of a server whose memory holds
 * them (about 11 GB at a million filings).
 */
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { generateCatalog, generateDockets, generateFilings } from '@docket/corpus';
import { repoRoot } from '@docket/local-infra';
import { createLogger } from '@docket/observability';
import { foldedWords, type QueryNode } from '@docket/query-language';
import { AskService, type AskInput } from '../services/query-engine/src/ask/ask.service';
import { AnalysisWriter } from '../services/query-engine/src/ask/llm';
import type { QueryRepository } from '../services/query-engine/src/ask/query.repository';
import { bm25Retrieve, HybridRetriever } from '../services/query-engine/src/ask/retrieve';
import { FiguresBuilder } from '../services/query-engine/src/domain/figures';
import type { IndexedDocument } from '../services/query-engine/src/domain/indexed-document';
import { emptySearchFilters, filtersToQuery } from '../services/query-engine/src/domain/search-filters';
import { ThreadedEmbedder } from '../services/query-engine/src/embeddings/threaded.embedder';
import type { VectorIndex } from '../services/query-engine/src/embeddings/vector-index';
import type { SearchQuery, SearchSortOrder } from '../services/query-engine/src/search/index/search-backend';
import { SqliteFts5Backend } from '../services/query-engine/src/search/index/sqlite/sqlite-fts5.backend';
import { printTable, round, summary, writeBenchResult, type Summary } from './support/bench-output';
import { questionAbout } from './support/filing-questions';
import { generatedDocuments, indexedFiling } from './support/generated-filings';
import { Random, STOPWORDS } from './support/query-sampling';
import { openSyntheticVectors } from './support/synthetic-vectors';

const count = Number(
  process.argv.find((arg, i) => i >= 2 && /^\d+$/u.test(arg)) ?? process.env.BENCH_FILINGS ?? 100_000,
);
const reuse = process.argv.includes('--reuse');
const withVectors = process.argv.includes('--vectors');
const warm = process.argv.includes('--warm');
const keep = process.argv.includes('--keep') || reuse;
const seed = process.env.BENCH_SEED ?? 'bench';
const perKind = Number(process.env.BENCH_QUERIES ?? 200);
const questionCount = Number(process.env.BENCH_QUESTIONS ?? 100);
const BATCH = 500;

interface Sample {
  /** Words of a sample of the filings, with how many times each occurs. */
  frequency: Map<string, number>;
  phrases: string[][];
  /** Questions about sampled filings, each with the filing's agency (a workspace may be limited to it). */
  questions: { question: string; agency: string }[];
  sources: string[];
  categories: string[];
}

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

interface Built {
  buildSeconds: number;
  /** CPU time of the index work alone (the figure that holds on a busy machine). */
  buildCpuSeconds: number;
  generateSeconds: number;
}

async function build(backend: SqliteFts5Backend, sample: Sample): Promise<Built> {
  const buildHandle = await backend.beginBuild();
  let indexMs = 0;
  let indexCpuMs = 0;
  let generateMs = 0;
  let batch: IndexedDocument[] = [];
  let done = 0;
  let generatedCount = 0;
  const flush = async () => {
    const started = performance.now();
    const cpu = cpuMs();
    await buildHandle.addFromSource(batch);
    indexMs += performance.now() - started;
    indexCpuMs += cpuMs() - cpu;
    done += batch.length;
    batch = [];
    if (process.stdout.isTTY)
      process.stdout.write(`\r  indexed ${done.toLocaleString('en-US')} / ${count.toLocaleString('en-US')}`);
  };
  let generated = performance.now();
  for (const document of generatedDocuments(seed, count)) {
    if (sample.phrases.length < 3000 && generatedCount++ % 97 === 0) collectSample(sample, document);
    batch.push(document);
    if (batch.length === BATCH) {
      generateMs += performance.now() - generated;
      await flush();
      generated = performance.now();
    }
  }
  generateMs += performance.now() - generated;
  if (batch.length > 0) await flush();
  if (process.stdout.isTTY) process.stdout.write('\n');
  const started = performance.now();
  const cpu = cpuMs();
  await buildHandle.commit(); // merges FTS5 segments, ANALYZE, swaps the file in
  indexMs += performance.now() - started;
  indexCpuMs += cpuMs() - cpu;
  return { buildSeconds: indexMs / 1000, buildCpuSeconds: indexCpuMs / 1000, generateSeconds: generateMs / 1000 };
}

const sampling = new Random(7);

function collectSample(sample: Sample, document: IndexedDocument): void {
  const words = foldedWords(`${document.title} ${document.text}`);
  for (const word of words) sample.frequency.set(word, (sample.frequency.get(word) ?? 0) + 1);
  for (let i = 0; i < 3; i++) {
    const start = Math.floor(sampling.next() * Math.max(1, words.length - 3));
    const phrase = words.slice(start, start + 2 + (i % 2));
    if (phrase.length >= 2) sample.phrases.push(phrase);
  }
  sample.questions.push({ question: questionAbout(document, sampling), agency: document.sourceId });
  if (!sample.sources.includes(document.sourceId)) sample.sources.push(document.sourceId);
  if (document.filingCategory && !sample.categories.includes(document.filingCategory))
    sample.categories.push(document.filingCategory);
}

/** Sample words again from an index built earlier (--reuse): the filings regenerate deterministically. */
function resample(sample: Sample): void {
  const catalog = generateCatalog(seed);
  const dockets = generateDockets(seed, catalog, Math.max(500, Math.round(count / 200)));
  let index = 0;
  for (const filing of generateFilings(seed, catalog, dockets, { count: Math.min(count, 300_000) })) {
    if (index++ % 97 === 0) collectSample(sample, indexedFiling(filing, undefined, ''));
    if (sample.phrases.length >= 3000) break;
  }
}

function queries(sample: Sample): Record<string, { query: QueryNode; sort: SearchSortOrder; facets: boolean }[]> {
  const random = new Random(42);
  const words = [...sample.frequency.entries()].filter(
    ([word]) => !STOPWORDS.has(word) && !/^\d+$/u.test(word) && word.length > 2,
  );
  const byOccurrence: string[] = words.flatMap(([word, n]) => Array<string>(n).fill(word));
  const distinct = words.filter(([, n]) => n >= 3).map(([word]) => word);
  const term = (value: string): QueryNode => ({ kind: 'term', value });
  const times = <T>(make: () => T) => Array.from({ length: perKind }, make);
  const twoFilters = () =>
    filtersToQuery({
      ...emptySearchFilters(),
      agencies: [random.pick(sample.sources)],
      filingTypes: [random.pick(sample.categories)],
    });
  return {
    'term (by occurrence)': times(() => ({ query: term(random.pick(byOccurrence)), sort: 'relevance', facets: false })),
    'term (distinct words)': times(() => ({ query: term(random.pick(distinct)), sort: 'relevance', facets: false })),
    phrase: times(() => ({
      query: { kind: 'phrase', value: random.pick(sample.phrases).join(' ') },
      sort: 'relevance',
      facets: false,
    })),
    'prefix (4 letters)': times(() => ({
      query: { kind: 'prefix', value: random.pick(distinct).slice(0, 4) },
      sort: 'relevance',
      facets: false,
    })),
    'boolean + 2 filters + facets': times(() => ({
      query: {
        kind: 'and',
        children: [
          { kind: 'or', children: [term(random.pick(byOccurrence)), term(random.pick(byOccurrence))] },
          { kind: 'not', child: term(random.pick(distinct)) },
          twoFilters(),
        ],
      },
      sort: 'relevance',
      facets: true,
    })),
    'term, newest first': times(() => ({
      query: term(random.pick(byOccurrence)),
      sort: 'filed_newest',
      facets: false,
    })),
    'filters only, newest first + facets': times(() => ({ query: twoFilters(), sort: 'filed_newest', facets: true })),
  };
}

/**
 * Questions through AskService as the query-engine wires it (BM25 alone as with VECTOR_SEARCH=off, or
 * hybrid with `vectors`), one at a time, after 5 to warm up; a stand-in for the query store only
 * hands out ids (nothing is written).
 */
async function timeQuestions(backend: SqliteFts5Backend, sample: Sample, vectors: VectorIndex | undefined) {
  const embedder = vectors ? new ThreadedEmbedder(1) : undefined;
  const asker = new AskService({
    index: backend,
    retriever:
      embedder && vectors
        ? new HybridRetriever(backend, { vectors, embedder })
        : { retrieve: (question, scope, k, budget) => bm25Retrieve(backend, question, scope, k, budget) },
    writer: new AnalysisWriter(),
    figures: new FiguresBuilder(),
    queries: { newId: () => 'bench', insert: async () => undefined } as unknown as QueryRepository,
    completedEvent: () => ({ topic: 'bench', key: 'bench', payload: new Uint8Array() }) as never,
    kick: () => undefined,
    defaultMode: 'extractive',
    budgetMs: 30_000,
    logger: createLogger('search-bench', 'warn'),
  });
  const random = new Random(99);
  const inputs: AskInput[] = Array.from({ length: questionCount + 5 }, (_, index) => {
    const { question, agency } = random.pick(sample.questions);
    const filters = { ...emptySearchFilters(), agencies: index % 2 === 0 ? [agency] : [] };
    return { question, filters, userId: 'bench', workspaceId: '' };
  });
  const stages = {
    retrieval: [] as number[],
    analysis: [] as number[],
    figures: [] as number[],
    total: [] as number[],
    cpu: [] as number[],
  };
  let results = 0;
  for (const [index, input] of inputs.entries()) {
    const cpu = cpuMs();
    const query = await asker.ask(input, () => undefined);
    if (index < 5) continue;
    stages.cpu.push(cpuMs() - cpu);
    stages.retrieval.push(query.timings.retrievalMs);
    stages.analysis.push(query.timings.analysisMs);
    stages.figures.push(query.timings.figuresMs);
    stages.total.push(query.timings.totalMs);
    results += query.resultIds.length;
  }
  await embedder?.close();
  return {
    retriever: vectors
      ? `hybrid (${vectors.documentCount.toLocaleString('en-US')} documents with synthetic vectors)`
      : 'BM25 alone',
    total: summary(stages.total),
    cpu: summary(stages.cpu),
    retrieval: summary(stages.retrieval),
    analysis: summary(stages.analysis),
    figures: summary(stages.figures),
    meanResults: Math.round(results / Math.max(1, stages.total.length)),
  };
}

/** Reads the full-text tables searches use, so that the OS caches them (see --warm). */
function warmSearchTables(indexPath: string): { mb: number; seconds: number } {
  const started = performance.now();
  const db = new Database(indexPath, { readonly: true });
  const columns = { documents_fts_data: 'block', documents_fts_idx: 'term', documents_fts_docsize: 'sz' };
  const bytes = Object.entries(columns)
    .map(([table, column]) => db.prepare(`SELECT sum(length(${column})) FROM ${table}`).pluck().get() as number)
    .reduce((a, b) => a + b, 0);
  db.close();
  return { mb: round(bytes / 2 ** 20), seconds: round((performance.now() - started) / 1000) };
}

async function main(): Promise<void> {
  if (!Number.isInteger(count) || count <= 0) throw new Error(`filing count must be a positive integer, got ${count}`);
  const dir = path.join(repoRoot, '.data', 'bench', `search-${count}`);
  const indexPath = path.join(dir, 'index.sqlite');
  if (!reuse) rmSync(dir, { recursive: true, force: true });
  else if (!existsSync(indexPath))
    throw new Error(`--reuse: no index at ${indexPath}; run once without --reuse (and with --keep)`);
  mkdirSync(dir, { recursive: true });

  let peakRss = process.memoryUsage().rss;
  const rssTimer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 200);
  rssTimer.unref();

  const opening = performance.now();
  const backend = SqliteFts5Backend.open(indexPath); // with --reuse: every document's facet values are read into memory
  const openSeconds = (performance.now() - opening) / 1000;
  const sample: Sample = { frequency: new Map(), phrases: [], questions: [], sources: [], categories: [] };
  let built: Built | undefined;
  if (!reuse) {
    console.log(
      `search bench: building an index of ${count.toLocaleString('en-US')} generated filings ` +
        `(seed ${JSON.stringify(seed)})`,
    );
    built = await build(backend, sample);
  } else {
    resample(sample);
  }
  const warmed = warm ? warmSearchTables(indexPath) : undefined;
  const buildRss = peakRss;
  const openRss = process.memoryUsage().rss;
  peakRss = Math.max(peakRss, openRss);
  const indexed = await backend.count();
  const bytes = ['', '-wal']
    .map((suffix) => (existsSync(indexPath + suffix) ? statSync(indexPath + suffix).size : 0))
    .reduce((a, b) => a + b, 0);

  const results: Record<string, Summary & { meanHits: number; moreThanCounted: number; cpu: Summary }> = {};
  for (const [kind, list] of Object.entries(queries(sample))) {
    const run = (item: (typeof list)[number]) => backend.search({ ...item, limit: 20 } satisfies SearchQuery);
    for (const item of list.slice(0, 10)) await run(item); // warm the statement cache and the pages this kind reads
    const timings: number[] = [];
    const cpuTimings: number[] = [];
    let hits = 0;
    let moreThanCounted = 0;
    for (const item of list) {
      const started = performance.now();
      const cpu = cpuMs();
      const result = await run(item);
      cpuTimings.push(cpuMs() - cpu);
      timings.push(performance.now() - started);
      hits += result.total;
      if (result.totalIsLowerBound) moreThanCounted++;
    }
    results[kind] = {
      ...summary(timings),
      meanHits: Math.round(hits / list.length),
      moreThanCounted,
      cpu: summary(cpuTimings),
    };
  }
  const synthetic = withVectors ? openSyntheticVectors(dir, indexPath) : undefined;
  const asked = await timeQuestions(backend, sample, synthetic?.vectors);
  synthetic?.vectors.close();
  clearInterval(rssTimer);
  await backend.close();
  if (!keep) rmSync(dir, { recursive: true, force: true });

  const result = {
    documents: indexed,
    seed,
    build: built
      ? {
          seconds: round(built.buildSeconds),
          cpuSeconds: round(built.buildCpuSeconds),
          documentsPerSecond: Math.round(count / built.buildSeconds),
          generateSeconds: round(built.generateSeconds),
        }
      : 'reused',
    indexMB: round(bytes / 2 ** 20),
    openSeconds: round(openSeconds, 2),
    warmed: warmed ?? 'no',
    peakRssMB: {
      build: round(buildRss / 2 ** 20),
      afterOpen: round(openRss / 2 ** 20),
      overall: round(peakRss / 2 ** 20),
    },
    searchMs: results,
    questionMs: asked,
  };
  printTable(`search bench: ${indexed.toLocaleString('en-US')} documents`, [
    [
      'build',
      built
        ? `${round(built.buildSeconds)} s, ${round(built.buildCpuSeconds)} s CPU ` +
          `(${Math.round(count / built.buildSeconds)} docs/s; ` +
          `generating them took ${round(built.generateSeconds)} s more)`
        : 'reused',
    ],
    ['index file', `${result.indexMB} MB`],
    [
      'index opened',
      reuse ? `in ${result.openSeconds} s (facet values loaded), RSS then ${result.peakRssMB.afterOpen} MB` : 'new',
    ],
    [
      'OS cache',
      warmed ? `search tables read first (${warmed.mb} MB in ${warmed.seconds} s)` : 'as found (not warmed)',
    ],
    ['peak RSS', `${result.peakRssMB.build} MB building, ${result.peakRssMB.overall} MB overall`],
    ['load average (1 min)', String(round(os.loadavg()[0] ?? 0, 2))],
    ...Object.entries(results).map(([kind, s]): [string, string] => [
      kind,
      `p50 ${s.p50} ms, p95 ${s.p95} ms, max ${s.max} ms; CPU p50 ${s.cpu.p50} ms, ` +
        `p95 ${s.cpu.p95} ms (${s.count} queries, ${s.meanHits} hits on average, ` +
        `counted up to the limit; ${s.moreThanCounted} with more)`,
    ]),
    [
      'questions retrieved by',
      `${asked.retriever}${synthetic ? `, vector index opened in ${round(synthetic.loadSeconds)} s` : ''}`,
    ],
    [
      'question, whole (ask pipeline)',
      `p50 ${asked.total.p50} ms, p95 ${asked.total.p95} ms, max ${asked.total.max} ms; ` +
        `CPU p50 ${asked.cpu.p50} ms, p95 ${asked.cpu.p95} ms ` +
        `(${asked.total.count} questions, ${asked.meanResults} results on average)`,
    ],
    ...(['retrieval', 'analysis', 'figures'] as const).map((stage): [string, string] => [
      `  ${stage}`,
      `p50 ${asked[stage].p50} ms, p95 ${asked[stage].p95} ms`,
    ]),
  ]);
  console.log(`  wrote ${writeBenchResult('search', result)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
