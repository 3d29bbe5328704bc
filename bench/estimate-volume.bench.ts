/**
 * An alert's expected volume (SearchService.EstimateVolume) on a generated index (figures, never
 * pass/fail): generated filings from @docket/corpus are built into a SQLite FTS5 index, then the
 * volume of typical saved searches is counted per day over the last 30 and 365 days before the
 * newest filing, through VolumeService (validation, window, countByDay on a search thread).
 *
 *   npx tsx bench/estimate-volume.bench.ts            # 100,000 filings
 *   npx tsx bench/estimate-volume.bench.ts 300000
 *
 * Prints build time, then per kind of saved search and window: matches counted, wall p50/p95 of
 * BENCH_RUNS (default 20) estimates, and the load average. Writes .data/bench/estimate-volume.json.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { IndexedDocument } from '../services/query-engine/src/domain/indexed-document';
import { queryBudget } from '../services/query-engine/src/search/index/query-budget';
import { SqliteFts5Backend } from '../services/query-engine/src/search/index/sqlite/sqlite-fts5.backend';
import { VolumeService, type VolumeInput } from '../services/query-engine/src/search/volume.service';
import { printTable, round, summary, writeBenchResult } from './support/bench-output';
import { generatedDocuments } from './support/generated-filings';

const count = Number(process.argv.find((arg, i) => i >= 2 && /^\d+$/u.test(arg)) ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 20);
/** The query-engine's default SEARCH_TIME_BUDGET_MS. */
const BUDGET_MS = 5_000;

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-volume-'));
  const backend = SqliteFts5Backend.open(path.join(dir, 'index.sqlite'));
  try {
    const started = performance.now();
    const build = await backend.beginBuild();
    let batch: IndexedDocument[] = [];
    let newest = 0;
    const agencies = new Map<string, number>();
    for (const document of generatedDocuments('bench', count)) {
      newest = Math.max(newest, document.filedAt?.getTime() ?? 0);
      agencies.set(document.sourceId, (agencies.get(document.sourceId) ?? 0) + 1);
      batch.push(document);
      if (batch.length === 500) {
        await build.addFromSource(batch);
        batch = [];
      }
    }
    await build.addFromSource(batch);
    await build.commit();
    const buildS = round((performance.now() - started) / 1000);
    const topAgency = [...agencies].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    const volume = new VolumeService({ index: backend, now: () => new Date(newest) });

    const searches: [string, Omit<VolumeInput, 'days'>][] = [
      ['common word', { query: 'rate' }],
      ['phrase', { query: '"rate case"' }],
      ['OR of three words', { query: 'tariff OR pipeline OR storage' }],
      ['word + agency filter', { query: 'rate', filters: { agencies: [topAgency] } }],
      ['agency filter alone', { query: '', filters: { agencies: [topAgency] } }],
      ['word NOT word', { query: 'rate NOT gas' }],
    ];
    const rows: [string, string][] = [];
    const results: Record<string, unknown>[] = [];
    for (const days of [30, 365]) {
      for (const [label, search] of searches) {
        const times: number[] = [];
        let total = 0;
        for (let i = 0; i < runs; i += 1) {
          const t = performance.now();
          total = (await volume.estimate({ ...search, days }, queryBudget(BUDGET_MS))).total;
          times.push(performance.now() - t);
        }
        const s = summary(times);
        rows.push([`${label}, ${days} days`, `${total} matches  p50 ${s.p50} ms  p95 ${s.p95} ms`]);
        results.push({ search: label, days, total, ...s });
      }
    }
    printTable(
      `EstimateVolume on ${count.toLocaleString('en')} filings (index built in ${buildS} s; ${runs} runs each)`,
      rows,
    );
    console.log(`  load average (1 min): ${round(os.loadavg()[0] ?? 0, 2)}`);
    console.log(`  wrote ${writeBenchResult('estimate-volume', { filings: count, buildS, runs, results })}`);
  } finally {
    await backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
