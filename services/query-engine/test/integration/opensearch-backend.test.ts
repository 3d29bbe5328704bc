/**
 * The OpenSearch backend against a real node: the one the integration project's global setup starts
 * (TEST_OPENSEARCH_URL), or one named by OPENSEARCH_URL (a container's, or `npm run opensearch`'s).
 * With TEST_OPENSEARCH=off and no OPENSEARCH_URL the suite is skipped and says so.
 *
 *   npx jest services/query-engine/test/integration/opensearch-backend.test.ts --selectProjects integration
 *
 * Every run uses its own index names (uniqueName) and deletes them at the end.
 */
import http from 'node:http';
import { Client } from '@opensearch-project/opensearch';
import { parseQuery } from '@docket/query-language';
import { uniqueName, waitFor } from '@docket/testkit';
import type { IndexedDocument } from '../../src/domain/indexed-document';
import { OpenSearchBackend } from '../../src/search/index/opensearch/opensearch.backend';
import { queryBudget } from '../../src/search/index/query-budget';
import type { SearchBackend, SearchQuery } from '../../src/search/index/search-backend';
import { describeSearchBackend } from '../shared/search-backend.suite';

const url = process.env.OPENSEARCH_URL || process.env.TEST_OPENSEARCH_URL;

jest.setTimeout(180_000);

if (!url) {
  process.stderr.write(
    '[opensearch-backend.test] SKIPPED: TEST_OPENSEARCH=off and OPENSEARCH_URL is not set. ' +
      'Unset TEST_OPENSEARCH, or start a node with `npm run opensearch` and pass the OPENSEARCH_URL it prints.\n',
  );
  describe('OpenSearch backend', () => {
    it.skip('skipped: TEST_OPENSEARCH=off and OPENSEARCH_URL is not set', () => undefined);
  });
} else {
  const open = (index: string) => OpenSearchBackend.open({ url, index });

  function document(id: string, overrides: Partial<IndexedDocument> = {}): IndexedDocument {
    return {
      id,
      title: `Title ${id}`,
      text: `Text of ${id}.`,
      description: '',
      sourceId: 'ferc',
      sourceName: 'Federal Energy Regulatory Commission',
      docketNumber: 'ER24-1234-000',
      docketId: 'docket-1',
      filingType: 'Order',
      filingCategory: 'Order',
      parties: [],
      filers: [],
      entities: [],
      pages: [],
      sha256: `sha-${id}`,
      ...overrides,
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

  // The contract every backend passes (property test against the reference matcher, facets,
  // cursors, writes, rebuilds), each test on its own fresh alias, deleted afterwards.
  describeSearchBackend('OpenSearch', () => open(uniqueName('qe-os-suite').toLowerCase()), {
    dispose: async (backend) => {
      await (backend as OpenSearchBackend).dropEverything();
      await backend.close();
    },
    timeoutMs: 300_000,
  });

  describe('OpenSearch backend specifics', () => {
    let backend: OpenSearchBackend;

    beforeEach(async () => {
      backend = await open(uniqueName('qe-os-writes').toLowerCase());
    });

    afterEach(async () => {
      await backend.dropEverything();
      await backend.close();
    });

    it('keeps text holding the highlight marker characters intact for fetch, and out of snippets', async () => {
      const a = document('a', {
        text: 'Rates for <b>wind</b>\uE000& solar.\u0001 End.',
        filedAt: new Date('2024-05-01T12:00:00Z'),
        pages: [{ number: 1, start: 0, end: 10 }],
      });
      await backend.upsert(a);
      await backend.upsert(document('b'));
      const result = await backend.search({ query: parseQuery('wind'), sort: 'relevance', limit: 10, facets: false });
      expect(result.hits.map((hit) => hit.documentId)).toEqual(['a']);
      expect(result.hits[0]?.snippet).toBe('Rates for &lt;b&gt;<mark>wind</mark>&lt;/b&gt; &amp; solar.\u0001 End.');
      expect(await backend.fetch(['b', 'missing', 'a'])).toEqual([document('b'), a]);
    });

    it('escapes the document’s own markup in snippets and titles and marks only the matched words', async () => {
      await backend.upsert(
        document('x', {
          title: 'Order <script>alert(1)</script> on wind',
          text: 'The <b>wind</b> tariff & the "solar" one.',
        }),
      );
      const [hit] = (await backend.search({ query: parseQuery('wind'), sort: 'relevance', limit: 1, facets: false }))
        .hits;
      expect(hit?.snippet).toBe('The &lt;b&gt;<mark>wind</mark>&lt;/b&gt; tariff &amp; the &quot;solar&quot; one.');
      expect(hit?.titleHtml).toBe('Order &lt;script&gt;alert(1)&lt;/script&gt; on <mark>wind</mark>');
    });

    it('a rebuild never overwrites what live events wrote while it ran, and swaps in atomically', async () => {
      await backend.upsert(document('kept', { title: 'live before the rebuild' }));
      await backend.upsert(document('gone', { title: 'deleted during the rebuild' }));
      const build = await backend.beginBuild();
      // Source pages read before the events below, so they hold older states.
      const stale = [
        document('kept', { title: 'stale copy' }),
        document('gone'),
        document('updated', { title: 'stale' }),
        document('plain'),
      ];
      expect(await build.addFromSource(stale.slice(0, 1))).toBe(1);
      await backend.remove('gone');
      await backend.upsert(document('updated', { title: 'newer from an event', sha256: 'sha-newer' }));
      // Searches still see the live index until the commit.
      expect(await backend.count()).toBe(2);
      expect(await build.addFromSource(stale.slice(1))).toBe(1);
      await build.commit();
      const ids = await allIds(backend, {
        query: { kind: 'and', children: [] },
        sort: 'filed_newest',
        limit: 10,
        facets: false,
      });
      expect(ids.sort()).toEqual(['kept', 'plain', 'updated']);
      const fetched = await backend.fetch(['kept', 'updated', 'gone']);
      expect(fetched.map((doc) => [doc.id, doc.title])).toEqual([
        ['kept', 'stale copy'],
        ['updated', 'newer from an event'],
      ]);
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

    it('counts facets over every match, however many (facetsCounted = total)', async () => {
      for (const id of ['a', 'b', 'c']) await backend.upsert(document(id, { parties: ['Sierra Club', 'SIERRA CLUB'] }));
      const result = await backend.search({
        query: parseQuery('agency:ferc'),
        sort: 'relevance',
        limit: 1,
        facets: true,
      });
      expect(result.facetsCounted).toBe(3);
      expect(result.facets.find((facet) => facet.field === 'party')?.buckets).toEqual([
        { value: 'Sierra Club', label: 'Sierra Club', count: 3 },
      ]);
      expect(
        (await backend.search({ query: parseQuery('agency:ferc'), sort: 'relevance', limit: 1, facets: false }))
          .facetsCounted,
      ).toBeUndefined();
    });

    it('cancels the search task on the node when its caller goes away, and one whose budget runs out', async () => {
      const words = ['rate', 'gas', 'electric', 'tariff', 'pipeline', 'storage', 'transmission', 'order'];
      const build = await backend.beginBuild();
      await build.addFromSource(
        Array.from({ length: 2000 }, (_, i) =>
          document(`d${i}`, { text: words.map((word, j) => `${word}${(i * (j + 3)) % 97}`).join(' ') }),
        ),
      );
      await build.commit();
      const heavy: SearchQuery = {
        query: parseQuery('rat* OR gas* OR ele* OR tar* OR pip* OR sto* OR tra* OR ord*'),
        sort: 'relevance',
        limit: 100,
        facets: true,
      };
      const caller = new AbortController();
      const gone = backend.search(heavy, queryBudget(60_000, { signal: caller.signal }));
      caller.abort();
      await expect(gone).rejects.toMatchObject({ kind: 'unavailable', message: expect.stringContaining('stopped') });
      await expect(backend.search(heavy, queryBudget(2))).rejects.toMatchObject({
        kind: 'input',
        message: expect.stringContaining('time budget'),
      });
      // Neither search keeps working on the node once its caller has its answer.
      const client = new Client({ node: url });
      try {
        await waitFor(
          async () => {
            const tasks = await client.tasks.list({ actions: 'indices:data/read/search*', detailed: true });
            const nodes = (tasks.body as { nodes?: Record<string, { tasks: Record<string, unknown> }> }).nodes ?? {};
            return Object.values(nodes).every((node) => Object.keys(node.tasks).length === 0);
          },
          { timeoutMs: 10_000, intervalMs: 100, description: 'no search task left on the node' },
        );
      } finally {
        await client.close();
      }
      // The same search with time to spare answers.
      expect((await backend.search(heavy, queryBudget(60_000))).total).toBe(2000);
    });

    it('two instances opening a new alias at once share one index behind it', async () => {
      const alias = uniqueName('qe-os-race').toLowerCase();
      const [first, second] = await Promise.all([open(alias), open(alias)]);
      try {
        expect([first.wasCreated, second.wasCreated].sort()).toEqual([false, true]);
        await first.upsert(document('from-first'));
        await second.upsert(document('from-second'));
        expect(await first.count()).toBe(2);
        const client = new Client({ node: url });
        const behind = (await client.indices.getAlias({ name: alias })).body as Record<string, unknown>;
        await client.close();
        expect(Object.keys(behind)).toHaveLength(1);
      } finally {
        await first.dropEverything();
        await Promise.all([first.close(), second.close()]);
      }
    });

    it('opens an alias another instance made between its two looks (the name then answers as an alias)', async () => {
      const alias = uniqueName('qe-os-late').toLowerCase();
      // A proxy in front of the node holds the second instance's first look for the alias (not there
      // yet: 404) until the first instance has made it, then answers with that stale 404.
      let first: OpenSearchBackend | undefined;
      const target = new URL(url);
      const proxy = http.createServer((request, response) => {
        const forward = http.request(
          {
            host: target.hostname,
            port: target.port,
            path: request.url,
            method: request.method,
            headers: request.headers,
          },
          async (answer) => {
            if (request.url?.startsWith(`/_alias/${alias}`) && answer.statusCode === 404 && !first)
              first = await open(alias);
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          },
        );
        request.pipe(forward);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      const port = (proxy.address() as { port: number }).port;
      try {
        const second = await OpenSearchBackend.open({ url: `http://127.0.0.1:${port}`, index: alias });
        expect(first?.wasCreated).toBe(true);
        expect(second.wasCreated).toBe(false);
        await second.upsert(document('through-second'));
        await first!.upsert(document('through-first'));
        expect(await first!.count()).toBe(2);
        await second.close();
      } finally {
        await first?.dropEverything();
        await first?.close();
        await new Promise((resolve) => proxy.close(resolve));
      }
    });

    it('says UNAVAILABLE when no node answers, so callers may retry', async () => {
      await expect(OpenSearchBackend.open({ url: 'http://127.0.0.1:9', index: 'never-created' })).rejects.toMatchObject(
        { kind: 'unavailable', message: expect.stringContaining('OpenSearch is unavailable') },
      );
    });

    it('replaces an index of an older schema by an empty one (derived data, refilled by a re-index)', async () => {
      const alias = backend.alias;
      await backend.upsert(document('a'));
      expect(backend.wasReset).toBe(false);
      const client = new Client({ node: url });
      try {
        const indices = Object.keys((await client.indices.getAlias({ name: alias })).body as Record<string, unknown>);
        await client.indices.putMapping({ index: indices, body: { _meta: { schema_version: 0 } } });
        const warnings: unknown[] = [];
        const reopened = await OpenSearchBackend.open({
          url,
          index: alias,
          logger: { warn: (...args: unknown[]) => warnings.push(args) } as never,
        });
        expect(await reopened.count()).toBe(0);
        expect(reopened.wasReset).toBe(true);
        expect(warnings).toHaveLength(1);
        await reopened.close();
      } finally {
        await client.close();
      }
    });
  });
}
