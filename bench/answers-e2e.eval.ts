/**
 * How right the answers are as a user gets them (figures, never pass/fail): files → documents service
 * (its reading and its filing classifier) → Kafka → the query-engine's index → a question through the
 * BFF in a workspace → the stored answer the page reads (GET /api/queries/{queryId}), scored on what
 * the page shows: the answer's proceeding, its key facts, the Answer section's sentences and its notice.
 *
 *   npm run eval:answers:e2e                                   # seed 'eval-dev', 200 dockets, 4,000 filings
 *   npm run eval:answers:e2e -- --seed docket-research         # the default corpus's seed
 *   npm run eval:answers:e2e -- --dockets 100 --filings 1500 --per-kind 15
 *
 * bench/answers.eval.ts asks the same questions of AskService in-process over an index built from the
 * generator's own filing types; this one imports the filings as an importer holds them (a text file
 * and a JSON sidecar: title, docket number, native filing type, filing date, filers; one directory per
 * source, each source added first through the administrators' API as an administrator adds one) and
 * asks as a signed-in user does.
 *
 * The corpus is read on today's date: its dates are moved (generateFilings' shiftDays) so that it runs
 * --ahead-days (default 365) past today, and filings dated after today are not imported (they are not
 * filed yet), so some hearings and deadlines in force are still to come and are told so ("is set
 * for"), the others as past ("was held on"). --filings counts the filings imported.
 *
 * Kinds (bench/support/answer-questions.ts): the record's slots, each named by docket, by company or by
 * a workspace filter; current_proceeding (a company named alone: its latest proceeding by filing date;
 * with a year: the one it opened that year); date_tense (the date in force, told in its tense);
 * intervenors (F1 against the parties the orders granting intervention name); the outcome; and
 * named_outside_filter (a docket named in a workspace whose default filter is another agency: the
 * answer should read that docket and its notice say it is outside the filters).
 *
 * Retrieval is BM25 alone (VECTOR_SEARCH=off) unless --vectors on: then questions are asked as on a
 * default stack right after an import, while the embedding backlog is still being worked through, and
 * a figure depends on how far it got. Then also: GET /api/search p50/p95 (--searches of them, one at a
 * time) while the backlog runs, the backlog read at each step, and the embedding processes' peak
 * memory; with --until-embedded it waits for the backlog to empty (its time from "all searchable"),
 * then asks the same questions and runs the same searches again:
 *
 *   npm run eval:answers:e2e -- --seed docket-research --dockets 500 --filings 20000 --vectors on --until-embedded
 *
 * Prints per kind: n, proceeding accuracy, slot accuracy (F1 for sets), citation support, ask latency
 * p50/p95 (POST to the stored answer read back), errors; the load average beside them. Writes
 * .data/bench/answers-e2e.json (and answers-e2e-<seed>[-vectors].json) with every question's score and a few
 * wrong answers per kind as the page showed them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  corpusShiftMs,
  generateCatalog,
  generateDockets,
  generateFilings,
  type Filing,
  type Source,
} from '@docket/corpus';
import { groupCpuSeconds, pollUntil } from '@docket/local-infra';
import { grpcCall } from '@docket/service-kit';
import type { components } from '../frontend/lib/api/schema';
import { docketTruths, evalQuestions } from './support/answer-questions';
import {
  questionTypes,
  scoreAnswer,
  type AnswerScore,
  type EvalQuestion,
  type ScoredAnalysis,
} from './support/answer-scoring';
import { machine, round, summary, writeBenchResult } from './support/bench-output';
import {
  indexedCount,
  pidOf,
  startBenchStack,
  waitForRun,
  type BenchStack,
  type RunCounts,
} from './support/bench-stack';
import { askInWorkspace, createWorkspace } from './support/bff-answers';
import { postJson, signInForWrites, type BffSession } from './support/bff-session';
import { readBacklog, vectorIndexFile, watchEmbeddingMemory } from './support/embedding-backlog';
import { writeTextFiling } from './support/filing-files';
import { shownAnalysis } from './support/page-answer';

type QueryFilters = components['schemas']['QueryFilters'];
type CreateSource = components['schemas']['CreateSource'];

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: 'eval-dev' },
    dockets: { type: 'string', default: '200' },
    filings: { type: 'string', default: '4000' },
    'per-kind': { type: 'string', default: '40' },
    'ahead-days': { type: 'string', default: '365' },
    vectors: { type: 'string', default: 'off' },
    'until-embedded': { type: 'boolean', default: false },
    searches: { type: 'string', default: '100' },
  },
});
const SEED = args.seed;
const DOCKETS = Number(args.dockets);
const FILINGS = Number(args.filings);
const PER_KIND = Number(args['per-kind']);
const AHEAD_DAYS = Number(args['ahead-days']);
const VECTORS = args.vectors;
const UNTIL_EMBEDDED = args['until-embedded'];
const SEARCHES = Number(args.searches);
const ADMIN_EMAIL = 'answers-e2e-admin@docket.local';
const ADMIN_PASSWORD = `answers-e2e-${crypto.randomBytes(12).toString('hex')}`;
const DAY_MS = 86_400_000;
const IMPORT_TIMEOUT_MS = 60 * 60_000;

interface Outcome {
  question: EvalQuestion;
  score: AnswerScore;
  /** POST to the completed event, and POST to the stored answer read back (GET /api/queries/{id}). */
  completedMs: number;
  storedMs: number;
  loadAverage1m: number;
  queryId?: string;
  error?: string;
  shown?: ScoredAnalysis;
}

const log = (line: string) => process.stderr.write(`[answers-e2e] ${line}\n`);

const noFilters = (): QueryFilters => ({
  agencies: [],
  filingTypes: [],
  dockets: [],
  parties: [],
  filedFrom: null,
  filedTo: null,
});

/** As an administrator adds a source before importing its files (POST /api/catalog/sources). */
function sourceBody(source: Source): CreateSource {
  return {
    id: source.id,
    name: source.name,
    kind: source.kind,
    shortName: source.shortName,
    jurisdiction: source.state === 'US' ? 'federal' : 'state',
    state: source.state,
    homeUrl: source.homeUrl,
    docketPattern: source.docketPattern,
  };
}

/**
 * Filings of the corpus up to today, as many as asked for:
 * one stream, so the first `count` kept are the same every run of a day.
 */
function filingsUpToToday(
  seed: string,
  catalog: ReturnType<typeof generateCatalog>,
  dockets: ReturnType<typeof generateDockets>,
  count: number,
  shiftDays: number,
  today: string,
) {
  const kept: Filing[] = [];
  let generated = 0;
  for (const filing of generateFilings(seed, catalog, dockets, { count: count * 4, pdfShare: 0, shiftDays })) {
    generated += 1;
    if (filing.filedAt.slice(0, 10) <= today) kept.push(filing);
    if (kept.length >= count) break;
  }
  return { kept, generated };
}

function aggregate(outcomes: Outcome[]) {
  const supports = outcomes.map((o) => o.score.support).filter((s): s is number => s !== null);
  const mean = (values: number[]) =>
    values.length === 0 ? 0 : round(values.reduce((a, b) => a + b, 0) / values.length, 3);
  const answered = outcomes.filter((o) => !o.error);
  const stored = summary(answered.map((o) => o.storedMs));
  const completed = summary(answered.map((o) => o.completedMs));
  return {
    n: outcomes.length,
    proceedingAccuracy: mean(outcomes.map((o) => (o.score.proceeding ? 1 : 0))),
    slotAccuracy: mean(outcomes.map((o) => o.score.slot)),
    citationSupport: mean(supports),
    scoredFacts: supports.length,
    errors: outcomes.length - answered.length,
    askMsP50: stored.p50,
    askMsP95: stored.p95,
    completedMsP50: completed.p50,
    completedMsP95: completed.p95,
  };
}

/** Asks every question in its workspace through the BFF, one at a time, scoring what the page shows. */
async function askAll(
  bffUrl: string,
  session: BffSession,
  questions: EvalQuestion[],
  workspaceOf: (question: EvalQuestion) => string,
  filersById: Map<string, readonly string[]>,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const [i, question] of questions.entries()) {
    const inWorkspace = workspaceOf(question);
    const filters =
      question.filters.dockets.length > 0 || question.filters.agencies.length > 0
        ? { ...noFilters(), dockets: question.filters.dockets, agencies: question.filters.agencies }
        : undefined;
    const loadAverage1m = round(os.loadavg()[0] ?? 0, 2);
    const t0 = performance.now();
    try {
      const answer = await askInWorkspace(bffUrl, session, inWorkspace, {
        question: question.question,
        ...(filters ? { filters } : {}),
      });
      const shown = shownAnalysis(answer.query);
      outcomes.push({
        question,
        shown,
        queryId: answer.query.queryId,
        completedMs: answer.completedMs,
        storedMs: answer.storedMs,
        loadAverage1m,
        score: scoreAnswer(question, shown, (id) => filersById.get(id) ?? []),
      });
    } catch (error) {
      const ms = performance.now() - t0;
      outcomes.push({
        question,
        completedMs: ms,
        storedMs: ms,
        loadAverage1m,
        score: { proceeding: false, slot: 0, support: null },
        error: error instanceof Error ? error.message : String(error),
      });
    }
    if ((i + 1) % 20 === 0 || i + 1 === questions.length)
      log(`asked ${i + 1} / ${questions.length} (load ${loadAverage1m})`);
  }
  return outcomes;
}

/** Searches a user would run about the questions' dockets: the docket number, or the question's longer words. */
function searchQueries(questions: EvalQuestion[]): string[] {
  return questions.slice(0, SEARCHES).map((question, i) =>
    i % 2 === 0
      ? `"${question.docketNumber}"`
      : question.question
          .replace(/[^\w\s]/g, ' ')
          .split(/\s+/)
          .filter((word) => word.length > 3)
          .slice(0, 4)
          .join(' '),
  );
}

/** GET /api/search for each query, one at a time, as the search page asks for its first page: wall ms. */
async function searchRound(bffUrl: string, session: BffSession, queries: string[]) {
  const ms: number[] = [];
  let errors = 0;
  for (const q of queries) {
    const t0 = performance.now();
    const response = await fetch(`${bffUrl}/api/search?${new URLSearchParams({ q, limit: '20' })}`, {
      headers: { cookie: session.cookie },
    });
    await response.arrayBuffer();
    if (response.ok) ms.push(performance.now() - t0);
    else errors += 1;
  }
  return { ...summary(ms), errors, loadAverage1m: round(os.loadavg()[0] ?? 0, 2) };
}

/** Waits for the embedding backlog to empty; seconds from `since` (all documents searchable). */
async function waitUntilEmbedded(bench: BenchStack, file: string, since: number): Promise<number> {
  let lastLog = 0;
  await pollUntil(
    async () => {
      const { pending, embedded } = readBacklog(file);
      if (performance.now() - lastLog > 60_000) {
        lastLog = performance.now();
        log(`embedding backlog: ${pending} waiting, ${embedded} embedded (load ${round(os.loadavg()[0] ?? 0, 2)})`);
      }
      return pending === 0 ? true : undefined;
    },
    {
      timeoutMs: IMPORT_TIMEOUT_MS * 2,
      intervalMs: 2000,
      description: 'the embedding backlog to empty',
      abortIf: bench.crashed,
    },
  );
  return round((performance.now() - since) / 1000);
}

async function importCorpus(
  bench: BenchStack,
  session: BffSession,
  dir: string,
  sources: Source[],
): Promise<{ runs: Record<string, RunCounts>; seconds: number }> {
  const started = performance.now();
  for (const source of sources) {
    const response = await postJson(bench.stack.bffUrl, session, '/api/catalog/sources', sourceBody(source));
    if (!response.ok) throw new Error(`add source ${source.id}: HTTP ${response.status} ${await response.text()}`);
  }
  const runIds: [string, string][] = [];
  for (const source of sources) {
    const { runId } = await grpcCall(bench.documents, 'startImport', {
      path: path.join(dir, source.id),
      sourceId: source.id,
      requestedBy: 'answers-e2e',
    });
    runIds.push([source.id, runId]);
  }
  const runs: Record<string, RunCounts> = {};
  for (const [sourceId, runId] of runIds) {
    runs[sourceId] = await waitForRun(bench, runId, IMPORT_TIMEOUT_MS);
    log(
      `imported ${sourceId}: ${runs[sourceId]!.new} new, ${runs[sourceId]!.failed} failed ` +
        `(${round((performance.now() - started) / 1000)} s)`,
    );
  }
  return { runs, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  for (const [name, value] of [
    ['dockets', DOCKETS],
    ['filings', FILINGS],
    ['per-kind', PER_KIND],
  ] as const) {
    if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer, got ${value}`);
  }
  if (!Number.isInteger(AHEAD_DAYS) || AHEAD_DAYS < 0)
    throw new Error(`--ahead-days must be a whole number of days, got ${AHEAD_DAYS}`);
  if (VECTORS !== 'on' && VECTORS !== 'off') throw new Error(`--vectors must be on or off, got ${VECTORS}`);
  const started = performance.now();
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const shiftDays = corpusShiftMs(now) / DAY_MS + AHEAD_DAYS;
  const catalog = generateCatalog(SEED);
  const dockets = generateDockets(SEED, catalog, DOCKETS);
  const { kept: filings, generated } = filingsUpToToday(SEED, catalog, dockets, FILINGS, shiftDays, today);
  const truths = docketTruths(SEED, catalog, dockets, filings, { shiftDays, asOf: today });
  const questions = evalQuestions(SEED, truths, PER_KIND, { today });
  const sources = catalog.sources.filter((source) => filings.some((f) => f.sourceId === source.id));

  // The files as an importer holds them: one directory per source.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'answers-e2e-'));
  const filingByFile = new Map<string, Filing>();
  for (const source of sources) fs.mkdirSync(path.join(dir, source.id));
  for (const filing of filings) {
    writeTextFiling(path.join(dir, filing.sourceId), filing.sourceDocumentId, filing);
    filingByFile.set(`${filing.sourceDocumentId}.txt`, filing);
  }
  log(
    `seed "${SEED}": ${dockets.length} dockets, ${filings.length} filings up to ${today} ` +
      `(of ${generated} generated, dates moved ${shiftDays} days) in ${sources.length} source directories; ` +
      `${questions.length} questions`,
  );

  const bench = await startBenchStack({
    h2MongoHeap: '2g',
    env: { SEED_CORPUS: 'false', ADMIN_EMAIL, ADMIN_PASSWORD, VECTOR_SEARCH: VECTORS },
  });
  const outcomes: Outcome[] = [];
  /** With --until-embedded: the same questions asked again once every document is embedded. */
  const afterEmbedding: Outcome[] = [];
  let setup: Record<string, unknown> = {};
  const embedding: Record<string, unknown> = {};
  const vectorFile = vectorIndexFile(bench.stack.dataDir);
  const queryEnginePid = pidOf('query-engine');
  const memory = VECTORS === 'on' ? watchEmbeddingMemory(queryEnginePid) : undefined;
  try {
    const { bffUrl } = bench.stack;
    const session = await signInForWrites(bffUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const imported = await importCorpus(bench, session, dir, sources);
    const stored = Object.values(imported.runs).reduce((sum, run) => sum + run.new, 0);
    const failed = Object.values(imported.runs).reduce((sum, run) => sum + run.failed, 0);
    const indexStarted = performance.now();
    await pollUntil(async () => ((await indexedCount(bench.search)) >= stored ? true : undefined), {
      timeoutMs: IMPORT_TIMEOUT_MS,
      intervalMs: 500,
      description: `${stored} documents to be indexed`,
      abortIf: bench.crashed,
    });
    const indexWaitSeconds = (performance.now() - indexStarted) / 1000;
    const queryEngineCpuAtIndexed = groupCpuSeconds(queryEnginePid) ?? 0;
    if (VECTORS === 'on') embedding.whenSearchable = readBacklog(vectorFile);
    log(
      `${stored} stored (${failed} failed) in ${round(imported.seconds)} s; ` +
        `all indexed ${round(indexWaitSeconds)} s later`,
    );

    // What the documents service made of each file: its id (citations name it) and the filing type it assigned.
    const documents = await bench.mongo
      .db('documents')
      .collection<{
        _id: { toHexString(): string };
        filingCategory?: string;
        provenance?: { sourceDocumentId?: string };
      }>('documents')
      .find({}, { projection: { filingCategory: 1, 'provenance.sourceDocumentId': 1 } })
      .toArray();
    const filersById = new Map<string, readonly string[]>();
    let sameType = 0;
    const typeConfusions = new Map<string, number>();
    for (const document of documents) {
      const filing = filingByFile.get(path.basename(document.provenance?.sourceDocumentId ?? ''));
      if (!filing) continue;
      filersById.set(document._id.toHexString(), filing.filers);
      if (document.filingCategory === filing.filingCategory) sameType += 1;
      else {
        const key = `${filing.filingCategory} → ${document.filingCategory ?? ''}`;
        typeConfusions.set(key, (typeConfusions.get(key) ?? 0) + 1);
      }
    }
    setup = {
      sources: sources.length,
      storedDocuments: stored,
      failedFiles: failed,
      importSeconds: round(imported.seconds),
      indexWaitSeconds: round(indexWaitSeconds),
      filingTypeAgreement: round(sameType / Math.max(1, documents.length), 3),
      filingTypeConfusions: Object.fromEntries([...typeConfusions].sort((a, b) => b[1] - a[1]).slice(0, 10)),
    };

    // One workspace for the questions (their own filters come with each),
    // one per agency a workspace filter excludes a named docket by.
    const workspaceId = await createWorkspace(bffUrl, session, {
      name: `Answers eval ${SEED}`,
      description: 'bench/answers-e2e.eval.ts',
    });
    const filtered = new Map<string, string>();
    for (const question of questions) {
      for (const agency of question.workspaceFilters?.agencies ?? []) {
        if (!filtered.has(agency)) {
          filtered.set(
            agency,
            await createWorkspace(bffUrl, session, {
              name: `Answers eval ${SEED}, ${agency} only`,
              description: 'A default filter for one agency',
              defaultFilters: { ...noFilters(), agencies: [agency] },
            }),
          );
        }
      }
    }

    const workspaceOf = (question: EvalQuestion) => {
      const agency = question.workspaceFilters?.agencies[0];
      return agency ? (filtered.get(agency) as string) : workspaceId;
    };
    if (VECTORS === 'on') embedding.beforeQuestions = readBacklog(vectorFile);
    outcomes.push(...(await askAll(bffUrl, session, questions, workspaceOf, filersById)));
    if (VECTORS === 'on') {
      embedding.whileQuestions = readBacklog(vectorFile);
      embedding.searchWhileBacklog = await searchRound(bffUrl, session, searchQueries(questions));
      embedding.afterSearches = readBacklog(vectorFile);
      if (UNTIL_EMBEDDED) {
        embedding.backlogSeconds = await waitUntilEmbedded(bench, vectorFile, indexStarted + indexWaitSeconds * 1000);
        embedding.queryEngineCpuSeconds = round((groupCpuSeconds(queryEnginePid) ?? 0) - queryEngineCpuAtIndexed);
        embedding.embedded = readBacklog(vectorFile).embedded;
        afterEmbedding.push(...(await askAll(bffUrl, session, questions, workspaceOf, filersById)));
        embedding.searchAfterBacklog = await searchRound(bffUrl, session, searchQueries(questions));
      }
      embedding.peakMemory = memory?.peak();
    }
  } finally {
    memory?.stop();
    await bench.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const kinds = questionTypes.filter((type) => outcomes.some((o) => o.question.type === type));
  const byKind = Object.fromEntries(
    kinds.map((type) => [type, aggregate(outcomes.filter((o) => o.question.type === type))]),
  );
  const namings = ['docket', 'party', 'party-year', 'filter-docket', 'filter-agency'];
  const byNaming = Object.fromEntries(
    namings
      .map((naming) => [naming, aggregate(outcomes.filter((o) => o.question.naming === naming))])
      .filter(([, a]) => (a as { n: number }).n > 0),
  );
  const tenses = Object.fromEntries(
    (['past', 'coming'] as const).map((tense) => [
      tense,
      aggregate(outcomes.filter((o) => o.question.type === 'date_tense' && o.question.tense === tense)),
    ]),
  );
  const superseded = aggregate(
    outcomes.filter((o) => o.question.supersededSchedule && o.question.type !== 'date_tense'),
  );
  const overall = aggregate(outcomes);
  const loads = outcomes.map((o) => o.loadAverage1m);
  const loadWhileAsking = {
    mean: round(loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length), 2),
    max: round(Math.max(0, ...loads), 2),
  };

  const header = ['kind', 'n', 'proceeding', 'slot', 'citation', 'facts', 'ask p50 ms', 'ask p95 ms', 'errors'];
  type Row = ReturnType<typeof aggregate>;
  const row = (name: string, a: Row) => [
    name,
    a.n,
    a.proceedingAccuracy,
    a.slotAccuracy,
    a.citationSupport,
    a.scoredFacts,
    a.askMsP50,
    a.askMsP95,
    a.errors,
  ];
  const rows: (string | number)[][] = [
    ...Object.entries(byKind).map(([kind, a]) => row(kind, a)),
    row('dates, superseded schedule', superseded),
    ...Object.entries(tenses).map(([tense, a]) => row(`date_tense, ${tense}`, a)),
    ...Object.entries(byNaming).map(([naming, a]) => row(`named by ${naming}`, a as Row)),
    row('overall', overall),
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: (string | number)[]) =>
    cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]!) : String(cell).padStart(widths[i]!))).join('  ');
  console.log(`answers end to end, seed "${SEED}": ${JSON.stringify(setup)}`);
  console.log(line(header));
  for (const r of rows) console.log(line(r));
  const load = os.loadavg().map((value) => round(value, 2));
  console.log(
    'slot: the asked-for fact right (intervenors: F1 of the set; date_tense: the date and its tense; ' +
      'named_outside_filter: the notice says the docket is outside the filters); ' +
      'citation: share of scored facts whose cited passage contains the value stated; ' +
      'ask: POST to the stored answer read back. ' +
      `Load average while asking ${loadWhileAsking.mean} (max ${loadWhileAsking.max}), ` +
      `now ${load.join(' / ')} on ${os.cpus().length} cores; ` +
      `retrieval ${VECTORS === 'on' ? 'hybrid (VECTOR_SEARCH=on)' : 'BM25 (VECTOR_SEARCH=off)'}; ` +
      `${round((performance.now() - started) / 1000)} s in all`,
  );

  if (VECTORS === 'on') {
    console.log(
      `embedding backlog (documents waiting / embedded at each step; search: GET /api/search wall ms; ` +
        `peak memory of the embedding processes): ${JSON.stringify(embedding)}`,
    );
  }
  const afterByKind = Object.fromEntries(
    kinds.map((type) => [type, aggregate(afterEmbedding.filter((o) => o.question.type === type))]),
  );
  if (afterEmbedding.length > 0) {
    console.log('the same questions once every document is embedded:');
    console.log(line(header));
    for (const [kind, a] of Object.entries(afterByKind)) console.log(line(row(kind, a)));
    console.log(line(row('overall', aggregate(afterEmbedding))));
  }

  const asShown = (o: Outcome) =>
    o.shown && {
      docketNumber: o.shown.scope.docketNumber,
      sourceId: o.shown.scope.sourceId,
      notice: o.shown.notice,
      keyFacts: o.shown.keyFacts
        .slice(0, 8)
        .map((f) => ({ slot: f.slot, subject: f.subject, status: f.status, text: f.text, normalized: f.normalized })),
      answer: o.shown.sections
        .filter((s) => s.heading === 'Answer')
        .flatMap((s) => s.sentences.map((x) => x.text))
        .slice(0, 6),
    };
  const wrong = Object.fromEntries(
    kinds.map((type) => [
      type,
      outcomes
        .filter((o) => o.question.type === type && (!o.score.proceeding || o.score.slot < 1))
        .slice(0, 6)
        .map((o) => ({
          question: o.question.question,
          queryId: o.queryId,
          filters: o.question.filters,
          workspaceFilters: o.question.workspaceFilters,
          docket: o.question.docketNumber,
          sourceId: o.question.sourceId,
          expected: o.question.expected,
          tense: o.question.tense,
          error: o.error,
          got: asShown(o),
        })),
    ]),
  );
  const result = {
    seed: SEED,
    today,
    shiftDays,
    aheadDays: AHEAD_DAYS,
    vectors: VECTORS,
    dockets: dockets.length,
    filings: filings.length,
    questions: questions.length,
    setup,
    loadAverage: load,
    loadWhileAsking,
    overall,
    byKind,
    byNaming,
    dateTense: tenses,
    supersededSchedule: superseded,
    ...(VECTORS === 'on' ? { embedding } : {}),
    ...(afterEmbedding.length > 0
      ? { afterEmbedding: { overall: aggregate(afterEmbedding), byKind: afterByKind } }
      : {}),
    wrong,
    // Every question with its score, so two runs can be compared question by question.
    answers: outcomes.map((o) => ({
      id: o.question.id,
      kind: o.question.type,
      question: o.question.question,
      filters: o.question.filters,
      docket: o.question.docketNumber,
      queryId: o.queryId,
      proceeding: o.score.proceeding,
      slot: round(o.score.slot, 3),
      support: o.score.support,
      ms: round(o.storedMs),
      ...(o.error ? { error: o.error } : {}),
    })),
  };
  const file = writeBenchResult('answers-e2e', result);
  writeBenchResult(`answers-e2e-${SEED.replace(/[^\w-]+/g, '_')}${VECTORS === 'on' ? '-vectors' : ''}`, result);
  console.log(`wrote ${file} (machine: ${JSON.stringify(machine())})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
