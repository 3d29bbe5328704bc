/**
 * Answers about a proceeding through the real ask path (SQLite FTS5 index, BM25 retrieval, the
 * extractive writer): for generated proceedings, each kind of question is answered for the right
 * docket with the fact its filings state (the generator's statements are the truth).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateCatalog, generateDockets, generateFilings, type Filing, type StatedFact } from '@docket/corpus';
import { createLogger } from '@docket/observability';
import { indexedFiling } from '../../../../bench/support/generated-filings';
import { AnswerThreads } from '../../src/ask/answer-threads/answer-threads';
import { AskService, type AskDeps } from '../../src/ask/ask.service';
import { AnalysisWriter } from '../../src/ask/llm';
import type { QueryRepository } from '../../src/ask/query.repository';
import { bm25Retrieve } from '../../src/ask/retrieve';
import type { Analysis } from '../../src/domain/analysis';
import { FiguresBuilder } from '../../src/domain/figures';
import { emptySearchFilters, filtersToQuery } from '../../src/domain/search-filters';
import { SqliteFts5Backend } from '../../src/search/index/sqlite/sqlite-fts5.backend';

const SEED = 'ask-proceeding-test';
let dir = '';
let backend: SqliteFts5Backend;
let asker: AskService;
/** The same, its analyses and figures written on an answer thread (as app.ts wires it). */
let threaded: AskService;
let answerThreads: AnswerThreads;
const stated = new Map<string, StatedFact[]>();

beforeAll(async () => {
  const catalog = generateCatalog(SEED);
  const dockets = generateDockets(SEED, catalog, 30);
  const filings: Filing[] = [...generateFilings(SEED, catalog, dockets, { count: 900, pdfShare: 0 })];
  for (const filing of filings)
    stated.set(filing.docketNumber, [...(stated.get(filing.docketNumber) ?? []), ...filing.statements]);
  const docketOf = new Map(dockets.map((d) => [`${d.sourceId}|${d.number}`, d]));
  const names = new Map(catalog.sources.map((s) => [s.id, s.name]));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-proceeding-'));
  backend = SqliteFts5Backend.open(path.join(dir, 'index.sqlite'));
  const build = await backend.beginBuild();
  await build.addFromSource(
    filings.map((f) => indexedFiling(f, docketOf.get(`${f.sourceId}|${f.docketNumber}`), names.get(f.sourceId) ?? '')),
  );
  await build.commit();
  const logger = createLogger('ask-proceeding-test', 'warn');
  const deps: AskDeps = {
    index: backend,
    retriever: { retrieve: (question, scope, k, budget) => bm25Retrieve(backend, question, scope, k, budget) },
    writer: new AnalysisWriter({ logger }),
    figures: new FiguresBuilder(),
    queries: { newId: () => 'test', insert: async () => undefined } as unknown as QueryRepository,
    completedEvent: () => ({}) as never,
    kick: () => undefined,
    defaultMode: 'extractive',
    budgetMs: 30_000,
    logger,
  };
  asker = new AskService(deps);
  answerThreads = new AnswerThreads({ threads: 1, logger });
  threaded = new AskService({ ...deps, composer: answerThreads });
}, 120_000);

afterAll(async () => {
  await answerThreads?.close();
  await backend?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function answer(question: string): Promise<Analysis> {
  const query = await asker.ask(
    { question, filters: emptySearchFilters(), userId: 'analyst', workspaceId: '' },
    () => undefined,
  );
  return query.analysis as Analysis;
}

/** A docket whose filings state `kind`, with what they state. */
function docketStating(kind: StatedFact['kind']): [string, StatedFact[]] {
  const found = [...stated].find(([, facts]) => facts.some((f) => f.kind === kind));
  if (!found) throw new Error(`no generated docket states ${kind}`);
  return [found[0], found[1].filter((f) => f.kind === kind)];
}

describe('answers about a generated proceeding', () => {
  test.each([
    ['requested_amount', (docket: string) => `What increase was requested in docket ${docket}?`],
    ['recommended_amount', (docket: string) => `What increase does Staff recommend in docket ${docket}?`],
    ['approved_amount', (docket: string) => `How much did the commission authorize in docket ${docket}?`],
  ] as const)('%s: the amount as stated, for the docket named', async (slot, ask) => {
    const [docket, facts] = docketStating(slot);
    const analysis = await answer(ask(docket));
    expect(analysis.scope.docketNumber).toBe(docket);
    const fact = analysis.keyFacts.find((f) => f.slot === slot);
    expect(facts.map((f) => f.value)).toContain(fact?.normalized);
    expect(fact?.citation.quote).toContain(fact?.text);
    expect(analysis.sections[0]?.heading).toBe('Answer');
  });

  test("hearing date: the latest scheduling order's, current", async () => {
    const [docket, facts] = docketStating('hearing_date');
    const latest = Math.max(...facts.map((f) => f.order ?? 0));
    const analysis = await answer(`When is the evidentiary hearing in docket ${docket}?`);
    expect(analysis.keyFacts.find((f) => f.slot === 'hearing_date' && f.status === 'current')?.normalized).toBe(
      facts.find((f) => (f.order ?? 0) === latest)?.value,
    );
  });

  test('intervenors: every party a filing makes one, each cited', async () => {
    const [docket, facts] = docketStating('intervenor');
    const analysis = await answer(`Which parties intervened in docket ${docket}?`);
    const named = analysis.keyFacts.filter((f) => f.slot === 'intervenor');
    expect(new Set(named.map((f) => f.normalized))).toEqual(new Set(facts.map((f) => f.value)));
    for (const fact of named) expect(fact.citation.quote).toContain(fact.text);
  });

  test('outcome: what the decision ordered', async () => {
    const [docket, facts] = docketStating('outcome');
    const analysis = await answer(`What did the commission decide in docket ${docket}?`);
    expect(analysis.keyFacts.find((f) => f.slot === 'outcome')?.normalized).toBe(facts[0]?.value);
  });

  test("positions: a party's claim is written as its position, never as a finding", async () => {
    const [docket] = docketStating('position');
    const analysis = await answer(`What do the parties argue in docket ${docket}?`);
    const findings = analysis.sections.find((s) => s.heading === 'Key findings');
    const positions = analysis.sections.find((s) => s.heading === 'Positions of the parties');
    expect(positions?.sentences.length).toBeGreaterThan(0);
    // Findings cite only the decision-maker's own filings.
    const categories = new Map(
      (await backend.fetch((findings?.sentences ?? []).map((s) => s.citations[0]?.documentId ?? ''))).map((d) => [
        d.id,
        d.filingCategory,
      ]),
    );
    for (const category of categories.values()) expect(['Decision', 'Order', 'Notice']).toContain(category);
  });
});

describe('a docket the question names', () => {
  test("wins over filters that leave it out (a workspace's default agency), and the answer says so", async () => {
    const [docket] = docketStating('hearing_date');
    const list = async (filters: ReturnType<typeof emptySearchFilters>) =>
      (await backend.search({ query: filtersToQuery(filters), sort: 'filed_newest', limit: 200, facets: false })).hits;
    const own = (await list({ ...emptySearchFilters(), dockets: [docket] }))[0]!.sourceId;
    const other = (await list(emptySearchFilters())).find((hit) => hit.sourceId !== own)!.sourceId;
    const query = await asker.ask(
      {
        question: `When is the hearing in docket ${docket}?`,
        filters: { ...emptySearchFilters(), agencies: [other] },
        userId: 'analyst',
        workspaceId: '',
      },
      () => undefined,
    );
    expect(query.analysis?.scope.docketNumber).toBe(docket);
    expect(query.analysis?.notice).toContain(`Docket ${docket}`);
    expect(query.analysis?.notice).toContain(`outside the filters in force (agency: ${other})`);
    expect(query.documents.every((d) => d.docketNumber === docket)).toBe(true);
  });

  test('its figures describe that proceeding, with everything retrieved beside them', async () => {
    const [docket] = docketStating('requested_amount');
    const query = await asker.ask(
      {
        question: `What increase was requested in docket ${docket}?`,
        filters: emptySearchFilters(),
        userId: 'analyst',
        workspaceId: '',
      },
      () => undefined,
    );
    const figures = query.figures!;
    expect(figures.scopeDocketNumber).toBe(docket);
    expect(figures.byDocket.map((b) => b.key)).toEqual([docket]);
    expect(figures.retrieved?.resultCount).toBe(query.resultIds.length);
    expect(figures.retrieved!.byDocket.length).toBeGreaterThan(1);
  });

  test('inside the filters changes nothing', async () => {
    const [docket] = docketStating('hearing_date');
    const query = await asker.ask(
      {
        question: `When is the hearing in docket ${docket}?`,
        filters: { ...emptySearchFilters(), dockets: [docket] },
        userId: 'analyst',
        workspaceId: '',
      },
      () => undefined,
    );
    expect(query.analysis?.notice ?? '').not.toContain('outside the filters');
  });
});

describe('a vague question', () => {
  test('opens with an overview of the proceedings found, each cited; narrows only to multi-document ones', async () => {
    const query = await asker.ask(
      {
        question: 'what is happening with storm restoration costs?',
        filters: emptySearchFilters(),
        userId: 'analyst',
        workspaceId: '',
      },
      () => undefined,
    );
    const analysis = query.analysis!;
    expect(analysis.scope.kind).toBe('open');
    const overview = analysis.sections[0]!;
    expect(overview.heading).toBe('Overview');
    expect(overview.sentences.length).toBeGreaterThan(1);
    for (const sentence of overview.sentences) {
      expect(sentence.text).toMatch(/^Docket \S+ .* holds \d+ of the documents found/);
      const cited = query.documents.find((d) => d.documentId === sentence.citations[0]?.documentId);
      expect(sentence.text).toContain(`Docket ${cited?.docketNumber} `);
    }
    expect(analysis.refinements.every((r) => r.documents >= 2)).toBe(true);
    expect(analysis.sections.length).toBeGreaterThan(1);
  });
});

describe('answered on an answer thread', () => {
  test('the same analysis, figures and cited documents as on the main thread, for each kind of question', async () => {
    const questions = [
      `What increase was requested in docket ${docketStating('requested_amount')[0]}?`,
      `When is the evidentiary hearing in docket ${docketStating('hearing_date')[0]}?`,
      `Which parties intervened in docket ${docketStating('intervenor')[0]}?`,
      `What do the parties argue in docket ${docketStating('position')[0]}?`,
      'What rate increase did the utility request?',
      'Which parties opposed the settlement?',
    ];
    for (const question of questions) {
      const input = { question, filters: emptySearchFilters(), userId: 'analyst', workspaceId: '' };
      const here = await asker.ask(input, () => undefined);
      const updates: string[] = [];
      const there = await threaded.ask(input, (update) => updates.push(update.kind));
      expect(there.analysis?.sections.length).toBeGreaterThan(0);
      expect(there.analysis).toEqual(here.analysis);
      expect(there.figures).toEqual(here.figures);
      expect(there.documents).toEqual(here.documents);
      // Reported in the same order: documents, the sections, the figures, the stored query.
      expect(updates[0]).toBe('started');
      expect(updates[1]).toBe('documents');
      expect(updates.slice(-2)).toEqual(['figures', 'completed']);
    }
  });
});
