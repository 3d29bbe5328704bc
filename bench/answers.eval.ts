/**
 * How right the answers are (figures, never pass/fail).
 *
 *   npm run eval:answers                         # seed 'eval-dev' (EVAL_SEED), the tuning corpus
 *   npm run eval:answers -- --seed eval-holdout  # the held-back corpus: don't tune to one corpus
 *   EVAL_DOCKETS=250 EVAL_FILINGS=5000 EVAL_PER_TYPE=40 npm run eval:answers
 *   npm run eval:answers -- --sentence-model 0.3:20  # the best 20 sentences re-ranked with the model, weight 0.3
 *
 * Builds a corpus with @docket/corpus (its generator knows every proceeding's record: amounts,
 * schedule, intervenors, outcome; each filing lists what it states), indexes it into the real
 * SQLite FTS5 backend in a temporary directory, and asks questions written from that truth through
 * the real AskService (BM25 retrieval as with VECTOR_SEARCH=off, the extractive AnalysisWriter,
 * figures); the query store is a stand-in that hands out ids, and there are no workspaces (filters
 * come with the question, as a workspace sends them). Each answer is scored on its proceeding
 * (scope.docketNumber), the asked-for slot (the key fact's value; an F1 for the intervenor set) and
 * citation support (the cited passage contains the value stated): bench/support/answer-scoring.ts.
 * Prints a table per question type and writes .data/bench/answers-eval.json (and
 * answers-eval-<seed>.json), with a few wrong answers per type for whoever works on the engine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateCatalog, generateDockets, generateFilings, type Filing } from '@docket/corpus';
import { createLogger } from '@docket/observability';
import { AskService } from '../services/query-engine/src/ask/ask.service';
import { AnalysisWriter } from '../services/query-engine/src/ask/llm';
import type { QueryRepository } from '../services/query-engine/src/ask/query.repository';
import { bm25Retrieve } from '../services/query-engine/src/ask/retrieve';
import type { ModelRankingOptions } from '../services/query-engine/src/domain/analysis';
import type { Analysis } from '../services/query-engine/src/domain/analysis/analysis-model';
import { FiguresBuilder } from '../services/query-engine/src/domain/figures';
import { emptySearchFilters } from '../services/query-engine/src/domain/search-filters';
import { BgeSmallEmbedder } from '../services/query-engine/src/embeddings/bge-small.embedder';
import { SqliteFts5Backend } from '../services/query-engine/src/search/index/sqlite/sqlite-fts5.backend';
import { docketTruths, evalQuestions } from './support/answer-questions';
import { questionTypes, scoreAnswer, type AnswerScore, type EvalQuestion } from './support/answer-scoring';
import { machine, round, summary, writeBenchResult } from './support/bench-output';
import { indexedFiling } from './support/generated-filings';

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  if (at >= 0) return process.argv[at + 1];
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const SEED = argument('seed') ?? process.env.EVAL_SEED ?? 'eval-dev';
const DOCKETS = Number(argument('dockets') ?? process.env.EVAL_DOCKETS ?? 200);
const FILINGS = Number(argument('filings') ?? process.env.EVAL_FILINGS ?? 4_000);
const PER_TYPE = Number(argument('per-type') ?? process.env.EVAL_PER_TYPE ?? 40);
const BATCH = 500;
/** "weight:candidates": the answer's sentences re-ranked with bge-small too (AnalysisWriter's sentenceModel). */
const SENTENCE_MODEL = argument('sentence-model');

interface Outcome {
  question: EvalQuestion;
  score: AnswerScore;
  ms: number;
  error?: string;
  analysis?: Pick<Analysis, 'questionKind' | 'scope' | 'keyFacts'>;
}

async function buildIndex(
  dir: string,
  filings: Filing[],
  docketOf: (filing: Filing) => Parameters<typeof indexedFiling>[1],
  sourceName: (id: string) => string,
): Promise<SqliteFts5Backend> {
  const backend = SqliteFts5Backend.open(path.join(dir, 'index.sqlite'));
  const build = await backend.beginBuild();
  for (let i = 0; i < filings.length; i += BATCH) {
    await build.addFromSource(
      filings.slice(i, i + BATCH).map((filing) => indexedFiling(filing, docketOf(filing), sourceName(filing.sourceId))),
    );
  }
  await build.commit();
  return backend;
}

function aggregate(outcomes: Outcome[]) {
  const supports = outcomes.map((o) => o.score.support).filter((s): s is number => s !== null);
  const mean = (values: number[]) =>
    values.length === 0 ? 0 : round(values.reduce((a, b) => a + b, 0) / values.length, 3);
  const times = summary(outcomes.map((o) => o.ms));
  return {
    n: outcomes.length,
    proceedingAccuracy: mean(outcomes.map((o) => (o.score.proceeding ? 1 : 0))),
    slotAccuracy: mean(outcomes.map((o) => o.score.slot)),
    citationSupport: mean(supports),
    scoredFacts: supports.length,
    errors: outcomes.filter((o) => o.error).length,
    askMsP50: times.p50,
    askMsP95: times.p95,
  };
}

function modelRankingOptions(value: string): ModelRankingOptions {
  const [weight, candidates] = value.split(':').map(Number);
  if (!(weight! > 0 && weight! <= 1) || !Number.isInteger(candidates) || candidates! < 2)
    throw new Error(`--sentence-model must be weight:candidates (0 < weight <= 1, candidates >= 2), got "${value}"`);
  return { weight: weight!, candidates: candidates! };
}

async function main(): Promise<void> {
  for (const [name, value] of [
    ['dockets', DOCKETS],
    ['filings', FILINGS],
    ['per-type', PER_TYPE],
  ] as const) {
    if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer, got ${value}`);
  }
  const started = performance.now();
  const catalog = generateCatalog(SEED);
  const dockets = generateDockets(SEED, catalog, DOCKETS);
  const filings = [...generateFilings(SEED, catalog, dockets, { count: FILINGS, pdfShare: 0 })];
  const docketByKey = new Map(dockets.map((docket) => [`${docket.sourceId}|${docket.number}`, docket]));
  const sourceNames = new Map(catalog.sources.map((source) => [source.id, source.name]));
  const filersById = new Map(filings.map((filing) => [filing.sourceDocumentId, filing.filers]));
  const truths = docketTruths(SEED, catalog, dockets, filings);
  const questions = evalQuestions(SEED, truths, PER_TYPE);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'answers-eval-'));
  const indexStarted = performance.now();
  const backend = await buildIndex(
    dir,
    filings,
    (filing) => docketByKey.get(`${filing.sourceId}|${filing.docketNumber}`),
    (id) => sourceNames.get(id) ?? '',
  );
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  console.log(
    `answers eval, seed "${SEED}": ${dockets.length} dockets, ${filings.length.toLocaleString('en-US')} ` +
      `filings indexed in ${round(indexSeconds)} s; ${questions.length} questions`,
  );

  const rankingOptions = SENTENCE_MODEL ? modelRankingOptions(SENTENCE_MODEL) : undefined;
  const embedder = rankingOptions ? await BgeSmallEmbedder.load() : undefined;
  const sentenceModel = embedder && rankingOptions && { model: embedder, options: rankingOptions };
  if (rankingOptions) console.log(`sentences re-ranked with ${embedder!.modelId}: ${JSON.stringify(rankingOptions)}`);
  // As app.ts wires it with VECTOR_SEARCH=off and no language model; the query store only hands out ids.
  const asker = new AskService({
    index: backend,
    retriever: { retrieve: (question, scope, k, budget) => bm25Retrieve(backend, question, scope, k, budget) },
    writer: new AnalysisWriter({ logger: createLogger('answers-eval', 'warn'), sentenceModel }),
    figures: new FiguresBuilder(),
    queries: { newId: () => 'eval', insert: async () => undefined } as unknown as QueryRepository,
    completedEvent: () => ({ topic: 'eval', key: 'eval', payload: new Uint8Array() }) as never,
    kick: () => undefined,
    defaultMode: 'extractive',
    budgetMs: 30_000,
    logger: createLogger('answers-eval', 'warn'),
  });

  const outcomes: Outcome[] = [];
  try {
    for (const [i, question] of questions.entries()) {
      const t0 = performance.now();
      try {
        const query = await asker.ask(
          // A workspace's default agency (named_outside_filter) comes with the question as the workspace sends it;
          // such questions set no agency of their own.
          {
            question: question.question,
            filters: {
              ...emptySearchFilters(),
              dockets: question.filters.dockets,
              agencies: [...question.filters.agencies, ...(question.workspaceFilters?.agencies ?? [])],
            },
            userId: 'eval',
            workspaceId: '',
          },
          () => undefined,
        );
        const ms = performance.now() - t0;
        const analysis = query.analysis as Analysis;
        outcomes.push({
          question,
          ms,
          score: scoreAnswer(question, analysis, (id) => filersById.get(id) ?? []),
          analysis: { questionKind: analysis.questionKind, scope: analysis.scope, keyFacts: analysis.keyFacts },
        });
      } catch (error) {
        outcomes.push({
          question,
          ms: performance.now() - t0,
          score: { proceeding: false, slot: 0, support: null },
          error: error instanceof Error ? error.message : String(error),
        });
      }
      if (process.stdout.isTTY) process.stdout.write(`\r  asked ${i + 1} / ${questions.length}`);
    }
  } finally {
    if (process.stdout.isTTY) process.stdout.write('\n');
    await backend.close();
    await embedder?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const byType = Object.fromEntries(
    questionTypes.map((type) => [type, aggregate(outcomes.filter((o) => o.question.type === type))]),
  );
  const byNaming = Object.fromEntries(
    ['docket', 'party', 'party-year', 'filter-docket', 'filter-agency'].map((naming) => [
      naming,
      aggregate(outcomes.filter((o) => o.question.naming === naming)),
    ]),
  );
  const superseded = aggregate(outcomes.filter((o) => o.question.supersededSchedule));
  const overall = aggregate(outcomes);
  const load = os.loadavg().map((value) => round(value, 2));

  const header = ['type', 'n', 'proceeding', 'slot', 'citation', 'facts', 'p50 ms', 'p95 ms', 'errors'];
  const rows: (string | number)[][] = [
    ...Object.entries(byType).map(([type, a]) => [
      type,
      a.n,
      a.proceedingAccuracy,
      a.slotAccuracy,
      a.citationSupport,
      a.scoredFacts,
      a.askMsP50,
      a.askMsP95,
      a.errors,
    ]),
    [
      'dates, superseded schedule',
      superseded.n,
      superseded.proceedingAccuracy,
      superseded.slotAccuracy,
      superseded.citationSupport,
      superseded.scoredFacts,
      superseded.askMsP50,
      superseded.askMsP95,
      superseded.errors,
    ],
    ...Object.entries(byNaming).map(([naming, a]) => [
      `named by ${naming}`,
      a.n,
      a.proceedingAccuracy,
      a.slotAccuracy,
      a.citationSupport,
      a.scoredFacts,
      a.askMsP50,
      a.askMsP95,
      a.errors,
    ]),
    [
      'overall',
      overall.n,
      overall.proceedingAccuracy,
      overall.slotAccuracy,
      overall.citationSupport,
      overall.scoredFacts,
      overall.askMsP50,
      overall.askMsP95,
      overall.errors,
    ],
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells: (string | number)[]) =>
    cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]!) : String(cell).padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(
    `citation = share of scored facts whose cited passage contains the stated value (over "facts" scored); ` +
      `load average ${load.join(' / ')} on ${os.cpus().length} cores; ` +
      `${round((performance.now() - started) / 1000)} s in all`,
  );

  const wrong = Object.fromEntries(
    questionTypes.map((type) => [
      type,
      outcomes
        .filter((o) => o.question.type === type && (!o.score.proceeding || o.score.slot < 1))
        .slice(0, 5)
        .map((o) => ({
          question: o.question.question,
          filters: o.question.filters,
          docket: o.question.docketNumber,
          expected: o.question.expected,
          error: o.error,
          got: o.analysis && {
            questionKind: o.analysis.questionKind,
            docketNumber: o.analysis.scope.docketNumber,
            keyFacts: o.analysis.keyFacts.slice(0, 6).map((f) => ({
              slot: f.slot,
              subject: f.subject,
              status: f.status,
              text: f.text,
              normalized: f.normalized,
            })),
          },
        })),
    ]),
  );
  const result = {
    sentenceModel: rankingOptions ?? null,
    seed: SEED,
    dockets: dockets.length,
    filings: filings.length,
    questions: questions.length,
    indexSeconds: round(indexSeconds),
    loadAverage: load,
    overall,
    byType,
    byNaming,
    supersededSchedule: superseded,
    wrong,
    // Every question with its score, so two runs can be compared question by question.
    answers: outcomes.map((o) => ({
      id: o.question.id,
      question: o.question.question,
      filters: o.question.filters,
      docket: o.question.docketNumber,
      proceeding: o.score.proceeding,
      slot: round(o.score.slot, 3),
      support: o.score.support,
      ms: round(o.ms),
      ...(o.error ? { error: o.error } : {}),
    })),
  };
  const variant = SENTENCE_MODEL ? `-model-${SENTENCE_MODEL.replace(/[^\w.-]+/g, '_')}` : '';
  const file = writeBenchResult(`answers-eval${variant}`, result);
  writeBenchResult(`answers-eval-${SEED.replace(/[^\w-]+/g, '_')}${variant}`, result);
  console.log(`wrote ${file} (machine: ${JSON.stringify(machine())})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
