/**
 * OpenSearch backend benchmark (figures, never pass/fail): starts one local node (as
 * `npm run opensearch` does, heap 1 GB), builds generated filings from @docket/corpus into it
 * through the real rebuild path (beginBuild → addFromSource → commit), upserts some more one by one
 * (the event path), then times the same query kinds as the SQLite bench
 * (bench/search.bench.ts), so the two backends compare.
 *
 *   npx tsx bench/opensearch.bench.ts                  # 20,000 filings
 *   npx tsx bench/opensearch.bench.ts 100000
 *   npx tsx bench/opensearch.bench.ts --url http://127.0.0.1:9200   # a node already running (no start/RSS figures)
 *   BENCH_QUERIES=100 BENCH_HEAP=1g ...
 *
 * Prints node start time and resident memory (idle, after the build, at the end), build time and
 * rate, index size, per-event upsert time, p50/p95 per query kind; writes .data/bench/opensearch.json.
 * The node it started is stopped and its data deleted at the end.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@opensearch-project/opensearch';
import { freePort, repoRoot } from '@docket/local-infra';
import { ensureOpenSearchJars, startOpenSearch, type RunningOpenSearch } from '@docket/local-infra/src/opensearch';
import { foldedWords, type QueryNode } from '@docket/query-language';
import type { IndexedDocument } from '../services/query-engine/src/domain/indexed-document';
import { emptySearchFilters, filtersToQuery } from '../services/query-engine/src/domain/search-filters';
import { OpenSearchBackend } from '../services/query-engine/src/search/index/opensearch/opensearch.backend';
import type { SearchQuery, SearchSortOrder } from '../services/query-engine/src/search/index/search-backend';
import { printTable, round, summary, writeBenchResult, type Summary } from './support/bench-output';
import { generatedDocuments } from './support/generated-filings';
import { Random, STOPWORDS } from './support/query-sampling';

const args = process.argv.slice(2);
const urlArg = args.indexOf('--url');
const givenUrl = urlArg >= 0 ? args[urlArg + 1] : undefined;
const count = Number(
  args.find((arg, i) => /^\d+$/u.test(arg) && args[i - 1] !== '--url') ?? process.env.BENCH_FILINGS ?? 20_000,
);
const perKind = Number(process.env.BENCH_QUERIES ?? 200);
const heap = process.env.BENCH_HEAP ?? '1g';
const seed = process.env.BENCH_SEED ?? 'bench';
const BATCH = 500;
const LIVE_UPSERTS = 500;
interface Sample {
  frequency: Map<string, number>;
  phrases: string[][];
  sources: string[];
  categories: string[];
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
  if (!sample.sources.includes(document.sourceId)) sample.sources.push(document.sourceId);
  if (document.filingCategory && !sample.categories.includes(document.filingCategory))
    sample.categories.push(document.filingCategory);
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
    'prefix (3 letters)': times(() => ({
      query: { kind: 'prefix', value: random.pick(distinct).slice(0, 3) },
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

/** Resident memory of a process (VmRSS), in MB; undefined when it is not ours to read. */
function rssMB(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)/mu.exec(status)?.[1]);
    return Number.isFinite(kb) ? round(kb / 1024) : undefined;
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  if (!Number.isInteger(count) || count <= 0) throw new Error(`filing count must be a positive integer, got ${count}`);
  const dir = path.join(repoRoot, '.data', 'bench', 'opensearch-node');
  let node: RunningOpenSearch | undefined;
  let startSeconds: number | undefined;
  let url = givenUrl;
  if (!url) {
    const jars = await ensureOpenSearchJars((message) => console.log(`  ${message}`));
    fs.rmSync(dir, { recursive: true, force: true });
    const started = performance.now();
    node = await startOpenSearch({ jars, dir, port: await freePort(), maxHeap: heap });
    startSeconds = (performance.now() - started) / 1000;
    url = node.url;
    console.log(`opensearch bench: node up at ${url} in ${round(startSeconds)} s (heap ${heap})`);
  }
  const pid = node?.process.pid;
  const idleRss = rssMB(pid);
  let peakRss = idleRss ?? 0;
  const rssTimer = setInterval(() => {
    peakRss = Math.max(peakRss, rssMB(pid) ?? 0);
  }, 250);
  rssTimer.unref();

  const alias = `bench-${Date.now().toString(36)}`;
  const backend = await OpenSearchBackend.open({ url, index: alias, requestTimeoutMs: 120_000 });
  try {
    console.log(
      `opensearch bench: building an index of ${count.toLocaleString('en-US')} generated filings ` +
        `(seed ${JSON.stringify(seed)})`,
    );
    const sample: Sample = { frequency: new Map(), phrases: [], sources: [], categories: [] };
    const build = await backend.beginBuild();
    let indexMs = 0;
    let generateMs = 0;
    let batch: IndexedDocument[] = [];
    let done = 0;
    const live: IndexedDocument[] = [];
    let generatedAt = performance.now();
    const flush = async () => {
      const started = performance.now();
      await build.addFromSource(batch);
      indexMs += performance.now() - started;
      done += batch.length;
      batch = [];
      if (process.stdout.isTTY)
        process.stdout.write(`\r  indexed ${done.toLocaleString('en-US')} / ${count.toLocaleString('en-US')}`);
    };
    let seen = 0;
    for (const document of generatedDocuments(seed, count + LIVE_UPSERTS)) {
      if (seen++ >= count) {
        live.push(document);
        continue;
      }
      if (sample.phrases.length < 3000 && seen % 97 === 1) collectSample(sample, document);
      batch.push(document);
      if (batch.length === BATCH) {
        generateMs += performance.now() - generatedAt;
        await flush();
        generatedAt = performance.now();
      }
    }
    generateMs += performance.now() - generatedAt;
    if (batch.length > 0) await flush();
    if (process.stdout.isTTY) process.stdout.write('\n');
    const commitStarted = performance.now();
    await build.commit();
    const commitMs = performance.now() - commitStarted;
    indexMs += commitMs;
    const buildRss = peakRss;

    const upsertTimings: number[] = [];
    for (const document of live) {
      const started = performance.now();
      await backend.upsert(document);
      upsertTimings.push(performance.now() - started);
    }
    const indexed = await backend.count();

    const client = new Client({ node: url });
    const stats = await client.indices.stats({ index: alias, metric: ['store', 'segments'] });
    const total = (
      stats.body as unknown as {
        _all: { primaries: { store: { size_in_bytes: number }; segments: { count: number } } };
      }
    )._all.primaries;
    await client.close();

    const results: Record<string, Summary & { meanHits: number }> = {};
    for (const [kind, list] of Object.entries(queries(sample))) {
      const run = (item: (typeof list)[number]) => backend.search({ ...item, limit: 20 } satisfies SearchQuery);
      for (const item of list.slice(0, 10)) await run(item); // warm caches for this kind
      const timings: number[] = [];
      let hits = 0;
      for (const item of list) {
        const started = performance.now();
        const result = await run(item);
        timings.push(performance.now() - started);
        hits += result.total;
      }
      results[kind] = { ...summary(timings), meanHits: Math.round(hits / list.length) };
    }
    clearInterval(rssTimer);
    const endRss = rssMB(pid);

    const result = {
      documents: indexed,
      seed,
      node: node
        ? {
            startSeconds: round(startSeconds ?? 0),
            heap,
            rssMB: { idle: idleRss, build: buildRss, end: endRss, peak: round(Math.max(peakRss, endRss ?? 0)) },
          }
        : { url },
      build: {
        seconds: round(indexMs / 1000),
        documentsPerSecond: Math.round(count / (indexMs / 1000)),
        commitSeconds: round(commitMs / 1000),
        generateSeconds: round(generateMs / 1000),
      },
      upsertMs: summary(upsertTimings),
      indexMB: round(total.store.size_in_bytes / 2 ** 20),
      segments: total.segments.count,
      searchMs: results,
    };
    printTable(`opensearch bench: ${indexed.toLocaleString('en-US')} documents`, [
      ...(node
        ? [
            [
              'node start',
              `${result.node && 'startSeconds' in result.node ? result.node.startSeconds : ''} s to a yellow cluster`,
            ] as [string, string],
            [
              'node RSS',
              `${idleRss} MB idle, ${buildRss} MB after the build, ${endRss} MB after the searches (heap ${heap})`,
            ] as [string, string],
          ]
        : []),
      [
        'build',
        `${result.build.seconds} s (${result.build.documentsPerSecond} docs/s, ` +
          `commit ${result.build.commitSeconds} s; generating them took ${result.build.generateSeconds} s more)`,
      ],
      [
        'upsert (event path)',
        `p50 ${result.upsertMs.p50} ms, p95 ${result.upsertMs.p95} ms (${LIVE_UPSERTS} documents)`,
      ],
      ['index', `${result.indexMB} MB in ${result.segments} segments`],
      ...Object.entries(results).map(([kind, s]): [string, string] => [
        kind,
        `p50 ${s.p50} ms, p95 ${s.p95} ms, max ${s.max} ms (${s.count} queries, ${s.meanHits} hits on average)`,
      ]),
    ]);
    console.log(`  wrote ${writeBenchResult('opensearch', result)}`);
  } finally {
    clearInterval(rssTimer);
    await backend.dropEverything().catch(() => undefined);
    await backend.close();
    if (node) {
      const stopping = performance.now();
      await node.stop();
      console.log(`  node stopped in ${round((performance.now() - stopping) / 1000)} s`);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
