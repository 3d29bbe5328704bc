/**
 * A data product at a million rows as its users meet it (figures, never pass/fail): two releases of
 * 1,000,000 tariff sheets published as CSV files through the BFF's upload (as an administrator does on
 * the product's page), then through the BFF as the pages read it: filtered, sorted table pages, the
 * change log's changed rows, and the CSV and XLSX of every row. Prints wall times, p50/p95, sizes and
 * the documents service's peak memory (VmHWM, its whole life: publishing and reading).
 *
 *   npm run bench:data-products [-- --rows 1000000 --pages 40]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { machine, printTable, round, summary, writeBenchResult } from './support/bench-output';
import { pidOf, rssBytes, startBenchStack } from './support/bench-stack';
import { signInForWrites, type BffSession } from './support/bff-session';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '1000000' }, pages: { type: 'string', default: '40' } },
});
const ROWS = Number(values.rows);
const PAGES = Number(values.pages);
const ADMIN_EMAIL = 'data-products-bench@docket.local';
const ADMIN_PASSWORD = `bench-${Math.random().toString(36).slice(2)}-Aa1!`;
const PRODUCT = 'tariff-changes';
const STATES = ['NY', 'PA', 'CA', 'TX', 'OH', 'IL', 'FL', 'NJ', 'MA', 'WA'];
const STATUSES = ['proposed', 'suspended', 'effective', 'superseded'];
const HEADER = 'tariff_id,utility,state,service_class,effective_date,rate,rate_unit,status';

/** Writes a release file; the second drops 2 % of the rows, adds as many, and changes a tenth of the rest. */
function writeRelease(file: string, later: boolean): void {
  const out = fs.openSync(file, 'w');
  let buffer = `${HEADER}\n`;
  const first = later ? Math.floor(ROWS * 0.02) : 0;
  for (let i = first; i < ROWS + first; i++) {
    const changed = later && i % 10 === 3;
    const day = new Date(Date.UTC(2024, 0, 1) + ((i + (changed ? 30 : 0)) % 700) * 86_400_000);
    const rate = (((i * 7919) % 40_000) / 100_000 + (changed ? 0.01 : 0)).toFixed(5);
    const status = STATUSES[(i + (changed ? 1 : 0)) % STATUSES.length];
    buffer +=
      `T-${i},Utility ${i % 997},${STATES[i % STATES.length]},class ${i % 5},` +
      `${day.toISOString().slice(0, 10)},${rate},kWh,${status}\n`;
    if (buffer.length > 1 << 20) {
      fs.writeSync(out, buffer);
      buffer = '';
    }
  }
  fs.writeSync(out, buffer);
  fs.closeSync(out);
}

async function publish(bffUrl: string, session: BffSession, file: string, version: string) {
  const form = new FormData();
  form.set('version', version);
  form.set('asOf', `${version}-28`);
  form.set('file', new Blob([fs.readFileSync(file)], { type: 'text/csv' }), path.basename(file));
  const started = performance.now();
  const response = await fetch(`${bffUrl}/api/data-products/${PRODUCT}/releases`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken },
    body: form,
  });
  if (!response.ok) throw new Error(`publishing answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { release: { id: string; changeLog: { summary: string } | null } };
  return { seconds: round((performance.now() - started) / 1000, 2), release: body.release };
}

/** Times a GET through the BFF; the body read whole (its bytes counted). */
async function timedGet(bffUrl: string, session: BffSession, url: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(`${bffUrl}${url}`, { headers: { cookie: session.cookie } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return { ms: performance.now() - started, bytes };
}

function peakMb(pid: number): number {
  const match = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? round(Number(match[1]) / 1024) : NaN;
}

async function main(): Promise<void> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'data-products-bench-'));
  const bench = await startBenchStack({
    env: { SEED_CORPUS: 'false', ADMIN_EMAIL, ADMIN_PASSWORD, VECTOR_SEARCH: 'off', COMPUTED_RELEASES_EVERY_MS: '0' },
  });
  try {
    const bffUrl = bench.stack.bffUrl;
    const session = await signInForWrites(bffUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const documentsPid = pidOf('documents');
    const files = [path.join(directory, 'may.csv'), path.join(directory, 'june.csv')];
    writeRelease(files[0]!, false);
    writeRelease(files[1]!, true);
    const loadBefore = os.loadavg()[0] ?? 0;
    const residentAtStart = round((rssBytes(documentsPid) ?? NaN) / 2 ** 20);
    const may = await publish(bffUrl, session, files[0]!, '2026-05');
    const june = await publish(bffUrl, session, files[1]!, '2026-06');
    const peakAfterPublishing = peakMb(documentsPid);

    const pages: number[] = [];
    for (let i = 0; i < PAGES; i++) {
      const state = STATES[i % STATES.length]!;
      const url =
        `/api/data-products/${PRODUCT}/rows?filter=${encodeURIComponent(`state=${state}`)}` +
        `&sort=${i % 2 ? 'rate' : 'effective_date'}&desc=${i % 3 === 0}&offset=${(i * 997) % 5_000}&limit=50`;
      pages.push((await timedGet(bffUrl, session, url)).ms);
    }
    const changed = await timedGet(
      bffUrl,
      session,
      `/api/data-products/${PRODUCT}/releases/${june.release.id}/changes?kind=changed&offset=1000&limit=50`,
    );
    const csv = await timedGet(bffUrl, session, `/api/data-products/${PRODUCT}/download?format=csv&sort=rate`);
    const xlsx = await timedGet(bffUrl, session, `/api/data-products/${PRODUCT}/download?format=xlsx&sort=rate`);
    const result = {
      rows: ROWS,
      publishFirstS: may.seconds,
      publishSecondWithChangeLogS: june.seconds,
      changeSummary: june.release.changeLog?.summary,
      pageMs: summary(pages),
      changedRowsPageMs: round(changed.ms),
      csv: { seconds: round(csv.ms / 1000, 2), mb: round(csv.bytes / 2 ** 20) },
      xlsx: { seconds: round(xlsx.ms / 1000, 2), mb: round(xlsx.bytes / 2 ** 20) },
      documentsMb: { atStart: residentAtStart, peakPublishing: peakAfterPublishing, peakOverall: peakMb(documentsPid) },
      loadAverage: { before: round(loadBefore, 2), after: round(os.loadavg()[0] ?? 0, 2) },
      machine: machine(),
    };
    printTable(`data product of ${ROWS.toLocaleString('en-US')} rows, through the BFF`, [
      ['publish the first release (upload, check, Parquet)', `${result.publishFirstS} s`],
      ['publish the second (and its change log)', `${result.publishSecondWithChangeLogS} s: ${result.changeSummary}`],
      ['table page, filtered and sorted (p50 / p95)', `${round(result.pageMs.p50)} / ${round(result.pageMs.p95)} ms`],
      ['a page of changed rows', `${result.changedRowsPageMs} ms`],
      ['CSV of every row, sorted', `${result.csv.seconds} s, ${result.csv.mb} MB`],
      ['XLSX of every row, sorted', `${result.xlsx.seconds} s, ${result.xlsx.mb} MB`],
      [
        'documents service peak RSS',
        `${result.documentsMb.atStart} MB at start; peak ${result.documentsMb.peakPublishing} MB ` +
          `publishing, ${result.documentsMb.peakOverall} MB overall`,
      ],
      ['load average (1 min) before / after', `${result.loadAverage.before} / ${result.loadAverage.after}`],
    ]);
    console.log(`written ${writeBenchResult('data-products-e2e', result)}`);
  } finally {
    await bench.stop();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
