// Index build and search timings for the SQLite FTS5 backend on generated filings.
// Usage: npx tsx services/query-engine/bench/index.bench.ts [documents=10000] [searches=500]
// Prints one JSON line (figures, never pass/fail).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IndexedDocument } from '../src/domain/indexed-document';
import { SqliteFts5Backend } from '../src/index/sqlite-fts5.backend';

const WORDS = ('rate case tariff settlement intervenor commission order rehearing transmission interconnection pipeline ' +
  'storage capacity market wildfire mitigation reliability outage customer refund motion compel discovery testimony ' +
  'exhibit docket hearing protest comment notice filing compliance audit penalty depreciation revenue requirement ' +
  'return equity debt cost allocation demand response solar wind nuclear hydro gas electric water telecom').split(' ');

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

// A 5,000-word vocabulary drawn log-uniformly (roughly Zipfian): a few very common words, a long tail.
const VOCABULARY = [...WORDS, ...Array.from({ length: 5000 - WORDS.length }, (_, i) => `term${i.toString(36)}`)];
const zipfWord = (rnd: () => number) => VOCABULARY[Math.floor(Math.pow(VOCABULARY.length, rnd())) - 1]!;

function generate(count: number): IndexedDocument[] {
  const rnd = random(42);
  const word = () => zipfWord(rnd);
  return Array.from({ length: count }, (_, i) => {
    const title = Array.from({ length: 6 }, word).join(' ');
    const text = Array.from({ length: 120 }, word).join(' ') + ` serial${i}`;
    return {
      id: `doc-${i}`, title, text, sourceId: `src-${i % 20}`, docketNumber: `ER24-${i % 500}`, filingType: 'order',
      filedAt: new Date(Date.UTC(2020, 0, 1) + (i % 1500) * 86_400_000), sha256: `sha-${i}`,
    };
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 10_000);
  const searches = Number(process.argv[3] ?? 500);
  const dir = mkdtempSync(join(tmpdir(), 'qe-bench-'));
  const path = join(dir, 'index.sqlite');
  const backend = SqliteFts5Backend.open(path);
  try {
    const documents = generate(count);

    let started = performance.now();
    const build = await backend.beginBuild();
    for (let i = 0; i < documents.length; i += 500) await build.addFromSource(documents.slice(i, i + 500));
    await build.commit();
    const rebuildMs = performance.now() - started;

    started = performance.now();
    for (const document of documents.slice(0, 1000)) await backend.upsert({ ...document, id: `live-${document.id}` });
    const liveUpsertMs = (performance.now() - started) / 1000;

    const rnd = random(7);
    const queries = Array.from({ length: searches }, (_, i) => (i % 2 === 0 ? zipfWord(rnd) : `${zipfWord(rnd)} ${zipfWord(rnd)}`));
    const timings: number[] = [];
    for (const query of queries) {
      const t = performance.now();
      await backend.search({ query, limit: 20, offset: 0 });
      timings.push(performance.now() - t);
    }
    timings.sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 100) / 100;
    console.log(JSON.stringify({
      documents: count,
      rebuildMs: Math.round(rebuildMs),
      rebuildDocsPerSecond: Math.round(count / (rebuildMs / 1000)),
      liveUpsertMsEach: round(liveUpsertMs),
      indexBytes: statSync(path).size,
      searches,
      searchP50Ms: round(percentile(timings, 50)),
      searchP95Ms: round(percentile(timings, 95)),
      searchMaxMs: round(timings.at(-1) ?? 0),
    }));
  } finally {
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
