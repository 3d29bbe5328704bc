import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UnavailableError } from '@docket/errors';
import { waitFor } from '@docket/testkit';
import { queryBudget } from '../../src/search/index/query-budget';
import type { SearchResult } from '../../src/search/index/search-backend';
import { SearchThreads } from '../../src/search/index/sqlite/search-threads/search-threads';
import { SqliteFts5Backend } from '../../src/search/index/sqlite/sqlite-fts5.backend';
import { costlyDocument, fillCostly, HEAVY_QUERY, LIGHT_QUERY, NEEDLE_ID } from '../shared/costly-corpus';

/**
 * A pool of two search threads whose second ends after 50 ms without work, over an index made
 * costly on purpose (costly-corpus.ts), so that a heavy search keeps a thread busy. Its 10,000
 * documents make that search take about 1.5 s here: longer than a new thread takes to start on a
 * loaded CI machine (with 3,000 it took 0.5 s and once ended before the light search was answered).
 */
let dir: string;
let backend: SqliteFts5Backend;
let pool: SearchThreads;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'qe-threads-idle-'));
  const path = join(dir, 'index.sqlite');
  backend = SqliteFts5Backend.open(path, { threads: 1 });
  await fillCostly(backend, 10_000);
  pool = new SearchThreads(path, { threads: 2, tuning: {}, endIdleAfterMs: 50 });
});

afterAll(async () => {
  await pool.close();
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
});

const search = (query: typeof LIGHT_QUERY, budget = queryBudget(60_000)) =>
  pool.run<'search', SearchResult>('search', [{ query, sort: 'relevance', limit: 20, facets: true }], budget);

describe('SearchThreads ending idle threads', () => {
  it('ends the threads beyond the first once idle, never the last, which still answers', async () => {
    await waitFor(() => pool.running() === 1, { description: 'the second thread ended', intervalMs: 10 });
    expect((await search(LIGHT_QUERY)).hits.map((hit) => hit.documentId)).toEqual([NEEDLE_ID]);
    expect(pool.running()).toBe(1);
  });

  it('restarts a thread when the running one is busy: a light search is answered while a costly one runs', async () => {
    await waitFor(() => pool.running() === 1, { description: 'the second thread ended', intervalMs: 10 });
    const caller = new AbortController();
    const order: string[] = [];
    const heavy = search(HEAVY_QUERY, queryBudget(60_000, { signal: caller.signal })).then(
      () => order.push('heavy answered'),
      (error: unknown) =>
        order.push(error instanceof UnavailableError ? 'heavy cancelled' : `heavy failed: ${String(error)}`),
    );
    const light = await search(LIGHT_QUERY);
    order.push('light answered');
    expect(light.total).toBe(1);
    expect(pool.running()).toBe(2);
    caller.abort();
    await heavy;
    expect(order).toEqual(['light answered', 'heavy cancelled']);
  });

  it('gives a thread started again the facets of every write committed before it', async () => {
    await backend.upsert({
      ...costlyDocument(99_999),
      id: 'late',
      sourceId: 'cpuc',
      sourceName: 'CPUC',
      text: 'needle',
    });
    await waitFor(() => pool.running() === 1, { description: 'the second thread ended', intervalMs: 10 });
    const caller = new AbortController();
    const heavy = search(HEAVY_QUERY, queryBudget(60_000, { signal: caller.signal })).catch(() => undefined);
    const light = await search(LIGHT_QUERY);
    caller.abort();
    await heavy;
    expect(light.total).toBe(2);
    expect(light.facets.find((facet) => facet.field === 'agency')?.buckets.map((b) => [b.value, b.count])).toEqual([
      ['cpuc', 1],
      ['ferc', 1],
    ]);
  });
});
