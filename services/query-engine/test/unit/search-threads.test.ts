import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError, UnavailableError } from '@docket/errors';
import { queryBudget } from '../../src/search/index/query-budget';
import { SqliteFts5Backend } from '../../src/search/index/sqlite/sqlite-fts5.backend';
import { costlyDocument, fillCostly, HEAVY_QUERY, LIGHT_QUERY, NEEDLE_ID } from '../shared/costly-corpus';

/**
 * The reads of the SQLite index run on worker threads under a time budget. A query made costly on
 * purpose (costly-corpus.ts) shows that its SQL is interrupted when its budget ends or its caller
 * cancels, and that the other thread keeps answering meanwhile.
 */
let dir: string;
let backend: SqliteFts5Backend;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'qe-threads-'));
  backend = SqliteFts5Backend.open(join(dir, 'index.sqlite'), { threads: 2 });
  await fillCostly(backend);
});

afterAll(async () => {
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
});

const heavySearch = (budget = queryBudget(60_000)) =>
  backend.search({ query: HEAVY_QUERY, sort: 'relevance', limit: 20, facets: true }, budget);

describe('SQLite reads on search threads, under a budget', () => {
  it('answers a costly search given time, on another thread', async () => {
    const result = await heavySearch();
    expect(result.total).toBe(3000);
    expect(result.hits).toHaveLength(20);
  });

  it('stops a search whose budget runs out with a 400-kind error that says so', async () => {
    const error = await heavySearch(queryBudget(20)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(/time budget of 20 ms .*narrow the query/u);
    expect((error as InputError).issues[0]?.path).toBe('query');
    // the thread is free again: the next search is answered
    expect(
      (await backend.search({ query: LIGHT_QUERY, sort: 'relevance', limit: 5, facets: false })).hits.map(
        (h) => h.documentId,
      ),
    ).toEqual([NEEDLE_ID]);
  });

  it('keeps answering other searches while a costly one runs, and stops that one when its caller cancels', async () => {
    const caller = new AbortController();
    const order: string[] = [];
    const heavy = heavySearch(queryBudget(60_000, { signal: caller.signal })).then(
      () => order.push('heavy answered'),
      (error: unknown) =>
        order.push(error instanceof UnavailableError ? 'heavy cancelled' : `heavy failed: ${String(error)}`),
    );
    const light = await backend.search({ query: LIGHT_QUERY, sort: 'relevance', limit: 5, facets: true });
    order.push('light answered');
    expect(light.total).toBe(1);
    caller.abort();
    await heavy;
    expect(order).toEqual(['light answered', 'heavy cancelled']);
  });

  it("one caller never holds all threads: another user's search is answered as 3 costly ones wait or run", async () => {
    const attacker = new AbortController();
    const settled: string[] = [];
    const costly = Array.from({ length: 3 }, () =>
      heavySearch(queryBudget(60_000, { signal: attacker.signal, caller: 'attacker' })).then(
        () => settled.push('costly answered'),
        () => settled.push('costly stopped'),
      ),
    );
    const light = await backend.search(
      { query: LIGHT_QUERY, sort: 'relevance', limit: 5, facets: true },
      queryBudget(60_000, { caller: 'someone else' }),
    );
    settled.push('light answered');
    expect(light.total).toBe(1);
    attacker.abort();
    await Promise.all(costly);
    expect(settled[0]).toBe('light answered');
    expect(settled.filter((outcome) => outcome === 'costly stopped').length).toBeGreaterThanOrEqual(2);
  });

  it("background reads (vector indexer) use one thread at most, after users': search beats 2 costly ones", async () => {
    const indexer = new AbortController();
    const settled: string[] = [];
    const background = Array.from({ length: 2 }, () =>
      heavySearch(queryBudget(60_000, { signal: indexer.signal, background: true })).then(
        () => settled.push('background answered'),
        () => settled.push('background stopped'),
      ),
    );
    const light = await backend.search(
      { query: LIGHT_QUERY, sort: 'relevance', limit: 5, facets: true },
      queryBudget(60_000, { caller: 'a user' }),
    );
    settled.push('light answered');
    expect(light.total).toBe(1);
    indexer.abort();
    await Promise.all(background);
    expect(settled[0]).toBe('light answered');
    expect(settled.filter((outcome) => outcome === 'background stopped').length).toBeGreaterThanOrEqual(1);
  });

  it('refuses at once a call whose caller has already gone', async () => {
    const gone = new AbortController();
    gone.abort();
    await expect(heavySearch(queryBudget(60_000, { signal: gone.signal }))).rejects.toBeInstanceOf(UnavailableError);
  });

  it("keeps the threads' facets in step with writes made on the main thread", async () => {
    await backend.upsert({
      ...costlyDocument(99_999),
      id: 'late',
      sourceId: 'cpuc',
      sourceName: 'CPUC',
      text: 'needle',
    });
    const result = await backend.search({ query: LIGHT_QUERY, sort: 'relevance', limit: 5, facets: true });
    expect(result.total).toBe(2);
    expect(result.facets.find((facet) => facet.field === 'agency')?.buckets.map((b) => [b.value, b.count])).toEqual([
      ['cpuc', 1],
      ['ferc', 1],
    ]);
    await backend.remove('late');
    expect((await backend.search({ query: LIGHT_QUERY, sort: 'relevance', limit: 5, facets: true })).total).toBe(1);
  });
});
