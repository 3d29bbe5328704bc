/**
 * Corpus generator throughput (figures, never pass/fail).
 *
 *   npx tsx bench/corpus-generate.bench.ts            # 100,000 filings
 *   npx tsx bench/corpus-generate.bench.ts 1000000    # the benchmark-scale corpus
 *   BENCH_SEED=x BENCH_PDFS=200 npx tsx bench/corpus-generate.bench.ts
 *
 * Streams N filings from @docket/corpus (500 dockets) without keeping them, then renders PDFs for
 * the first BENCH_PDFS filings. Prints filings/s, MB of text/s, peak RSS and PDF renders/s; writes
 * JSON to bench/results/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateCatalog, generateDockets, generateFilings, renderFilingPdf, type Filing } from '@docket/corpus';

const count = Number(process.argv[2] ?? process.env.BENCH_FILINGS ?? 100_000);
const seed = process.env.BENCH_SEED ?? 'bench';
const pdfCount = Number(process.env.BENCH_PDFS ?? 200);
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function main(): Promise<void> {
  if (!Number.isInteger(count) || count <= 0)
    throw new Error(`filing count must be a positive integer, got ${process.argv[2]}`);
  let peakRss = process.memoryUsage().rss;
  const sampleRss = () => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  };
  const rssTimer = setInterval(sampleRss, 100);
  rssTimer.unref();

  const setupStart = performance.now();
  const catalog = generateCatalog(seed);
  const dockets = generateDockets(seed, catalog, 500);
  const setupMs = performance.now() - setupStart;

  let filings = 0;
  let pages = 0;
  let textBytes = 0;
  const categories: Record<string, number> = {};
  const generateStart = performance.now();
  for (const filing of generateFilings(seed, catalog, dockets, { count })) {
    filings++;
    pages += filing.pages.length;
    for (const page of filing.pages) textBytes += Buffer.byteLength(page);
    categories[filing.filingCategory] = (categories[filing.filingCategory] ?? 0) + 1;
    if (filings % 2000 === 0) {
      sampleRss(); // the generator never yields to the event loop, so sample here too
      if (process.stdout.isTTY) process.stdout.write(`\r${filings.toLocaleString('en-US')} filings`);
    }
  }
  const generateSeconds = (performance.now() - generateStart) / 1000;
  if (process.stdout.isTTY) process.stdout.write('\r');

  const sample: Filing[] = [...generateFilings(seed, catalog, dockets, { count: pdfCount })];
  let pdfBytes = 0;
  let pdfPages = 0;
  const pdfStart = performance.now();
  for (const filing of sample) {
    pdfBytes += (await renderFilingPdf(filing)).byteLength;
    pdfPages += filing.pages.length;
    sampleRss();
  }
  const pdfSeconds = (performance.now() - pdfStart) / 1000;
  clearInterval(rssTimer);

  const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
  const result = {
    bench: 'corpus-generate',
    at: new Date().toISOString(),
    host: { cpus: os.cpus().length, node: process.version },
    seed,
    dockets: dockets.length,
    setupMs: round(setupMs),
    filings,
    pages,
    textMB: mb(textBytes),
    seconds: round(generateSeconds, 2),
    filingsPerSecond: round(filings / generateSeconds, 0),
    pagesPerSecond: round(pages / generateSeconds, 0),
    textMBPerSecond: round(mb(textBytes) / generateSeconds),
    categories,
    peakRssMB: mb(peakRss),
    pdf: {
      renders: sample.length,
      pages: pdfPages,
      seconds: round(pdfSeconds, 2),
      rendersPerSecond: round(sample.length / pdfSeconds),
      averageKB: round(pdfBytes / sample.length / 1024),
    },
  };

  console.log(`corpus-generate (${os.cpus().length} CPUs, ${process.version}, seed ${JSON.stringify(seed)})`);
  console.log(
    `  ${filings.toLocaleString('en-US')} filings, ${pages.toLocaleString('en-US')} pages, ` +
      `${result.textMB} MB of text in ${result.seconds} s`,
  );
  console.log(
    `  ${result.filingsPerSecond} filings/s, ${result.textMBPerSecond} MB text/s, peak RSS ${result.peakRssMB} MB`,
  );
  console.log(
    `  PDF: ${sample.length} renders (${pdfPages} pages) ` +
      `in ${result.pdf.seconds} s = ${result.pdf.rendersPerSecond} renders/s, ${result.pdf.averageKB} KB average`,
  );

  const dir = path.join(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `corpus-generate-${result.at.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`  wrote ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
