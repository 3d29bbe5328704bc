/**
 * Percolation throughput of the query language (figures, never pass/fail): how fast alert-like
 * queries parse and compile, and how fast compiled queries run against realistic filings.
 *
 *   npx tsx bench/query-match.bench.ts               # 10,000 queries × 200 filings
 *   BENCH_QUERIES=50000 BENCH_DOCUMENTS=500 npx tsx bench/query-match.bench.ts
 *
 * Filings come from @docket/corpus (~10 KB of text each); queries mix terms, phrases and prefixes
 * taken from those filings with docket, agency, type, party and date filters, ORs and NOTs. Prints
 * queries compiled/s, documents prepared/s, query × document matches/s and the time to run every
 * query against one new document; writes JSON to bench/results/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateCatalog, generateDockets, generateFilings, Rng } from '@docket/corpus';
import {
  compileQuery,
  foldedWords,
  parseQuery,
  type CompiledQuery,
  type MatchableDocument,
} from '@docket/query-language';

const queryCount = Number(process.env.BENCH_QUERIES ?? 10_000);
const documentCount = Number(process.env.BENCH_DOCUMENTS ?? 200);
const seed = process.env.BENCH_SEED ?? 'bench';
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

function loadDocuments(): MatchableDocument[] {
  const catalog = generateCatalog(seed);
  const dockets = generateDockets(seed, catalog, 500);
  const sources = new Map(catalog.sources.map((source) => [source.id, source]));
  return [...generateFilings(seed, catalog, dockets, { count: documentCount })].map((filing) => ({
    title: filing.title,
    text: filing.pages.join('\n'),
    sourceId: filing.sourceId,
    agencies: [sources.get(filing.sourceId)?.shortName ?? filing.sourceId],
    docketNumber: filing.docketNumber,
    filingType: filing.filingTypeNative,
    filingCategory: filing.filingCategory,
    parties: filing.filers,
    filedAt: new Date(filing.filedAt),
  }));
}

/** Alert-like queries built from the documents' own words and metadata, so a fair share match. */
function generateQueries(documents: MatchableDocument[]): string[] {
  const rng = Rng.derive(seed, 'queries');
  const words = documents.slice(0, 50).map((doc) => foldedWords(doc.text).filter((word) => word.length >= 4));
  const word = () => rng.pick(rng.pick(words));
  const phrase = () => {
    const text = rng.pick(words);
    const start = rng.int(0, Math.max(0, text.length - 3));
    return `"${text.slice(start, start + rng.int(2, 3)).join(' ')}"`;
  };
  const filter = () => {
    const doc = rng.pick(documents);
    switch (rng.int(0, 4)) {
      case 0:
        return `docket:${JSON.stringify(doc.docketNumber)}`;
      case 1:
        return `agency:${doc.sourceId}`;
      case 2:
        return `type:${JSON.stringify(doc.filingCategory)}`;
      case 3:
        return `party:${JSON.stringify(rng.pick(doc.parties.length > 0 ? doc.parties : ['none']))}`;
      default:
        return `filed:${doc.filedAt?.toISOString().slice(0, rng.chance(0.5) ? 4 : 7)}`;
    }
  };
  const clause = (): string => {
    const roll = rng.next();
    if (roll < 0.45) return word();
    if (roll < 0.6) return phrase();
    if (roll < 0.7) return `${word().slice(0, rng.int(3, 5))}*`;
    if (roll < 0.85) return `(${word()} OR ${word()} OR ${phrase()})`;
    return `-${word()}`;
  };
  return Array.from({ length: queryCount }, () => {
    const parts = Array.from({ length: rng.int(1, 3) }, clause);
    if (rng.chance(0.6)) parts.push(filter());
    if (rng.chance(0.2)) parts.push(filter());
    return parts.join(' ');
  });
}

function main(): void {
  if (!(queryCount > 0 && documentCount > 0)) throw new Error('BENCH_QUERIES and BENCH_DOCUMENTS must be positive');
  const documents = loadDocuments();
  const texts = generateQueries(documents);
  const textKB = documents.reduce((sum, doc) => sum + doc.text.length, 0) / documents.length / 1024;

  // Warm the JIT on a slice first so the figures are steady-state throughput, not start-up.
  for (const text of texts.slice(0, 1000)) compileQuery(parseQuery(text));
  const warmQueries = texts.slice(0, 1000).map((text) => compileQuery(parseQuery(text)));
  for (const doc of documents.slice(0, 20)) for (const query of warmQueries) query({ ...doc });

  const compileStart = performance.now();
  const queries: CompiledQuery[] = texts.map((text) => compileQuery(parseQuery(text)));
  const compileSeconds = (performance.now() - compileStart) / 1000;

  // The first query to see a document tokenises it (cached per document object); time that alone.
  const prepareStart = performance.now();
  for (const doc of documents) queries[0]?.(doc);
  const prepareSeconds = (performance.now() - prepareStart) / 1000;

  let hits = 0;
  const matchStart = performance.now();
  for (const doc of documents) for (const query of queries) if (query(doc)) hits += 1;
  const matchSeconds = (performance.now() - matchStart) / 1000;

  // The percolation case end to end: one new document (a fresh object, so tokenised again) against every query.
  const perDocument: number[] = [];
  for (const doc of documents.slice(0, 100)) {
    const fresh = { ...doc };
    const start = performance.now();
    for (const query of queries) query(fresh);
    perDocument.push(performance.now() - start);
  }
  perDocument.sort((a, b) => a - b);
  const percentile = (p: number) =>
    perDocument[Math.min(perDocument.length - 1, Math.floor(p * perDocument.length))] as number;

  const evaluations = queries.length * documents.length;
  const result = {
    bench: 'query-language-match',
    at: new Date().toISOString(),
    host: { cpus: os.cpus().length, node: process.version },
    seed,
    queries: queries.length,
    documents: documents.length,
    averageTextKB: round(textKB, 1),
    queriesCompiledPerSecond: round(queries.length / compileSeconds),
    documentsPreparedPerSecond: round(documents.length / prepareSeconds),
    matchesPerSecond: round(evaluations / matchSeconds),
    hitRate: round(hits / evaluations, 3),
    allQueriesOneDocumentMs: { p50: round(percentile(0.5), 1), p95: round(percentile(0.95), 1) },
  };

  console.log(`query-language match (${os.cpus().length} CPUs, ${process.version}, seed ${JSON.stringify(seed)})`);
  console.log(
    `  ${result.queriesCompiledPerSecond.toLocaleString('en-US')} queries parsed and compiled/s ` +
      `(${queries.length.toLocaleString('en-US')} queries)`,
  );
  console.log(
    `  ${result.documentsPreparedPerSecond.toLocaleString('en-US')} documents tokenised/s ` +
      `(${documents.length} filings, ${result.averageTextKB} KB text each)`,
  );
  console.log(
    `  ${result.matchesPerSecond.toLocaleString('en-US')} query × document matches/s (hit rate ${result.hitRate})`,
  );
  console.log(
    `  all ${queries.length.toLocaleString('en-US')} queries against one new document: ` +
      `p50 ${result.allQueriesOneDocumentMs.p50} ms, p95 ${result.allQueriesOneDocumentMs.p95} ms`,
  );

  const dir = path.join(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `query-language-match-${result.at.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`  wrote ${path.relative(process.cwd(), file)}`);
}

main();
