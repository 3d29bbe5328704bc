/**
 * Analysis time of the query-engine (figures, never pass/fail): the extractive analysis of a
 * question's 10 best documents, the local work of the generative mode around the model call, and
 * the figures over a result set.
 *
 *   npx tsx bench/analysis.bench.ts
 *   BENCH_QUERIES=500 BENCH_PAGE_SCALE=2 npx tsx bench/analysis.bench.ts
 *
 * Filings come from @docket/corpus (~4 pages, ~10 KB of text on average at page scale 1, up to 12
 * pages), joined into one text with page spans as the documents service stores them. Each question
 * is written from one filing (its docket, filer and subjects) and answered from that filing and up
 * to 9 more of its docket (others from the corpus when the docket is small), as retrieval would
 * bring them. One query at a time on the main thread; the first query (cold: ICU segmenter and
 * stemmer caches) is reported apart. Wall time and this process's CPU time are both printed: on a
 * shared, busy machine the wall time includes waiting for a core. Writes .data/bench/analysis.json.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { generateCatalog, generateDockets, generateFilings, Rng, type Filing } from '@docket/corpus';
import {
  analyzeExtractive,
  answerPrompt,
  checkedAnswer,
  rankSentences,
  selectPassages,
  type AnalysedDocument,
  type RetrievedDocument,
} from '../services/query-engine/src/domain/analysis';
import { buildFigures, type ResultSetDocument } from '../services/query-engine/src/domain/figures';
import { printTable, round, summary, writeBenchResult } from './support/bench-output';
import { questionAbout } from './support/filing-questions';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const FILINGS = Number(process.env.BENCH_FILINGS ?? 3_000);
const PAGE_SCALE = Number(process.env.BENCH_PAGE_SCALE ?? 1);
const SEED = process.env.BENCH_SEED ?? 'bench';
const DOCUMENTS_PER_QUERY = 10;

type BenchDocument = AnalysedDocument & ResultSetDocument & { filing: Filing };

function toDocument(filing: Filing, index: number, sourceNames: Map<string, string>): BenchDocument {
  const pages: { number: number; start: number; end: number }[] = [];
  let text = '';
  filing.pages.forEach((page, i) => {
    if (i > 0) text += '\n\n';
    pages.push({ number: i + 1, start: text.length, end: text.length + page.length });
    text += page;
  });
  return {
    id: `doc-${index}`,
    title: filing.title,
    text,
    pages,
    parties: filing.filers,
    filers: filing.filers,
    filing,
    sourceId: filing.sourceId,
    sourceName: sourceNames.get(filing.sourceId),
    filingCategory: filing.filingCategory,
    docketNumber: filing.docketNumber,
    filedAt: filing.filedAt,
  };
}

function main(): void {
  const catalog = generateCatalog(SEED);
  const dockets = generateDockets(SEED, catalog, 300);
  const sourceNames = new Map(catalog.sources.map((s) => [s.id, s.name]));
  const documents = [
    ...generateFilings(SEED, catalog, dockets, { count: FILINGS, pdfShare: 0, pageScale: PAGE_SCALE }),
  ].map((f, i) => toDocument(f, i, sourceNames));
  const byDocket = new Map<string, BenchDocument[]>();
  for (const document of documents)
    byDocket.set(document.filing.docketNumber, [...(byDocket.get(document.filing.docketNumber) ?? []), document]);

  const rng = Rng.derive(SEED, 'analysis-bench');
  const workload = Array.from({ length: QUERIES + 1 }, () => {
    const seedDocument = rng.pick(documents);
    const sameDocket = rng.sample(
      byDocket.get(seedDocument.filing.docketNumber)?.filter((d) => d !== seedDocument) ?? [],
      DOCUMENTS_PER_QUERY - 1,
    );
    const others = rng.sample(documents, DOCUMENTS_PER_QUERY - 1 - sameDocket.length);
    const retrieved: RetrievedDocument[] = [seedDocument, ...sameDocket, ...others].map((document, rank) => ({
      document,
      score: 1 / (61 + rank),
    }));
    return { question: questionAbout(seedDocument.filing, rng), retrieved };
  });

  const extractive: number[] = [];
  const extractiveCpu: number[] = [];
  const generativeLocal: number[] = [];
  const sentencesPerQuery: number[] = [];
  const charsPerQuery: number[] = [];
  let answered = 0;
  let coldMs = 0;
  workload.forEach(({ question, retrieved }, i) => {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const analysis = analyzeExtractive(question, retrieved);
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    if (i === 0) {
      coldMs = ms;
      return;
    }
    extractive.push(ms);
    extractiveCpu.push((cpu.user + cpu.system) / 1000);
    if (analysis.sections.length > 0) answered++;
    const ranking = rankSentences(question, retrieved);
    sentencesPerQuery.push(ranking.candidateCount);
    charsPerQuery.push(retrieved.reduce((sum, r) => sum + r.document.text.length, 0));

    // The generative mode without the model: passages, prompt, and the check of an answer that restates three passages.
    const g0 = performance.now();
    const passages = selectPassages(rankSentences(question, retrieved));
    answerPrompt(question, passages);
    const answer = passages
      .slice(0, 3)
      .map((p) => `${p.document.text.slice(p.sentences[0]!.start, p.sentences[0]!.end)} [${p.label}]`)
      .join(' ');
    checkedAnswer(answer, passages, 'bench', ranking);
    generativeLocal.push(performance.now() - g0);
  });

  const figures = (size: number) => {
    const resultSet = documents.slice(0, size);
    const analysis = analyzeExtractive(workload[1]!.question, workload[1]!.retrieved);
    const times = Array.from({ length: 30 }, () => {
      const t0 = performance.now();
      buildFigures(resultSet, analysis);
      return performance.now() - t0;
    });
    return summary(times);
  };

  const avgKb = round(documents.reduce((sum, d) => sum + d.text.length, 0) / documents.length / 1024, 1);
  const extractiveSummary = summary(extractive);
  const extractiveCpuSummary = summary(extractiveCpu);
  const generativeSummary = summary(generativeLocal);
  const figures200 = figures(200);
  const figures3000 = figures(Math.min(3_000, documents.length));
  printTable(
    `analysis of ${DOCUMENTS_PER_QUERY} documents per question (${QUERIES} questions, ` +
      `filings ~${avgKb} KB of text on average, page scale ${PAGE_SCALE})`,
    [
      [
        'extractive p50 / p95 / max',
        `${extractiveSummary.p50} / ${extractiveSummary.p95} / ${extractiveSummary.max} ms`,
      ],
      [
        'extractive CPU time p50 / p95',
        `${extractiveCpuSummary.p50} / ${extractiveCpuSummary.p95} ms (this process; ` +
          `wall time above includes waiting for a core)`,
      ],
      ['machine load (1 min average)', `${round(os.loadavg()[0] ?? 0, 2)} on ${os.cpus().length} cores`],
      ['first (cold) query', `${round(coldMs)} ms`],
      [
        'generative, local work p50 / p95',
        `${generativeSummary.p50} / ${generativeSummary.p95} ms (model call not included)`,
      ],
      [
        'text per question (10 documents)',
        `${round(summary(charsPerQuery).p50 / 1024)} KB p50, read at most 24 KB each`,
      ],
      ['candidate sentences per question', `${summary(sentencesPerQuery).p50} p50`],
      ['questions with an answer', `${answered} of ${QUERIES}`],
      ['figures, 200 results p50 / p95', `${figures200.p50} / ${figures200.p95} ms`],
      [`figures, ${Math.min(3_000, documents.length)} results p50 / p95`, `${figures3000.p50} / ${figures3000.p95} ms`],
    ],
  );
  const file = writeBenchResult('analysis', {
    queries: QUERIES,
    documentsPerQuery: DOCUMENTS_PER_QUERY,
    pageScale: PAGE_SCALE,
    avgDocumentKb: avgKb,
    extractiveMs: extractiveSummary,
    extractiveCpuMs: extractiveCpuSummary,
    coldMs: round(coldMs),
    generativeLocalMs: generativeSummary,
    candidateSentences: summary(sentencesPerQuery),
    answered,
    figures200Ms: figures200,
    figures3000Ms: figures3000,
  });
  console.log(`wrote ${file}`);
}

main();
