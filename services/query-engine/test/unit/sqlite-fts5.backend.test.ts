import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '@docket/errors';
import type { IndexedDocument } from '../../src/domain/indexed-document';
import { SqliteFts5Backend } from '../../src/index/sqlite-fts5.backend';

let dir: string;
let backend: SqliteFts5Backend;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qe-fts5-'));
  backend = SqliteFts5Backend.open(join(dir, 'query-engine', 'index.sqlite'));
});

afterEach(async () => {
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
});

function doc(id: string, title: string, text: string, extra: Partial<IndexedDocument> = {}): IndexedDocument {
  return {
    id, title, text,
    sourceId: 'ferc', docketNumber: 'ER24-100', filingType: 'order',
    filedAt: new Date('2024-03-01T00:00:00Z'),
    sha256: `sha-${title}-${text}`,
    ...extra,
  };
}

const search = (query: string, limit = 20, offset = 0) => backend.search({ query, limit, offset });

describe('SqliteFts5Backend', () => {
  it('finds an upserted document with its metadata and a highlighted snippet', async () => {
    expect(await backend.upsert(doc('d1', 'Transmission rate case', 'The commission approved the settlement of the transmission rate case.'))).toBe('inserted');
    const result = await search('settlement');
    expect(result.total).toBe(1);
    expect(result.hits).toHaveLength(1);
    const hit = result.hits[0]!;
    expect(hit).toMatchObject({ documentId: 'd1', title: 'Transmission rate case', sourceId: 'ferc', docketNumber: 'ER24-100', filingType: 'order' });
    expect(hit.filedAt).toEqual(new Date('2024-03-01T00:00:00Z'));
    expect(hit.snippet).toContain('<mark>settlement</mark>');
    expect(hit.score).toBeGreaterThan(0);
    expect(await backend.count()).toBe(1);
  });

  it('stems English words (porter) and folds diacritics', async () => {
    await backend.upsert(doc('d1', 'Tariffs', 'Filing of revised tariffs for the café district'));
    expect((await search('tariff')).total).toBe(1);
    expect((await search('revising')).total).toBe(1);
    expect((await search('cafe')).total).toBe(1);
  });

  it('ANDs the terms', async () => {
    await backend.upsert(doc('d1', 'One', 'gas pipeline expansion'));
    await backend.upsert(doc('d2', 'Two', 'gas storage facility'));
    expect((await search('gas')).total).toBe(2);
    expect((await search('gas pipeline')).hits.map((h) => h.documentId)).toEqual(['d1']);
  });

  it('escapes the document\'s own HTML in snippets but keeps the <mark> tags', async () => {
    await backend.upsert(doc('d1', 'Markup', 'before <script>alert("x")</script> & <b>bold</b> penalty after'));
    const hit = (await search('penalty')).hits[0]!;
    expect(hit.snippet).toBe('before &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt; <mark>penalty</mark> after');
    expect(hit.snippet).not.toMatch(/<(?!\/?mark>)/);
  });

  it('cannot be tricked into fake marks by control characters in the text', async () => {
    await backend.upsert(doc('d1', 'Sneaky', 'a \u0001fake\u0002 mark and a real penalty'));
    const hit = (await search('penalty')).hits[0]!;
    expect(hit.snippet.match(/<mark>/g)).toHaveLength(1);
    expect(hit.snippet).toContain('<mark>penalty</mark>');
  });

  it('ranks a title match above a text-only match (BM25 field weights)', async () => {
    await backend.upsert(doc('text-only', 'Quarterly report', 'This report mentions interconnection once among many other words about the grid.'));
    await backend.upsert(doc('in-title', 'Interconnection agreement', 'An agreement between the parties about many other words about the grid.'));
    const hits = (await search('interconnection')).hits;
    expect(hits.map((h) => h.documentId)).toEqual(['in-title', 'text-only']);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
  });

  it('removes a document', async () => {
    await backend.upsert(doc('d1', 'Gone', 'ephemeral filing'));
    expect(await backend.remove('d1')).toBe(true);
    expect(await backend.remove('d1')).toBe(false);
    expect((await search('ephemeral')).total).toBe(0);
    expect(await backend.count()).toBe(0);
  });

  it('is idempotent by id: the same document twice is indexed once; a change replaces it', async () => {
    const first = doc('d1', 'Original', 'original wording');
    expect(await backend.upsert(first)).toBe('inserted');
    expect(await backend.upsert(first)).toBe('unchanged');
    expect(await backend.count()).toBe(1);

    expect(await backend.upsert({ ...first, docketNumber: 'ER24-200' })).toBe('updated');
    expect((await search('original')).hits[0]!.docketNumber).toBe('ER24-200');

    expect(await backend.upsert(doc('d1', 'Revised', 'revised wording'))).toBe('updated');
    expect(await backend.count()).toBe(1);
    expect((await search('original')).total).toBe(0);
    expect((await search('revised')).hits.map((h) => h.documentId)).toEqual(['d1']);
  });

  it('pages with limit and offset and reports the full total', async () => {
    for (let i = 0; i < 25; i += 1) await backend.upsert(doc(`d${i}`, `Filing ${i}`, `common word number ${i}`));
    const first = await search('common', 10, 0);
    const last = await search('common', 10, 20);
    const beyond = await search('common', 10, 40);
    expect(first.total).toBe(25);
    expect(first.hits).toHaveLength(10);
    expect(last).toMatchObject({ total: 25 });
    expect(last.hits).toHaveLength(5);
    expect(beyond).toEqual({ total: 25, hits: [] });
    const ids = new Set([...first.hits, ...(await search('common', 10, 10)).hits, ...last.hits].map((h) => h.documentId));
    expect(ids.size).toBe(25);
  });

  it('never turns odd input into an FTS5 or SQL syntax error', async () => {
    await backend.upsert(doc('d1', 'Order on rehearing', 'AND OR NOT NEAR the (docket) "quoted" text* with ünïcödé and 日本語 and émoji 🚀 title:x'));
    const odd = ['"', '(', ')', 'AND', 'OR', 'NOT', 'NEAR(a b)', '*', 'text*', 'title:x', '"unbalanced', "'; DROP TABLE documents; --",
      '^start', 'a AND', '- docket', '日本語', 'ünïcödé', '🚀 docket', '"" docket', 'col:docket', '{title}: docket', 'docket)'];
    for (const query of odd) {
      const outcome = await search(query).then(() => 'ok', (error: unknown) => error);
      if (outcome !== 'ok') {
        // Only "nothing to search for" is acceptable, and it must be an InputError on the query field.
        expect(outcome).toBeInstanceOf(InputError);
        expect((outcome as InputError).issues[0]!.path).toBe('query');
      }
    }
    expect((await search('"quoted"')).total).toBe(1);
    expect((await search('(docket)')).total).toBe(1);
    expect((await search('AND')).total).toBe(1);
    expect((await search('日本語')).total).toBe(1);
    expect(await backend.count()).toBe(1);
  });

  it('rejects a query with no words as an InputError naming the query field', async () => {
    for (const query of ['', '   ', '"', '( ) *']) {
      await expect(search(query)).rejects.toMatchObject({ name: 'InputError', issues: [{ path: 'query' }] });
    }
  });

  it('keeps its data across close and reopen', async () => {
    const path = join(dir, 'query-engine', 'index.sqlite');
    await backend.upsert(doc('d1', 'Durable', 'persistent filing'));
    await backend.close();
    backend = SqliteFts5Backend.open(path);
    expect((await search('persistent')).total).toBe(1);
  });

  describe('rebuild', () => {
    it('builds a fresh index and swaps it in atomically', async () => {
      await backend.upsert(doc('stale', 'Stale', 'only in the old index'));
      const build = await backend.beginBuild();
      await build.addFromSource([doc('a', 'Alpha', 'fresh content'), doc('b', 'Beta', 'fresh content')]);
      // The live index keeps serving the old content until the swap.
      expect((await search('old')).total).toBe(1);
      expect((await search('fresh')).total).toBe(0);
      await build.commit();
      expect((await search('fresh')).total).toBe(2);
      expect((await search('old')).total).toBe(0);
      expect(await backend.count()).toBe(2);
      expect(existsSync(backend.buildPath)).toBe(false);
    });

    it('does not lose live writes made during the build, and older source rows do not overwrite them', async () => {
      const build = await backend.beginBuild();
      // An event arrives while the rebuild runs: a new document…
      await backend.upsert(doc('new', 'Brand new', 'arrived during the rebuild'));
      // …an update newer than what the rebuild will read from its (older) page…
      await backend.upsert(doc('changed', 'Changed', 'updated wording'));
      // …and a delete of a document the rebuild's page still contains.
      await backend.remove('deleted');
      await build.addFromSource([doc('changed', 'Changed', 'stale wording'), doc('deleted', 'Deleted', 'should stay deleted'), doc('kept', 'Kept', 'plain')]);
      await build.commit();
      expect((await search('rebuild')).hits.map((h) => h.documentId)).toEqual(['new']);
      expect((await search('updated')).total).toBe(1);
      expect((await search('stale')).total).toBe(0);
      expect((await search('deleted')).total).toBe(0);
      expect(await backend.count()).toBe(3);
    });

    it('aborts cleanly, and a new build starts from scratch', async () => {
      await backend.upsert(doc('live', 'Live', 'live content'));
      const first = await backend.beginBuild();
      await first.addFromSource([doc('partial', 'Partial', 'half done')]);
      const second = await backend.beginBuild(); // e.g. a retry after a crash
      await expect(first.addFromSource([doc('x', 'X', 'x')])).rejects.toThrow(/aborted/);
      await second.addFromSource([doc('full', 'Full', 'complete content')]);
      await second.commit();
      expect((await search('half')).total).toBe(0);
      expect((await search('complete')).total).toBe(1);

      const third = await backend.beginBuild();
      await third.abort();
      expect(existsSync(backend.buildPath)).toBe(false);
      expect((await search('complete')).total).toBe(1);
    });
  });
});
