/** Shared figures and output for the benches: percentiles, a printed table, JSON under .data/bench/. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The repository root (bench/support → ../..), not from @docket/local-infra: ~50 MB in every bench process. */
const repoRoot = path.resolve(__dirname, '..', '..');

export interface Summary {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

export const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** Nearest-rank percentiles of `values`, rounded to 0.1. */
export function summary(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    mean: round(sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length)),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

/** The machine a figure was measured on; figures from different machines do not compare. */
export function machine() {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGb: round(os.totalmem() / 2 ** 30),
    loadAverage1m: round(os.loadavg()[0] ?? 0, 2),
  };
}

/** Prints rows as two aligned columns. */
export function printTable(title: string, rows: [string, string | number][]): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(title);
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
}

/** Writes `.data/bench/<name>.json` (the latest run; commit-to-commit comparisons copy it away). */
export function writeBenchResult(name: string, result: object): string {
  const dir = path.join(repoRoot, '.data', 'bench');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(
    file,
    `${JSON.stringify({ bench: name, at: new Date().toISOString(), machine: machine(), ...result }, null, 2)}\n`,
  );
  return path.relative(process.cwd(), file);
}
