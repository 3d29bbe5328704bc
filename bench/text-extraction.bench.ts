/**
 * Text extraction throughput of services/documents/src/extraction (figures, never pass/fail).
 *
 *   npx tsx bench/text-extraction.bench.ts
 *   BENCH_DOCS=500 BENCH_PDF_PAGES=20 npx tsx bench/text-extraction.bench.ts
 *
 * One document at a time (what one importer worker does): TXT files of ~10 pages of filing-like
 * prose, generated 10-page PDFs (pdf-lib, Helvetica, ~40 lines a page), and DOCX and HTML of the
 * same text; all but TXT are read in an extraction thread. The first PDF call also starts that
 * thread and loads PDFium in it; that cold start is reported separately and left out of the rates.
 * Writes JSON to bench/results/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { extractText, type ExtractionInput } from '../services/documents/src/extraction';
import { makeDocx, makePdf } from '../services/documents/test/fixtures/extraction/fixture-files';

const DOCS = Number(process.env.BENCH_DOCS ?? 200);
const PAGES = Number(process.env.BENCH_PDF_PAGES ?? 10);
const LINES_PER_PAGE = 40;
const limits = { maxBytes: 50 * 1024 * 1024, maxPages: 5000, timeoutMs: 60_000 };

const words = (
  'the commission finds that the proposed tariff revisions filed by the utility are just and reasonable ' +
  'and shall become effective subject to refund pending hearing and settlement procedures intervenors argue ' +
  'that the return on equity of ten percent exceeds the range of reasonableness'
).split(' ');

function line(seed: number): string {
  return Array.from({ length: 12 }, (_, i) => words[(seed * 7 + i * 13) % words.length]).join(' ');
}

function pagesOf(doc: number): string[][] {
  return Array.from({ length: PAGES }, (_, p) =>
    Array.from({ length: LINES_PER_PAGE }, (_, l) => line(doc * 1000 + p * 50 + l)),
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

async function measure(name: string, inputs: ExtractionInput[]) {
  const times: number[] = [];
  let bytes = 0;
  let chars = 0;
  const started = performance.now();
  for (const input of inputs) {
    const t0 = performance.now();
    const result = await extractText(input, limits);
    times.push(performance.now() - t0);
    if (!result.ok) throw new Error(`${name}: ${result.reason}: ${result.message}`);
    if ('bytes' in input) bytes += input.bytes.length;
    chars += result.text.length;
  }
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...times].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  const figures = {
    docs: inputs.length,
    docsPerSecond: round(inputs.length / seconds),
    mbPerSecond: round(bytes / 1024 / 1024 / seconds),
    avgBytes: Math.round(bytes / inputs.length),
    avgChars: Math.round(chars / inputs.length),
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
  };
  console.log(
    `${name.padEnd(22)} ${String(figures.docsPerSecond).padStart(8)} docs/s  p50 ${figures.p50Ms} ms  ` +
      `p95 ${figures.p95Ms} ms  (${figures.avgBytes} B, ${figures.avgChars} chars each)`,
  );
  return figures;
}

async function main(): Promise<void> {
  console.log(`generating ${DOCS} documents of each kind (${PAGES} pages)...`);
  const pdfs: ExtractionInput[] = [];
  const txts: ExtractionInput[] = [];
  const htmls: ExtractionInput[] = [];
  const docxs: ExtractionInput[] = [];
  for (let i = 0; i < DOCS; i++) {
    const pages = pagesOf(i);
    pdfs.push({ fileName: `d${i}.pdf`, bytes: await makePdf(pages) });
    txts.push({ fileName: `d${i}.txt`, bytes: Buffer.from(pages.map((p) => p.join('\n')).join('\n\f')) });
    const body = pages.map((p) => `<h2>Page</h2><p>${p.join(' ')}</p>`).join('');
    htmls.push({
      fileName: `d${i}.html`,
      bytes: Buffer.from(`<!doctype html><html><head><title>Doc ${i}</title></head><body>${body}</body></html>`),
    });
    docxs.push({ fileName: `d${i}.docx`, bytes: await makeDocx(pages.flat()) });
  }

  const cold = performance.now();
  await extractText(pdfs[0]!, limits);
  const pdfColdStartMs = Math.round(performance.now() - cold);
  await extractText(docxs[0]!, limits);
  await extractText(htmls[0]!, limits);
  console.log(`PDF cold start (first PDF: the extraction thread started, PDFium loaded): ${pdfColdStartMs} ms`);

  const results = {
    txt: await measure('txt', txts),
    pdf: await measure(`pdf (${PAGES} pages)`, pdfs),
    html: await measure('html', htmls),
    docx: await measure('docx', docxs),
  };
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.join(__dirname, 'results', `text-extraction-${stamp}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const memory = process.memoryUsage();
  fs.writeFileSync(
    out,
    JSON.stringify(
      {
        bench: 'text-extraction',
        at: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        docs: DOCS,
        pdfPages: PAGES,
        pdfColdStartMs,
        rssMb: Math.round(memory.rss / 1024 / 1024),
        results,
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`written ${path.relative(process.cwd(), out)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
