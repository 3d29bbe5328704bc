/**
 * Peak memory of the documents service while it imports a large directory (figures, never pass/fail).
 *
 *   npx tsx bench/import-memory.bench.ts               # 1 GB (long on a 2-core machine; see the printed rate)
 *   npx tsx bench/import-memory.bench.ts --gb 0.2      # a quick run
 *
 * Writes about --gb GiB of generated filings into a temp directory — half the bytes multi-page text
 * files, half multi-page PDFs (each file --bundle generated filings' pages, ~40 pages by default) (a pool of rendered
 * PDFs, each copy made unique by a trailing PDF comment and a numbered title in its sidecar, so it is a new document) —
 * each with a JSON sidecar. Then starts the stack (test profile, no frontend, no default corpus, the in-memory MongoDB
 * stand-in with a --mongo-heap heap), samples the documents service's RSS every 100 ms while idle and while one
 * StartImport reads the whole directory, and checks that every file was seen.
 * Writes .data/bench/import-memory.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  generateCatalog,
  generateDockets,
  generateFilings,
  renderFilingPdf,
  type Catalog,
  type Docket,
  type Filing,
} from '@docket/corpus';
import { grpcCall } from '@docket/service-kit';
import { printTable, round, summary, writeBenchResult } from './support/bench-output';
import { pidOf, rssBytes, startBenchStack, waitForRun } from './support/bench-stack';
import { writeTextFiling } from './support/filing-files';

const { values: args } = parseArgs({
  options: {
    gb: { type: 'string', default: '1' },
    /**
     * Filings per file: a generated filing has at most 12 pages, a large real one (testimony with exhibits) far more.
     */
    bundle: { type: 'string', default: '8' },
    /** Distinct rendered PDFs; the PDF half of the bytes is made of unique copies of these. */
    'pdf-pool': { type: 'string', default: '40' },
    /** JVM heap of the in-memory MongoDB stand-in, which holds every imported document. */
    'mongo-heap': { type: 'string', default: '14g' },
  },
});
const TARGET_BYTES = Number(args.gb) * 2 ** 30;
const BUNDLE = Number(args.bundle);
const PDF_POOL = Number(args['pdf-pool']);
const SEED = 'bench-import-memory';
const SAMPLE_MS = 100;
const IDLE_SAMPLES = 30;
const mb = (bytes: number) => round(bytes / 2 ** 20);

interface Corpus {
  dir: string;
  textFiles: number;
  pdfFiles: number;
  bytes: number;
}

/** Streams generated filings `BUNDLE` at a time as one multi-page filing (the first one's metadata, every page). */
function* bundledFilings(catalog: Catalog, dockets: Docket[], start: number): Generator<Filing> {
  let bundle: Filing[] = [];
  for (const filing of generateFilings(SEED, catalog, dockets, {
    count: Number.MAX_SAFE_INTEGER,
    start,
    pdfShare: 0,
  })) {
    bundle.push(filing);
    if (bundle.length < BUNDLE) continue;
    yield { ...bundle[0]!, pages: bundle.flatMap((f) => f.pages) };
    bundle = [];
  }
}

async function writeCorpus(): Promise<Corpus> {
  const catalog = generateCatalog(SEED);
  const dockets = generateDockets(SEED, catalog, 200);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-memory-'));
  fs.mkdirSync(path.join(dir, 'text'));
  fs.mkdirSync(path.join(dir, 'pdf'));
  let textBytes = 0;
  let textFiles = 0;
  for (const filing of bundledFilings(catalog, dockets, 0)) {
    if (textBytes >= TARGET_BYTES / 2) break;
    textBytes += writeTextFiling(path.join(dir, 'text'), `filing-${String(textFiles++).padStart(7, '0')}`, filing);
  }
  const pool: { pdf: Uint8Array; sidecar: Record<string, unknown>; title: string }[] = [];
  for (const filing of bundledFilings(catalog, dockets, textFiles * BUNDLE)) {
    if (pool.length === PDF_POOL) break;
    pool.push({
      pdf: await renderFilingPdf(filing),
      sidecar: {
        docketNumber: filing.docketNumber,
        filingType: filing.filingTypeNative,
        filedAt: filing.filedAt,
        filers: filing.filers,
      },
      title: filing.title,
    });
  }
  let pdfBytes = 0;
  let pdfFiles = 0;
  while (pdfBytes < TARGET_BYTES / 2) {
    const { pdf, sidecar: fields, title } = pool[pdfFiles % pool.length]!;
    const name = `filing-${String(pdfFiles++).padStart(7, '0')}.pdf`;
    // A document's identity is the sha256 of its title and text: a numbered title makes each copy a
    // new document; the trailing comment (ignored after %%EOF) makes its file, and so its blob, new too.
    const sidecar = JSON.stringify({ ...fields, title: `${title} (copy ${pdfFiles})` });
    const unique = Buffer.from(`\n%bench copy ${pdfFiles}\n`);
    fs.writeFileSync(path.join(dir, 'pdf', name), Buffer.concat([pdf, unique]));
    fs.writeFileSync(path.join(dir, 'pdf', `${name}.json`), sidecar);
    pdfBytes += pdf.byteLength + unique.length + sidecar.length;
  }
  return { dir, textFiles, pdfFiles, bytes: textBytes + pdfBytes };
}

async function main(): Promise<void> {
  const generated = performance.now();
  const corpus = await writeCorpus();
  const files = corpus.textFiles + corpus.pdfFiles;
  console.error(
    `generated ${files} files (${corpus.textFiles} text, ${corpus.pdfFiles} PDF), ${mb(corpus.bytes)} MB ` +
      `in ${round((performance.now() - generated) / 1000)} s`,
  );

  const bench = await startBenchStack({
    // In memory, not on H2: on H2 the stand-in itself becomes the bottleneck (under 1 file/s).
    env: { SEED_CORPUS: 'false', MONGO_STANDIN_MAX_HEAP: args['mongo-heap'] },
    onOutput: process.env.BENCH_VERBOSE ? (name, line) => process.stderr.write(`[${name}] ${line}\n`) : undefined,
  });
  try {
    const pid = pidOf('documents');
    const samples: number[] = [];
    const sampler = setInterval(() => {
      const rss = rssBytes(pid);
      if (rss !== undefined) samples.push(rss);
    }, SAMPLE_MS);
    // Idle baseline: the service as it sits before the import.
    while (samples.length < IDLE_SAMPLES) await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    const idle = samples.splice(0);

    const started = performance.now();
    const { runId } = await grpcCall(bench.documents, 'startImport', {
      path: corpus.dir,
      sourceId: 'uploads',
      requestedBy: 'bench',
    });
    const run = await waitForRun(bench, runId, 6 * 3_600_000);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    const during = summary(samples.map(mb));
    const baselineMb = summary(idle.map(mb)).p50;
    const everyFileSeen = run.status === 'succeeded' && run.seen === files;
    printTable(
      `import of ${mb(corpus.bytes)} MB: ${files} files ` +
        `(${corpus.textFiles} text, ${corpus.pdfFiles} PDF, ${BUNDLE} filings per file), run ${run.status}`,
      [
        [
          'documents service RSS',
          `baseline ${baselineMb} MB   peak ${during.max} MB   p50 during import ${during.p50} MB   ` +
            `(${during.count} samples, every ${SAMPLE_MS} ms)`,
        ],
        [
          'duration',
          `${round(seconds)} s   ${round(mb(corpus.bytes) / seconds, 2)} MB/s   ${round(run.seen / seconds)} files/s`,
        ],
        [
          'run counts',
          `seen ${run.seen} of ${files}, new ${run.new}, duplicate ${run.duplicate}, failed ${run.failed}`,
        ],
        ['every file seen', everyFileSeen ? 'yes' : 'NO'],
      ],
    );
    const minutesPerGb = round(2 ** 10 / (mb(corpus.bytes) / seconds) / 60);
    if (minutesPerGb > 15 && TARGET_BYTES < 2 ** 30)
      console.log(
        `  (a full 1 GB import would take about ${minutesPerGb} min at this rate on this machine; --gb scales it)`,
      );
    if (run.failed > 0) console.log(`  first failures: ${JSON.stringify(run.errors.slice(0, 3))}`);
    const file = writeBenchResult('import-memory', {
      setup:
        `test-profile stack, in-memory MongoDB stand-in with a ${args['mongo-heap']} heap, ` +
        `SEED_CORPUS=false; one StartImport of the whole directory; RSS from /proc/<pid>/status`,
      corpus: {
        bytes: corpus.bytes,
        mb: mb(corpus.bytes),
        textFiles: corpus.textFiles,
        pdfFiles: corpus.pdfFiles,
        filingsPerFile: BUNDLE,
        pdfPool: PDF_POOL,
      },
      rssMb: { baseline: baselineMb, peak: during.max, duringImport: during },
      seconds: round(seconds),
      estimatedMinutesPerGb: minutesPerGb,
      mbPerSecond: round(mb(corpus.bytes) / seconds, 2),
      run: { status: run.status, seen: run.seen, new: run.new, duplicate: run.duplicate, failed: run.failed },
      everyFileSeen,
    });
    console.log(`written to ${file}`);
  } finally {
    await bench.stop();
    fs.rmSync(corpus.dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
