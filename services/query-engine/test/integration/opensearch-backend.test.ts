/**
 * The OpenSearch backend against a real node. Needs OPENSEARCH_URL (start one with
 * `npm run opensearch`, which prints it); without it the suite is skipped and says so.
 *
 *   OPENSEARCH_URL=http://127.0.0.1:9200 npx jest services/query-engine/test/integration/opensearch-backend.test.ts --selectProjects integration
 *
 * Every run uses its own index names (uniqueName) and deletes them at the end.
 */
import { Client } from '@opensearch-project/opensearch';
import { matchesDocument, parseQuery, type QueryNode } from '@docket/query-language';
import { uniqueName } from '@docket/testkit';
import { matchableOf, type IndexedDocument } from '../../src/domain/indexed-document';
import { OpenSearchBackend } from '../../src/index/opensearch/opensearch.backend';
import type { SearchBackend, SearchQuery } from '../../src/index/search-backend';
import { generateCorpus, QueryGenerator } from '../shared/search-corpus';

const url = process.env.OPENSEARCH_URL;

jest.setTimeout(180_000);

if (!url) {
  describe('OpenSearch backend', () => {
    it.skip('is skipped: OPENSEARCH_URL is not set (start a node with `npm run opensearch` and pass the URL it prints)', () => undefined);
  });
} else {
  const open = (index: string) => OpenSearchBackend.open({ url, index });

  function document(id: string, overrides: Partial<IndexedDocument> = {}): IndexedDocument {
    return {
      id, title: `Title ${id}`, text: `Text of ${id}.`, description: '', sourceId: 'ferc', sourceName: 'Federal Energy Regulatory Commission',
      docketNumber: 'ER24-1234-000', docketId: 'docket-1', filingType: 'Order', filingCategory: 'Order', parties: [], filers: [], entities: [],
      pages: [], sha256: `sha-${id}`, ...overrides,
    };
  }

  async function allIds(backend: SearchBackend, query: Omit<SearchQuery, 'cursor'>): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await backend.search({ ...query, cursor });
      ids.push(...page.hits.map((hit) => hit.documentId));
      cursor = page.nextCursor;
    } while (cursor);
    return ids;
  }

  describe('OpenSearch backend: agrees with the reference matcher', () => {
    const corpus = generateCorpus(4242, 300);
    let backend: OpenSearchBackend;

    beforeAll(async () => {
      backend = await open(uniqueName('qe-os-matching').toLowerCase());
      const build = await backend.beginBuild();
      await build.addFromSource(corpus);
      await build.commit();
    });

    afterAll(async () => {
      await backend?.dropEverything();
      await backend?.close();
    });

    it('holds the whole corpus', async () => {
      expect(await backend.count()).toBe(corpus.length);
    });

    it('finds exactly the documents matchesDocument accepts, for 250 generated queries', async () => {
      const generator = new QueryGenerator(77, corpus);
      for (let i = 0; i < 250; i++) {
        const query = generator.query();
        const expected = corpus.filter((doc) => matchesDocument(query, matchableOf(doc))).map((doc) => doc.id).sort();
        const result = await backend.search({ query, sort: 'relevance', limit: 500, facets: false });
        const found = result.hits.map((hit) => hit.documentId).sort();
        if (JSON.stringify(found) !== JSON.stringify(expected)) {
          throw new Error(`query ${JSON.stringify(query)}: expected ${expected.length} ids, found ${found.length}\n` +
            `missing: ${expected.filter((id) => !found.includes(id)).slice(0, 10).join(', ')}\n` +
            `extra: ${found.filter((id) => !expected.includes(id)).slice(0, 10).join(', ')}`);
        }
        expect(result.total).toBe(expected.length);
      }
    });

    it('pages through every match once with cursors, in date order, undated last', async () => {
      const query: QueryNode = { kind: 'or', children: [{ kind: 'term', value: 'rate' }, { kind: 'field', field: 'agency', value: 'ferc' }] };
      const expected = corpus.filter((doc) => matchesDocument(query, matchableOf(doc)));
      for (const sort of ['filed_newest', 'filed_oldest', 'relevance'] as const) {
        const ids = await allIds(backend, { query, sort, limit: 7, facets: false });
        expect(new Set(ids).size).toBe(ids.length);
        expect([...ids].sort()).toEqual(expected.map((doc) => doc.id).sort());
        if (sort === 'relevance') continue;
        const times = ids.map((id) => corpus.find((doc) => doc.id === id)?.filedAt?.getTime() ?? null);
        const dated = times.filter((time): time is number => time !== null);
        expect(times.slice(dated.length).every((time) => time === null)).toBe(true);
        const ordered = [...dated].sort((a, b) => (sort === 'filed_newest' ? b - a : a - b));
        expect(dated).toEqual(ordered);
      }
    });

    it('counts facets over every match, largest first', async () => {
      const query = parseQuery('type:order');
      const matching = corpus.filter((doc) => matchesDocument(query, matchableOf(doc)));
      const result = await backend.search({ query, sort: 'relevance', limit: 1, facets: true });
      const agency = result.facets.find((facet) => facet.field === 'agency');
      const counts = new Map<string, number>();
      for (const doc of matching) counts.set(doc.sourceId, (counts.get(doc.sourceId) ?? 0) + 1);
      expect(agency?.buckets.map((bucket) => [bucket.value, bucket.count])).toEqual(
        [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)),
      );
      const ferc = agency?.buckets.find((bucket) => bucket.value === 'ferc');
      expect(ferc?.label).toBe('Federal Energy Regulatory Commission');
      const years = result.facets.find((facet) => facet.field === 'year')?.buckets ?? [];
      const yearCounts = new Map<string, number>();
      for (const doc of matching) if (doc.filedAt) yearCounts.set(String(doc.filedAt.getUTCFullYear()), (yearCounts.get(String(doc.filedAt.getUTCFullYear())) ?? 0) + 1);
      expect(Object.fromEntries(years.map((bucket) => [bucket.value, bucket.count]))).toEqual(Object.fromEntries(yearCounts));
    });
  });

  describe('OpenSearch backend: writes, snippets and rebuilds', () => {
    let backend: OpenSearchBackend;

    beforeEach(async () => {
      backend = await open(uniqueName('qe-os-writes').toLowerCase());
    });

    afterEach(async () => {
      await backend.dropEverything();
      await backend.close();
    });

    it('says what an upsert did, and a removal whether there was anything to remove', async () => {
      expect(await backend.upsert(document('a'))).toBe('inserted');
      expect(await backend.upsert(document('a'))).toBe('unchanged');
      expect(await backend.upsert(document('a', { parties: ['Sierra Club'] }))).toBe('updated');
      expect(await backend.upsert(document('a', { parties: ['Sierra Club'] }))).toBe('unchanged');
      expect(await backend.count()).toBe(1);
      expect(await backend.remove('a')).toBe(true);
      expect(await backend.remove('a')).toBe(false);
      expect(await backend.count()).toBe(0);
    });

    it('reads its own writes at once and fetches documents as they came, in the order asked', async () => {
      const a = document('a', { text: 'Rates for <b>wind</b> & solar.\u0001\uE000', filedAt: new Date('2024-05-01T12:00:00Z'), pages: [{ number: 1, start: 0, end: 10 }] });
      await backend.upsert(a);
      await backend.upsert(document('b'));
      const result = await backend.search({ query: parseQuery('wind'), sort: 'relevance', limit: 10, facets: false });
      expect(result.hits.map((hit) => hit.documentId)).toEqual(['a']);
      expect(await backend.fetch(['b', 'missing', 'a'])).toEqual([document('b'), a]);
    });

    it('escapes the document’s own markup in snippets and titles and marks only the matched words', async () => {
      await backend.upsert(document('x', { title: 'Order <script>alert(1)</script> on wind', text: 'The <b>wind</b> tariff & the "solar" one.' }));
      const [hit] = (await backend.search({ query: parseQuery('wind'), sort: 'relevance', limit: 1, facets: false })).hits;
      expect(hit?.snippet).toBe('The &lt;b&gt;<mark>wind</mark>&lt;/b&gt; tariff &amp; the &quot;solar&quot; one.');
      expect(hit?.titleHtml).toBe('Order &lt;script&gt;alert(1)&lt;/script&gt; on <mark>wind</mark>');
    });

    it('refuses a cursor made for another search', async () => {
      for (const id of ['a', 'b', 'c']) await backend.upsert(document(id));
      const first = await backend.search({ query: parseQuery('agency:ferc'), sort: 'filed_newest', limit: 1, facets: false });
      expect(first.nextCursor).toBeDefined();
      await expect(backend.search({ query: parseQuery('agency:ferc'), sort: 'filed_oldest', limit: 1, facets: false, cursor: first.nextCursor }))
        .rejects.toMatchObject({ kind: 'input', issues: [expect.objectContaining({ path: 'cursor' })] });
      await expect(backend.search({ query: parseQuery('agency:ferc'), sort: 'filed_newest', limit: 1, facets: false, cursor: 'bm90IGEgY3Vyc29y' }))
        .rejects.toMatchObject({ kind: 'input' });
    });

    it('a rebuild never overwrites what live events wrote while it ran, and swaps in atomically', async () => {
      await backend.upsert(document('kept', { title: 'live before the rebuild' }));
      await backend.upsert(document('gone', { title: 'deleted during the rebuild' }));
      const build = await backend.beginBuild();
      // Source pages read before the events below, so they hold older states.
      const stale = [document('kept', { title: 'stale copy' }), document('gone'), document('updated', { title: 'stale' }), document('plain')];
      expect(await build.addFromSource(stale.slice(0, 1))).toBe(1);
      await backend.remove('gone');
      await backend.upsert(document('updated', { title: 'newer from an event', sha256: 'sha-newer' }));
      // Searches still see the live index until the commit.
      expect(await backend.count()).toBe(2);
      expect(await build.addFromSource(stale.slice(1))).toBe(1);
      await build.commit();
      const ids = await allIds(backend, { query: { kind: 'and', children: [] }, sort: 'filed_newest', limit: 10, facets: false });
      expect(ids.sort()).toEqual(['kept', 'plain', 'updated']);
      const fetched = await backend.fetch(['kept', 'updated', 'gone']);
      expect(fetched.map((doc) => [doc.id, doc.title])).toEqual([['kept', 'stale copy'], ['updated', 'newer from an event']]);
      await expect(build.addFromSource([document('late')])).rejects.toThrow(/aborted or replaced/);
    });

    it('a second build replaces the first, and an aborted build leaves the live index alone', async () => {
      await backend.upsert(document('live'));
      const first = await backend.beginBuild();
      const second = await backend.beginBuild();
      await expect(first.addFromSource([document('x')])).rejects.toThrow(/aborted or replaced/);
      await second.addFromSource([document('y')]);
      await second.abort();
      expect((await backend.fetch(['live', 'y'])).map((doc) => doc.id)).toEqual(['live']);
    });

    it('replaces an index of an older schema by an empty one (derived data, refilled by a re-index)', async () => {
      const alias = backend.alias;
      await backend.upsert(document('a'));
      const client = new Client({ node: url });
      try {
        const indices = Object.keys((await client.indices.getAlias({ name: alias })).body as Record<string, unknown>);
        await client.indices.putMapping({ index: indices, body: { _meta: { schema_version: 0 } } });
        const warnings: unknown[] = [];
        const reopened = await OpenSearchBackend.open({ url, index: alias, logger: { warn: (...args: unknown[]) => warnings.push(args) } as never });
        expect(await reopened.count()).toBe(0);
        expect(warnings).toHaveLength(1);
        await reopened.close();
      } finally {
        await client.close();
      }
    });
  });
}
