/**
 * Alert percolation throughput (figures, never pass/fail): documents per second matched against
 * 100,000 stored alerts through what the alerts service matches with (percolationShards): on one
 * thread (the service's default), and spread over BENCH_THREADS worker threads (default: one per
 * core, two at most) in the same run; and the same documents through a plain loop over every alert,
 * with the speed-up.
 *
 *   npm run bench:percolation                                   # 100,000 alerts × 200 filings
 *   BENCH_ALERTS=20000 BENCH_DOCUMENTS=100 npm run bench:percolation
 *   BENCH_THREADS=2 BENCH_IN_FLIGHT=3 npm run bench:percolation
 *
 * Alerts are a mix built from @docket/corpus: 15% docket follows (by id or by number), the rest saved
 * searches of one to three clauses (words, phrases, prefixes, ORs, NOTs) with a field filter on 35%
 * of them (agency, type, party, docket, filed date), and at least two conditions each (a lone word
 * gets another). Words come from 300 other filings' text: 85% from words in at most 5% of them, 15%
 * from words in at most 30% (no stopwords or numbers). Documents are other generated filings (~10 KB
 * of text each); "hits" per document says how often alerts match (every hit runs its alert's whole
 * compiled condition, so it bounds the throughput). Both runs match fresh document objects (nothing cached),
 * and the bench checks that both ways through the index find exactly the alerts the loop finds.
 * BENCH_IN_FLIGHT documents (default 3, as the percolator's consumer handles 3 partitions at once)
 * are matched at a time, one message each. Figures are wall time and this process's CPU time, all of
 * its threads (on a shared machine wall time counts others' turns too).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { emptySearchFilters, foldedWords, type SearchFilters } from '@docket/query-language';
import type { AlertRecord } from '../services/alerts/src/domain/alert';
import {
  compileAlert,
  type CompiledAlert,
  type PercolationDocument,
} from '../services/alerts/src/domain/alert-matcher';
import { PercolationIndex } from '../services/alerts/src/domain/percolation-index';
import { percolationShards } from '../services/alerts/src/matching/alert-index';
import { machine, printTable, round, writeBenchResult } from './support/bench-output';
import { generatedDocuments } from './support/generated-filings';
import { Random, STOPWORDS } from './support/query-sampling';

const alertCount = Number(process.env.BENCH_ALERTS ?? 100_000);
const documentCount = Number(process.env.BENCH_DOCUMENTS ?? 200);
const seed = process.env.BENCH_SEED ?? 'percolation';
const threads = Number(process.env.BENCH_THREADS ?? Math.min(2, os.availableParallelism()));
const inFlight = Number(process.env.BENCH_IN_FLIGHT ?? 3);

type Definition =
  { query: string; filters: Partial<SearchFilters> } | { docket: { docketId: string; docketNumber: string } };

function toPercolation(
  doc: ReturnType<typeof generatedDocuments> extends Generator<infer D> ? D : never,
): PercolationDocument {
  return {
    id: doc.id,
    title: doc.title,
    text: doc.text,
    sourceId: doc.sourceId,
    sourceName: doc.sourceName,
    agencies: [doc.sourceName],
    docketNumber: doc.docketNumber,
    docketId: doc.docketId,
    filingType: doc.filingType,
    filingCategory: doc.filingCategory,
    parties: [...doc.parties, ...doc.filers],
    entities: doc.entities.map((entity) => entity.name),
    ...(doc.filedAt ? { filedAt: doc.filedAt } : {}),
  };
}

/** Alert definitions drawn from a sample of filings (not the ones percolated). */
function generateDefinitions(sample: PercolationDocument[]): Definition[] {
  const rng = new Random(0x5eed);
  const texts = sample.map((doc) => foldedWords(doc.text));
  // What users save are topics, names and places: mostly words few filings use (in at most 5% of
  // them), some broader ones (at most 30%); never stopwords or bare numbers.
  const frequency = new Map<string, number>();
  for (const text of texts) for (const word of new Set(text)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const usable = [...frequency.keys()].filter((word) => word.length >= 4 && !STOPWORDS.has(word) && !/\d/u.test(word));
  const specific = usable.filter((word) => (frequency.get(word) ?? 0) <= sample.length * 0.05);
  const broad = usable.filter((word) => (frequency.get(word) ?? 0) <= sample.length * 0.3);
  const word = (): string => rng.pick(rng.next() < 0.85 ? specific : broad);
  /** Two or three words that follow each other in a filing, starting at a specific word. */
  const specificSet = new Set(specific);
  const phrase = (): string => {
    for (;;) {
      const text = rng.pick(texts);
      const start = Math.floor(rng.next() * Math.max(1, text.length - 3));
      const words = text.slice(start, start + 2 + Math.floor(rng.next() * 2));
      if (words.some((candidate) => specificSet.has(candidate))) return `"${words.join(' ')}"`;
    }
  };
  const clause = (): string => {
    const roll = rng.next();
    if (roll < 0.45) return word();
    if (roll < 0.62) return phrase();
    if (roll < 0.7) return `${word().slice(0, 5)}*`;
    if (roll < 0.85) return `(${word()} OR ${word()}${rng.next() < 0.5 ? ` OR ${phrase()}` : ''})`;
    return `-${word()}`;
  };
  const filters = (): Partial<SearchFilters> => {
    const doc = rng.pick(sample);
    switch (Math.floor(rng.next() * 5)) {
      case 0:
        return { agencies: [rng.next() < 0.5 ? doc.sourceId : doc.sourceName] };
      case 1:
        return { filingTypes: [doc.filingCategory] };
      case 2:
        return doc.parties.length > 0 ? { parties: [rng.pick(doc.parties)] } : {};
      case 3:
        return { dockets: [doc.docketNumber] };
      default:
        return { filedFrom: doc.filedAt?.toISOString().slice(0, 10) ?? '' };
    }
  };
  return Array.from({ length: alertCount }, (): Definition => {
    const roll = rng.next();
    if (roll < 0.15) {
      const doc = rng.pick(sample);
      return {
        docket:
          rng.next() < 0.7
            ? { docketId: doc.docketId, docketNumber: doc.docketNumber }
            : { docketId: '', docketNumber: doc.docketNumber },
      };
    }
    const parts = Array.from({ length: 1 + Math.floor(rng.next() * 3) }, clause);
    const withFilters = rng.next() < 0.35;
    // A saved search says what it wants with two conditions at least (a word alone is a search,
    // rarely an alert): a lone word, prefix or NOT gets another word.
    const positive = parts.filter((part) => !part.startsWith('-'));
    if (positive.length === 0 || (positive.length === 1 && !withFilters && !positive[0]?.startsWith('"')))
      parts.push(word());
    return { query: parts.join(' '), filters: withFilters ? filters() : {} };
  });
}

function toAlert(definition: Definition, index: number): AlertRecord {
  const now = new Date();
  const base: AlertRecord = {
    id: `alert-${index}`,
    ownerUserId: `user-${index % 5_000}`,
    ownerEmail: '',
    kind: 'search',
    definition: {
      name: `alert ${index}`,
      query: '',
      filters: emptySearchFilters(),
      question: '',
      schedule: { cadence: 'realtime', hour: 8, weekday: 1, timeZone: 'UTC' },
      channels: { inApp: true, email: false, webhookEndpointId: '' },
    },
    paused: false,
    volumeNotice: '',
    emailUnsubscribed: false,
    hitsTotal: 0,
    createdAt: now,
    updatedAt: now,
  };
  if ('docket' in definition)
    return { ...base, kind: 'docket', docket: { ...definition.docket, title: '', sourceName: '' } };
  return {
    ...base,
    definition: {
      ...base.definition,
      query: definition.query,
      filters: { ...emptySearchFilters(), ...definition.filters },
    },
  };
}

/**
 * CPU time this process spent since `start` (user + system):
 * on a shared machine, wall time also counts other processes' turns.
 */
function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

interface Run {
  threads: number;
  buildSeconds: number;
  learnSeconds: number;
  docsPerSecond: number;
  docsPerCpuSecond: number;
  /** Alert ids matched, per document. */
  hits: string[][];
  unkeyed: number;
  rssMb: number;
}

/**
 * The alerts filed as the service files them (percolationShards), taught on the sample (a running
 * index has seen documents before: it refiles alerts after 64, 128 and 256), then the documents
 * matched `inFlight` at a time.
 */
async function measure(
  threadCount: number,
  compiled: CompiledAlert[],
  sample: PercolationDocument[],
  documents: PercolationDocument[],
): Promise<Run> {
  const buildStart = performance.now();
  const shards = percolationShards(threadCount);
  try {
    for (const alert of compiled) shards.put(alert);
    const { unkeyed } = await shards.stats(); // answered once every shard has filed its alerts
    const buildSeconds = (performance.now() - buildStart) / 1000;
    const learnStart = performance.now();
    await matchAll(sample, (doc) => shards.match({ ...doc }));
    const learnSeconds = (performance.now() - learnStart) / 1000;
    const cpuStart = process.cpuUsage();
    const runStart = performance.now();
    const matched = await matchAll(documents, (doc) => shards.match({ ...doc }));
    const runSeconds = (performance.now() - runStart) / 1000;
    const cpuSeconds = cpuSecondsSince(cpuStart);
    return {
      threads: shards.threads,
      buildSeconds,
      learnSeconds,
      docsPerSecond: documents.length / runSeconds,
      docsPerCpuSecond: documents.length / cpuSeconds,
      hits: matched.map((alerts) => alerts.map((alert) => alert.alertId)),
      unkeyed,
      rssMb: process.memoryUsage().rss / 2 ** 20,
    };
  } finally {
    await shards.close();
  }
}

/** Each document's matches, with `inFlight` documents under way at a time. */
async function matchAll(
  documents: PercolationDocument[],
  match: (doc: PercolationDocument) => Promise<CompiledAlert[]>,
): Promise<CompiledAlert[][]> {
  const results: CompiledAlert[][] = new Array(documents.length);
  let next = 0;
  const lane = async () => {
    while (next < documents.length) {
      const at = next++;
      results[at] = await match(documents[at] as PercolationDocument);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, inFlight) }, lane));
  return results;
}

const sameHits = (a: string[] | undefined, b: string[] | undefined): boolean =>
  [...(a ?? [])].sort().join() === [...(b ?? [])].sort().join();

async function main(): Promise<void> {
  if (!(alertCount > 0 && documentCount > 0)) throw new Error('BENCH_ALERTS and BENCH_DOCUMENTS must be positive');
  const all = [...generatedDocuments(seed, documentCount + 300)].map(toPercolation);
  const sample = all.slice(0, 300);
  const documents = all.slice(300);
  const definitions = generateDefinitions(sample);

  const compileStart = performance.now();
  const compiled: CompiledAlert[] = definitions.map((definition, index) => compileAlert(toAlert(definition, index)));
  const compileSeconds = (performance.now() - compileStart) / 1000;

  const loadAtStart = os.loadavg().map((value) => round(value, 2));
  const single = await measure(1, compiled, sample, documents);
  const threaded = threads >= 2 ? await measure(threads, compiled, sample, documents) : single;

  // Candidates (what the index's keys let through) from a plain index in the state the runs left theirs in.
  const index = new PercolationIndex();
  for (const alert of compiled) index.put(alert);
  for (const doc of [...sample, ...documents]) index.match({ ...doc });
  let candidates = 0;
  for (const doc of documents) candidates += index.candidates({ ...doc }).length;

  for (const doc of sample.slice(0, 5)) {
    const fresh = { ...doc };
    for (const alert of compiled) alert.matches(fresh);
  }
  let loopHits = 0;
  let mismatches = 0;
  let threadMismatches = 0;
  const loopCpuStart = process.cpuUsage();
  const loopRunStart = performance.now();
  // BENCH_SKIP_LOOP=1 measures the index alone (profiling); the loop's figures then read NaN.
  const skipLoop = Boolean(process.env.BENCH_SKIP_LOOP);
  documents.forEach((doc, position) => {
    if (!sameHits(single.hits[position], threaded.hits[position])) threadMismatches += 1;
    if (skipLoop) return;
    const fresh = { ...doc };
    const matched: string[] = [];
    for (const alert of compiled) if (alert.matches(fresh)) matched.push(alert.alertId);
    loopHits += matched.length;
    if (!sameHits(matched, threaded.hits[position]) || !sameHits(matched, single.hits[position])) mismatches += 1;
  });
  const loopRunSeconds = (performance.now() - loopRunStart) / 1000;
  const loopCpuSeconds = cpuSecondsSince(loopCpuStart);

  const indexHits = threaded.hits.reduce((sum, hits) => sum + hits.length, 0);
  const loopDocsPerSecond = skipLoop ? Number.NaN : documents.length / loopRunSeconds;
  const load = os.loadavg().map((value) => round(value, 2));
  const result = {
    seed,
    alerts: compiled.length,
    docketFollows: definitions.filter((definition) => 'docket' in definition).length,
    alwaysTested: threaded.unkeyed,
    documents: documents.length,
    averageTextKB: round(documents.reduce((sum, doc) => sum + doc.text.length, 0) / documents.length / 1024, 1),
    threads: threaded.threads,
    inFlight,
    compileSeconds: round(compileSeconds, 2),
    indexBuildSeconds: round(single.buildSeconds, 2),
    learnSeconds: round(single.learnSeconds, 2),
    threadedBuildSeconds: round(threaded.buildSeconds, 2),
    threadedLearnSeconds: round(threaded.learnSeconds, 2),
    heapUsedMb: round(process.memoryUsage().heapUsed / 2 ** 20, 0),
    rssMb: round(threaded.rssMb, 0),
    candidatesPerDocument: round(candidates / documents.length, 0),
    hitsPerDocument: round(indexHits / documents.length, 1),
    indexDocsPerSecond: round(single.docsPerSecond, 0),
    indexDocsPerCpuSecond: round(single.docsPerCpuSecond, 0),
    threadedDocsPerSecond: round(threaded.docsPerSecond, 0),
    threadedDocsPerCpuSecond: round(threaded.docsPerCpuSecond, 0),
    loopDocsPerSecond: round(loopDocsPerSecond, 1),
    loopDocsPerCpuSecond: skipLoop ? Number.NaN : round(documents.length / loopCpuSeconds, 1),
    speedUp: round(single.docsPerSecond / loopDocsPerSecond, 1),
    threadedSpeedUp: round(threaded.docsPerSecond / loopDocsPerSecond, 1),
    mismatches,
    threadMismatches,
    loopHits,
    loadAverageAtStart: loadAtStart,
    loadAverage: load,
  };

  const perSecond = (wall: number, cpu: number) =>
    `${wall.toLocaleString('en-US')} documents/s (${cpu.toLocaleString('en-US')} per CPU-second)`;
  printTable(
    `alert percolation (${os.cpus().length} CPUs, ${process.version}, seed ${JSON.stringify(seed)}, ` +
      `load average ${loadAtStart.join(' / ')} at start, ${load.join(' / ')} at end)`,
    [
      [
        'alerts stored',
        `${result.alerts.toLocaleString('en-US')} (${result.docketFollows.toLocaleString('en-US')} docket follows; ` +
          `${result.alwaysTested} tested against every document)`,
      ],
      ['documents', `${result.documents} filings, ${result.averageTextKB} KB of text each, ${inFlight} at a time`],
      [
        'compile + index build',
        `${result.compileSeconds} s + ${result.indexBuildSeconds} s, heap ${result.heapUsedMb} MB ` +
          `(${result.threads} worker threads: ${result.threadedBuildSeconds} s, RSS then ${result.rssMb} MB)`,
      ],
      [
        'first 300 documents (learning)',
        `${result.learnSeconds} s (${result.threads} worker threads: ${result.threadedLearnSeconds} s)`,
      ],
      [
        'candidates per document',
        `${result.candidatesPerDocument.toLocaleString('en-US')} ` +
          `of ${result.alerts.toLocaleString('en-US')} (${result.hitsPerDocument} hits)`,
      ],
      ['through the index, this thread', perSecond(result.indexDocsPerSecond, result.indexDocsPerCpuSecond)],
      [
        `through the index, ${result.threads} worker threads`,
        perSecond(result.threadedDocsPerSecond, result.threadedDocsPerCpuSecond),
      ],
      ['plain loop over every alert', perSecond(result.loopDocsPerSecond, result.loopDocsPerCpuSecond)],
      ['speed-up', `${result.speedUp}× (${result.threads} worker threads: ${result.threadedSpeedUp}×)`],
      [
        'index = loop',
        mismatches === 0 && threadMismatches === 0
          ? `yes (${loopHits.toLocaleString('en-US')} hits each way)`
          : `NO: ${mismatches} documents differ from the loop, ${threadMismatches} between thread counts`,
      ],
      ['machine', JSON.stringify(machine())],
    ],
  );
  console.log(`  wrote ${writeBenchResult('percolation', result)}`);
  if (mismatches > 0 || threadMismatches > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
