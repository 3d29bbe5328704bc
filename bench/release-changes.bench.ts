/**
 * Data product releases at a million rows: writing a release, the change log of two releases of
 * 1,000,000 rows (goal < 10 s, < 300 MB peak), a filtered, sorted page of one (goal p95 < 200 ms), the
 * CSV of every row (goal < 30 s, < 300 MB peak), a release's summary figures, and its XLSX written while
 * read. Each goal's work runs in a fresh process of its own, so its peak RSS is its own (the process at
 * rest, with DuckDB open, is printed beside it); the pages, drill-down and figures share one.
 *
 *   npm run bench:releases [-- --rows 1000000 --pages 40]
 *
 * The releases are synthetic rate cases: the second drops 2% of the first's rows, adds as many new
 * ones, and changes a tenth of the rest (amounts up or down, hearings moved, statuses forward).
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ReleaseSummaryReader } from '../services/documents/src/data-products/release-summary.reader';
import { ReleaseTableRepository } from '../services/documents/src/data-products/release-table.repository';
import { writeReleaseXlsx } from '../services/documents/src/data-products/release-xlsx.writer';
import { summariseChanges } from '../services/documents/src/domain/data-products/change-log';
import type { CellValue, ProductSchema } from '../services/documents/src/domain/data-products/product-schema';
import { machine, printTable, round, summary, writeBenchResult } from './support/bench-output';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    pages: { type: 'string', default: '40' },
    // Internal: one phase (changes, csv, pages, xlsx) over the releases in --dir, in a process of its own.
    phase: { type: 'string' },
    dir: { type: 'string' },
  },
});
const ROWS = Number(values.rows);
const PAGES = Number(values.pages);
const STATES = ['NY', 'PA', 'CA', 'TX', 'OH', 'IL', 'FL', 'NJ', 'MA', 'WA'];
const STATUSES = ['filed', 'hearing', 'briefing', 'decided'];

const schema: ProductSchema = {
  key: ['docket'],
  columns: [
    { name: 'docket', type: 'text', description: 'Docket number' },
    { name: 'utility', type: 'text', description: 'Applicant' },
    { name: 'state', type: 'text', description: 'State' },
    { name: 'requested', type: 'money', unit: 'USD', description: 'Increase requested' },
    { name: 'authorized', type: 'money', unit: 'USD', description: 'Increase authorized' },
    { name: 'hearing', type: 'date', description: 'Evidentiary hearing' },
    { name: 'status', type: 'status', order: STATUSES, description: 'Where the case stands' },
    { name: 'intervenors', type: 'integer', description: 'Intervenors granted' },
  ],
};

function day(n: number): string {
  return new Date(Date.UTC(2024, 0, 1) + (n % 900) * 86_400_000).toISOString().slice(0, 10);
}

/** Row i of a release; `later` is the second release's version of the same row. */
function rowOf(i: number, later: boolean): Record<string, CellValue> {
  const changed = later && i % 10 === 3;
  const requested = 100_000 + ((i * 7919) % 90_000_000);
  return {
    docket: `R-${String(i).padStart(8, '0')}`,
    utility: `Utility ${i % 20_000}`,
    state: STATES[i % STATES.length] ?? 'NY',
    requested: changed && i % 20 === 3 ? requested + 50_000 : requested,
    authorized: changed && i % 30 === 3 ? Math.round(requested * 0.6) : null,
    hearing: day(changed ? i + 14 : i),
    status: STATUSES[changed ? Math.min(3, (i % 3) + 1) : i % 3] ?? 'filed',
    intervenors: i % 12,
  };
}

function* release(later: boolean): Generator<Record<string, CellValue>> {
  const dropped = Math.floor(ROWS * 0.02);
  const first = later ? dropped : 0;
  for (let i = first; i < first + ROWS; i += 1) yield rowOf(i, later);
}

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
const mb = (bytes: number) => round(bytes / 2 ** 20);

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: round(performance.now() - started), value };
}

/** A phase's figures as its process printed them, with that process's RSS at rest and at its peak. */
interface Measured {
  restRssMb: number;
  peakRssMb: number;
}

/** Runs one phase over the releases in `directory` in a fresh process, so its memory is its own. */
function runPhase<T extends Measured>(name: Phase, directory: string): T {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, process.argv[1] ?? '', '--phase', name, '--dir', directory, '--pages', String(PAGES)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (child.status !== 0) throw new Error(`the ${name} process failed (${child.status})`);
  return JSON.parse(child.stdout) as T;
}

/** Writes the two releases, then measures each reading of them in a fresh process (as the service would). */
async function main(): Promise<void> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'release-bench-'));
  const tables = new ReleaseTableRepository(directory, { threads: 2, memoryLimit: '256MB' });
  try {
    const written1 = await timed(() => tables.write('bench', 'r1', schema, release(false)));
    const written2 = await timed(() => tables.write('bench', 'r2', schema, release(true)));
    await tables.close();
    const changes = runPhase<ChangeFigures>('changes', directory);
    const csv = runPhase<CsvFigures>('csv', directory);
    const read = runPhase<PageFigures>('pages', directory);
    const xlsx = runPhase<XlsxFigures>('xlsx', directory);
    const pages = summary(read.pageTimes);
    const rss = (m: Measured) => `${m.peakRssMb} (at rest ${m.restRssMb})`;
    printTable(`Data product releases, ${ROWS.toLocaleString('en-US')} rows each`, [
      ['write release 1 / 2 (ms)', `${written1.ms} / ${written2.ms}`],
      ['change log (ms)', changes.changeLogMs],
      ['peak RSS of the change log process (MB)', rss(changes)],
      ['summary', changes.summary],
      ['CSV of every row, sorted (ms / MB)', `${csv.csvMs} / ${csv.csvMb}`],
      ['peak RSS of the CSV process (MB)', rss(csv)],
      ['page, filtered + sorted, p50 / p95 (ms)', `${pages.p50} / ${pages.p95}`],
      ['changed rows, page of 50 (ms)', read.drillDownMs],
      ['summary figures / coverage of a release (ms)', `${read.figuresMs} / ${read.coverageMs}`],
      ['peak RSS of the pages process (MB)', rss(read)],
      ['XLSX of every row, sorted (ms / MB / sheets)', `${xlsx.xlsxMs} / ${xlsx.xlsxMb} / ${xlsx.sheets}`],
      ['peak RSS of the XLSX process (MB)', rss(xlsx)],
      ['load average (1 min)', machine().loadAverage1m],
    ]);
    writeBenchResult('release-changes', {
      machine: machine(),
      rows: ROWS,
      writeMs: [written1.ms, written2.ms],
      changes,
      csv,
      pages: { ...read, pageTimes: undefined, page: pages },
      xlsx,
    });
  } finally {
    clearInterval(sampler);
    await tables.close();
    await rm(directory, { recursive: true, force: true });
  }
}

type Phase = 'changes' | 'csv' | 'pages' | 'xlsx';

interface ChangeFigures extends Measured {
  changeLogMs: number;
  summary: string;
}

interface CsvFigures extends Measured {
  csvMs: number;
  csvMb: number;
}

interface PageFigures extends Measured {
  figuresMs: number;
  coverageMs: number;
  pageTimes: number[];
  drillDownMs: number;
}

interface XlsxFigures extends Measured {
  xlsxMs: number;
  xlsxMb: number;
  sheets: number;
}

/** The releases in `directory` as a phase's process reads them, with DuckDB open and its RSS at rest. */
async function openReleases(directory: string) {
  const memoryLimit = process.env.RELEASES_DUCKDB_MEMORY ?? '128MB';
  const tables = new ReleaseTableRepository(directory, { threads: 2, memoryLimit });
  await tables.withConnection((connection) => connection.run('SELECT 1'));
  return {
    tables,
    previous: { file: tables.fileOf('bench', 'r1'), schema },
    next: { file: tables.fileOf('bench', 'r2'), schema },
    restRssMb: mb(process.memoryUsage().rss),
  };
}

/** Ends a phase: DuckDB closed, the figures printed as JSON for the parent with the peak RSS. */
async function report<T extends Pick<Measured, 'restRssMb'>>(
  tables: ReleaseTableRepository,
  figures: T,
): Promise<void> {
  await tables.close();
  clearInterval(sampler);
  process.stdout.write(JSON.stringify({ ...figures, peakRssMb: mb(peakRss) }));
}

const sortedByRequest = { filters: [], sort: { column: 'requested', descending: true } };

/** The change log of the two releases, and its one-line summary. */
async function changesPhase(directory: string): Promise<void> {
  const { tables, previous, next, restRssMb } = await openReleases(directory);
  const compared = await timed(() => tables.compare(previous, next));
  const line = summariseChanges(compared.value, schema.columns, { row: { one: 'proceeding', many: 'proceedings' } });
  await report(tables, { restRssMb, changeLogMs: compared.ms, summary: line });
}

/** Every row of the second release as CSV, sorted. */
async function csvPhase(directory: string): Promise<void> {
  const { tables, next, restRssMb } = await openReleases(directory);
  const csvFile = path.join(directory, 'release.csv');
  const csv = await timed(() => tables.writeCsv(next, sortedByRequest, csvFile));
  await report(tables, { restRssMb, csvMs: csv.ms, csvMb: mb((await stat(csvFile)).size) });
}

/** Filtered, sorted pages, a drill-down into changed rows, and a release's summary figures. */
async function pagesPhase(directory: string): Promise<void> {
  const { tables, previous, next, restRssMb } = await openReleases(directory);
  const pageTimes: number[] = [];
  for (let i = 0; i < PAGES; i += 1) {
    const { ms } = await timed(() =>
      tables.page(next, {
        filters: [
          { column: 'state', op: 'in', values: [STATES[i % STATES.length] ?? 'NY'] },
          { column: 'requested', op: 'range', min: 1_000_000 },
        ],
        sort: { column: i % 2 === 0 ? 'requested' : 'hearing', descending: i % 4 < 2 },
        offset: (i % 5) * 50,
        limit: 50,
      }),
    );
    pageTimes.push(ms);
  }
  const drill = await timed(() => tables.changedRows(previous, next, 'changed', 1000, 50));
  const reader = new ReleaseSummaryReader(tables);
  const figured = await timed(() => reader.figures(next));
  const covered = await timed(() => reader.coverage(next));
  await report(tables, {
    restRssMb,
    pageTimes,
    drillDownMs: drill.ms,
    figuresMs: figured.ms,
    coverageMs: covered.ms,
  });
}

/** Every row of the second release, sorted as the CSV, written as XLSX while DuckDB reads it. */
async function xlsxPhase(directory: string): Promise<void> {
  const { tables, next, restRssMb } = await openReleases(directory);
  const file = path.join(directory, 'release.xlsx');
  const written = await timed(async () => {
    const out = createWriteStream(file);
    const closed = new Promise<void>((resolve, reject) => out.on('close', () => resolve()).on('error', reject));
    const result = await writeReleaseXlsx(out, schema.columns, tables.rowBatches(next, sortedByRequest));
    await closed;
    return result;
  });
  await report(tables, {
    restRssMb,
    xlsxMs: written.ms,
    xlsxMb: mb((await stat(file)).size),
    sheets: written.value.sheets,
  });
}

const phases: Record<Phase, (directory: string) => Promise<void>> = {
  changes: changesPhase,
  csv: csvPhase,
  pages: pagesPhase,
  xlsx: xlsxPhase,
};
if (values.phase) void phases[values.phase as Phase](values.dir ?? '');
else void main();
