/**
 * Ingest throughput end to end: file → documents service (extraction, MongoDB) → Kafka →
 * query-engine index (figures, never pass/fail).
 *
 *   npx tsx bench/ingest-throughput.bench.ts                   # 2,000 text filings, 300 ten-page PDFs
 *   npx tsx bench/ingest-throughput.bench.ts --text 500 --pdf 100 --pdf-pages 4
 *   npx tsx bench/ingest-throughput.bench.ts --pdf 0 --warm-up 1000   # measured after 1,000 filings not measured
 *                                                                     # (and their embedding backlog done)
 *
 * Text filings have the generator's own pages (4 on average, ~2,700 characters each). PDFs have
 * --pdf-pages pages (default 10): the filing's pages, repeated in turn.
 *
 * Writes generated filings (each with a JSON sidecar) into two temp directories, starts the stack
 * (test profile, no frontend, no default corpus, MongoDB on its H2 file store as under npm start), then imports each
 * directory with StartImport and measures from the call to (a) the ingestion run finished and (b) the search index
 * holding every new document. Prints docs/s and MB/s for both, and the CPU of every part until (c) the documents
 * service has counted them too, with the CPU a fixed piece of work took in the bench before and after
 * each set (support/machine-speed.ts: the machine's speed then). The query-engine's embedding processes
 * are a part of their own ("query-engine: processes it started"): their backlog waits for writes to
 * pause, off the ingest path, but may begin before the CPU is read; the set prints how many documents
 * they embedded meanwhile, and the total without them. The search index adds word pairs in the
 * background once writes pause (or a document has waited 30 s): the CPU that pass took before the
 * reading is its own line, not the query-engine's. The documents service finds new documents'
 * entities in the background the same way (DocumentAnalyser) and republishes them, which the index and
 * the alerts take again: work begun before the reading stays in the ingest figure. The set then waits
 * for (d) every document's entities and (e) every pair, printing when, and the CPU every part took
 * after the reading. Writes .data/bench/ingest-throughput.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { ObjectId } from 'mongodb';
import { generateCatalog, generateDockets, generateFilings } from '@docket/corpus';
import { pollUntil } from '@docket/local-infra';
import { grpcCall } from '@docket/service-kit';
import { printTable, round, writeBenchResult } from './support/bench-output';
import {
  cpuMsPerItem,
  cpuSecondsBetween,
  cpuSecondsByPart,
  indexedCount,
  isStartedByPart,
  startBenchStack,
  waitForRun,
  type BenchStack,
} from './support/bench-stack';
import { readBacklog, vectorIndexFile } from './support/embedding-backlog';
import { writePdfFiling, writeTextFiling } from './support/filing-files';
import { referenceWorkCpuMs } from './support/machine-speed';
import { readWordPairs, searchIndexFile } from './support/word-pair-backlog';

const { values: args } = parseArgs({
  options: {
    text: { type: 'string', default: '2000' },
    pdf: { type: 'string', default: '300' },
    'pdf-pages': { type: 'string', default: '10' },
    'warm-up': { type: 'string', default: '0' },
  },
});
const TEXT_COUNT = Number(args.text);
const PDF_COUNT = Number(args.pdf);
const PDF_PAGES = Number(args['pdf-pages']);
/** Text filings imported first, not measured: the figures are then a stack's past its start-up (JITs warm). */
const WARM_UP_COUNT = Number(args['warm-up']);
const SEED = 'bench-ingest';
/** The source every import here files under; its counters say when the documents service has counted them. */
const SOURCE_ID = 'uploads';
const TIMEOUT_MS = 30 * 60_000;

interface SetResult {
  kind: 'text' | 'pdf';
  files: number;
  /** Characters of text per file, on average. */
  charsPerFile: number;
  bytes: number;
  seen: number;
  new: number;
  failed: number;
  importSeconds: number;
  indexedSeconds: number;
  /** Until the documents service had counted them too (source, docket and entity counters). */
  countedSeconds: number;
  importDocsPerSecond: number;
  indexedDocsPerSecond: number;
  importMbPerSecond: number;
  /** CPU milliseconds per new document, by part (user + system, /proc/<pid>/stat), from the call to counted. */
  cpuMsPerDocument: Record<string, number>;
  /** Documents the query-engine's background embedding processes embedded meanwhile. */
  embeddedMeanwhile: number;
  /** Until the documents service had found every new document's entities (background, off the ingest path). */
  analysedSeconds: number;
  /** Each part's CPU from the ingest reading until entities and word pairs were done, embedding apart. */
  backgroundCpuMsPerDocument: Record<string, number>;
  /** Until the search index had added every new document's word pairs (background, off the ingest path). */
  pairedSeconds: number;
  /** The background word-pair pass: documents paired and its CPU ms per document, over the whole set. */
  wordPairs: { documents: number; cpuMsPerDocument: number };
  /** referenceWorkCpuMs() just before and after the set: how fast the machine ran. */
  referenceWorkCpuMs: { before: number; after: number };
  loadAverage1m: number;
}

/** Generates both directories before the stack starts, so generation never competes with ingestion. */
interface CorpusSet {
  dir: string;
  bytes: number;
  /** Characters of text in all files. */
  chars: number;
}

async function writeCorpus(): Promise<{ warmUp: CorpusSet; text: CorpusSet; pdf: CorpusSet }> {
  const catalog = generateCatalog(SEED);
  const dockets = generateDockets(SEED, catalog, 200);
  // Names differ between sets: an upload's source id is its file name.
  const textSet = (start: number, count: number, prefix: string): CorpusSet => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-text-'));
    let bytes = 0;
    let chars = 0;
    let index = 0;
    for (const filing of generateFilings(SEED, catalog, dockets, { count, start, pdfShare: 0 })) {
      bytes += writeTextFiling(dir, `${prefix}-${String(index++).padStart(6, '0')}`, filing);
      chars += filing.pages.join('').length;
    }
    return { dir, bytes, chars };
  };
  const text = textSet(0, TEXT_COUNT, 'filing');
  const pdfDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-pdf-'));
  let pdfBytes = 0;
  let pdfChars = 0;
  let index = 0;
  for (const filing of generateFilings(SEED, catalog, dockets, { count: PDF_COUNT, start: TEXT_COUNT })) {
    const pages = Array.from({ length: PDF_PAGES }, (_, page) => filing.pages[page % filing.pages.length] as string);
    pdfBytes += await writePdfFiling(pdfDir, `filing-${String(index++).padStart(6, '0')}`, { ...filing, pages });
    pdfChars += pages.join('').length;
  }
  return {
    warmUp: textSet(TEXT_COUNT + PDF_COUNT, WARM_UP_COUNT, 'warm-up'),
    text,
    pdf: { dir: pdfDir, bytes: pdfBytes, chars: pdfChars },
  };
}

async function importSet(
  bench: BenchStack,
  kind: SetResult['kind'],
  { dir, bytes, chars }: CorpusSet,
  files: number,
): Promise<SetResult> {
  const baseline = await indexedCount(bench.search);
  const countedBefore = await sourceCounted(bench);
  const vectors = vectorIndexFile(bench.stack.dataDir);
  const embeddedBefore = readBacklog(vectors).embedded;
  const indexFile = searchIndexFile(bench.stack.dataDir);
  const pairsBefore = readWordPairs(indexFile);
  const referenceBefore = referenceWorkCpuMs();
  const cpuBefore = cpuSecondsByPart({ startedApart: true });
  const started = performance.now();
  const { runId } = await grpcCall(bench.documents, 'startImport', {
    path: dir,
    sourceId: SOURCE_ID,
    requestedBy: 'bench',
  });
  const run = await waitForRun(bench, runId, TIMEOUT_MS);
  const importSeconds = (performance.now() - started) / 1000;
  if (run.status !== 'succeeded')
    throw new Error(`the ${kind} import ended ${run.status}: ${JSON.stringify(run.errors.slice(0, 5))}`);
  await pollUntil(async () => (await indexedCount(bench.search)) >= baseline + run.new, {
    timeoutMs: TIMEOUT_MS,
    intervalMs: 100,
    description: `the index to hold ${run.new} more documents`,
    abortIf: bench.crashed,
  });
  const indexedSeconds = (performance.now() - started) / 1000;
  // The documents service counts new filings (sources, dockets, entity profiles) in windows of up to
  // 5 s after they are stored: ingest work too, so the CPU is read once they are counted.
  await pollUntil(async () => (await sourceCounted(bench)) >= countedBefore + run.new, {
    timeoutMs: TIMEOUT_MS,
    intervalMs: 100,
    description: `the documents service to count ${run.new} more documents`,
    abortIf: bench.crashed,
  });
  const countedSeconds = (performance.now() - started) / 1000;
  const perPart = withWordPairsApart(
    cpuSecondsBetween(cpuBefore, cpuSecondsByPart({ startedApart: true })),
    (readWordPairs(indexFile).cpuMs - pairsBefore.cpuMs) / 1000,
  );
  const cpuMsPerDocument = cpuMsPerItem(perPart, run.new, 2);
  // The query-engine's embedding processes and word-pair pass are background work that waits for
  // writes to pause, so the ingest path is the rest.
  const ingestPath = perPart.filter(([name]) => !isStartedByPart(name) && name !== WORD_PAIRS_PART);
  cpuMsPerDocument['all parts but the processes they started'] = cpuMsPerItem(ingestPath, run.new, 2)['all parts'] ?? 0;
  const embeddedMeanwhile = readBacklog(vectors).embedded - embeddedBefore;
  const cpuAtReading = cpuSecondsByPart({ startedApart: true });
  // The analyser takes documents oldest first: once the newest has its entities, every one has.
  const newest = await newestDocumentId(bench);
  await pollUntil(async () => !(await analysisPending(bench, newest)), {
    timeoutMs: TIMEOUT_MS,
    intervalMs: 200,
    description: 'the documents service to find the entities of the new documents',
    abortIf: bench.crashed,
  });
  const analysedSeconds = (performance.now() - started) / 1000;
  await pollUntil(async () => readWordPairs(indexFile).pending === 0, {
    timeoutMs: TIMEOUT_MS,
    intervalMs: 100,
    description: 'the search index to add the word pairs',
    abortIf: bench.crashed,
  });
  const pairedSeconds = (performance.now() - started) / 1000;
  const pairsAfter = readWordPairs(indexFile);
  // What the background work (entities found, their events indexed and matched, word pairs) took after
  // the reading, every part but the embedding processes.
  const background = cpuSecondsBetween(cpuAtReading, cpuSecondsByPart({ startedApart: true })).filter(
    ([name]) => !isStartedByPart(name),
  );
  const referenceAfter = referenceWorkCpuMs();
  return {
    kind,
    files,
    charsPerFile: Math.round(chars / Math.max(1, files)),
    bytes,
    seen: run.seen,
    new: run.new,
    failed: run.failed,
    importSeconds: round(importSeconds, 2),
    indexedSeconds: round(indexedSeconds, 2),
    countedSeconds: round(countedSeconds, 2),
    importDocsPerSecond: round(run.new / importSeconds),
    indexedDocsPerSecond: round(run.new / indexedSeconds),
    importMbPerSecond: round(bytes / 2 ** 20 / importSeconds, 2),
    cpuMsPerDocument,
    embeddedMeanwhile,
    analysedSeconds: round(analysedSeconds, 2),
    pairedSeconds: round(pairedSeconds, 2),
    backgroundCpuMsPerDocument: cpuMsPerItem(background, run.new, 2),
    wordPairs: {
      documents: pairsAfter.paired - pairsBefore.paired,
      cpuMsPerDocument: round((pairsAfter.cpuMs - pairsBefore.cpuMs) / Math.max(1, run.new), 2),
    },
    referenceWorkCpuMs: { before: round(referenceBefore, 1), after: round(referenceAfter, 1) },
    loadAverage1m: round(os.loadavg()[0] ?? 0, 2),
  };
}

const QUERY_ENGINE = 'query-engine';
const WORD_PAIRS_PART = 'query-engine: word pairs (background)';

/** The query-engine's CPU with its word-pair pass (`pairingSeconds` of it) as a part of its own. */
function withWordPairsApart(perPart: Array<[string, number]>, pairingSeconds: number): Array<[string, number]> {
  if (pairingSeconds <= 0) return perPart;
  return [
    ...perPart.map(([name, seconds]): [string, number] => [
      name,
      name === QUERY_ENGINE ? seconds - pairingSeconds : seconds,
    ]),
    [WORD_PAIRS_PART, pairingSeconds] as [string, number],
  ].sort((a, b) => b[1] - a[1]);
}

function documentsCollection(bench: BenchStack) {
  return bench.mongo.db('documents').collection<{ _id: ObjectId; analysisPending?: boolean }>('documents');
}

/** The id of the newest stored document (ids grow with time). */
async function newestDocumentId(bench: BenchStack): Promise<ObjectId> {
  const [newest] = await documentsCollection(bench)
    .find({}, { projection: { _id: 1 } })
    .sort({ _id: -1 })
    .limit(1)
    .toArray();
  if (!newest) throw new Error('no document stored');
  return newest._id;
}

/** Whether the documents service has still to find this document's entities (DocumentAnalyser); one read by _id. */
async function analysisPending(bench: BenchStack, id: ObjectId): Promise<boolean> {
  const document = await documentsCollection(bench).findOne({ _id: id }, { projection: { analysisPending: 1 } });
  return document?.analysisPending === true;
}

/** The source's document count, as the documents service's counters have it (one read by _id). */
async function sourceCounted(bench: BenchStack): Promise<number> {
  const source = await bench.mongo
    .db('documents')
    .collection<{ _id: string; documentCount?: number }>('sources')
    .findOne({ _id: SOURCE_ID }, { projection: { documentCount: 1 } });
  return source?.documentCount ?? 0;
}

async function main(): Promise<void> {
  const corpus = await writeCorpus();
  // MongoDB as `npm start` runs it: the stand-in on its H2 file store.
  const bench = await startBenchStack({ h2MongoHeap: '2g', env: { SEED_CORPUS: 'false' } });
  try {
    if (WARM_UP_COUNT > 0) {
      const warmUp = await importSet(bench, 'text', corpus.warmUp, WARM_UP_COUNT);
      // The warm-up's documents are embedded once writes pause, at the lowest priority, by a process of
      // the query-engine's: charged to the next set unless it is done first (2 ms a filing in one run).
      await pollUntil(async () => readBacklog(vectorIndexFile(bench.stack.dataDir)).pending === 0, {
        timeoutMs: TIMEOUT_MS,
        intervalMs: 500,
        description: "the warm-up's documents to be embedded",
        abortIf: bench.crashed,
      });
      console.log(`warm-up: ${warmUp.new} text filings imported first and embedded, not measured`);
    }
    // A set of no files is not imported: its CPU would be divided by no documents.
    const text = TEXT_COUNT > 0 ? await importSet(bench, 'text', corpus.text, TEXT_COUNT) : null;
    const pdf = PDF_COUNT > 0 ? await importSet(bench, 'pdf', corpus.pdf, PDF_COUNT) : null;
    for (const set of [text, pdf]) {
      if (!set) continue;
      const shape = set.kind === 'pdf' ? `${PDF_PAGES}-page PDFs` : 'text files';
      printTable(
        `${set.kind}: ${set.files} ${shape}, ${set.charsPerFile} characters of text each, ` +
          `${round(set.bytes / 2 ** 20)} MB (with sidecars); ${set.new} new, ${set.failed} failed`,
        [
          [
            'imported (run succeeded)',
            `${set.importSeconds} s   ${set.importDocsPerSecond} docs/s   ${set.importMbPerSecond} MB/s`,
          ],
          ['indexed (search count)', `${set.indexedSeconds} s   ${set.indexedDocsPerSecond} docs/s`],
          ['counted (source count), CPU read then', `${set.countedSeconds} s`],
          ['embedded meanwhile (background)', String(set.embeddedMeanwhile)],
          ['entities found (background)', `${set.analysedSeconds} s`],
          [
            'word pairs added (background)',
            `${set.pairedSeconds} s   ${set.wordPairs.documents} documents   ` +
              `${set.wordPairs.cpuMsPerDocument} CPU ms per document`,
          ],
          ['load average (1 min) at the end', String(set.loadAverage1m)],
          [
            'reference work, CPU ms (machine speed) before / after',
            `${set.referenceWorkCpuMs.before} / ${set.referenceWorkCpuMs.after}`,
          ],
          ...Object.entries(set.cpuMsPerDocument).map(([name, ms]): [string, string] => [
            `CPU ms per document: ${name}`,
            String(ms),
          ]),
          // Embedding processes apart, as in the ingest figure.
          ...Object.entries(set.backgroundCpuMsPerDocument).map(([name, ms]): [string, string] => [
            `background after the reading, CPU ms per document: ${name}`,
            String(ms),
          ]),
        ],
      );
    }
    const file = writeBenchResult('ingest-throughput', {
      setup:
        `test-profile stack, MongoDB stand-in on H2 (as npm start), ` +
        `SEED_CORPUS=false; ${PDF_PAGES}-page PDFs; one StartImport per directory; times from the call; ` +
        `${WARM_UP_COUNT} text filings imported first, not measured`,
      text,
      pdf,
    });
    console.log(`written to ${file}`);
  } finally {
    await bench.stop();
    for (const dir of [corpus.warmUp.dir, corpus.text.dir, corpus.pdf.dir])
      fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
