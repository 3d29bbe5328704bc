/**
 * The behaviour every SearchBackend must have, as one jest suite: the SQLite FTS5 backend runs it in
 * test/unit/sqlite-fts5.backend.test.ts, the OpenSearch backend against a real node.
 *
 *   describeSearchBackend('SQLite FTS5', async () => SqliteFts5Backend.open(path));
 *
 * `makeBackend` is called once per test and must return an EMPTY backend whose writes are visible to
 * searches as soon as their promise resolves (a networked backend refreshes); `dispose` (default:
 * close()) runs after each test.
 *
 * The heart of it is a property test: a generated corpus, hundreds of generated query trees, and
 * for each the backend's hits must be exactly the documents @docket/query-language's matchesDocument
 * selects (the reference semantics: folding, accents, docket numbers, party words, date ranges).
 */
import { InputError } from '@docket/errors';
import { compileQuery, formatQuery, nameKey, normalizeDocketNumber, type QueryNode } from '@docket/query-language';
import { matchableOf, partyNamesOf, type IndexedDocument, type SearchHit } from '../../src/domain/indexed-document';
import { queryBudget } from '../../src/search/index/query-budget';
import {
  FACET_BUCKETS,
  FACET_FIELDS,
  type Facet,
  type FacetField,
  type SearchBackend,
  type SearchQuery,
  type SearchResult,
  type SearchSortOrder,
} from '../../src/search/index/search-backend';
import { generateCorpus, QueryGenerator } from './search-corpus';

export interface SearchBackendSuiteOptions {
  /** Runs after each test; default: backend.close(). */
  dispose?: (backend: SearchBackend) => Promise<void>;
  /** How many documents the property test indexes (default 300) and how many queries it runs (default 300). */
  corpusSize?: number;
  queryCount?: number;
  /** Per-test timeout for the corpus tests (a networked backend is slower). */
  timeoutMs?: number;
  /**
   * Resolves once the backend's background work on what was written is done (SQLite's word pairs),
   * so that the generated queries, paged, read one settled index.
   */
  settled?: (backend: SearchBackend) => Promise<void>;
}

const EMPTY: QueryNode = { kind: 'and', children: [] };
const term = (value: string): QueryNode => ({ kind: 'term', value });
const field = (name: 'agency' | 'docket' | 'type' | 'party' | 'entity', value: string): QueryNode => ({
  kind: 'field',
  field: name,
  value,
});

export function describeSearchBackend(
  name: string,
  makeBackend: () => Promise<SearchBackend>,
  options: SearchBackendSuiteOptions = {},
): void {
  const dispose = options.dispose ?? ((backend: SearchBackend) => backend.close());
  const corpusSize = options.corpusSize ?? 300;
  const queryCount = options.queryCount ?? 300;
  const timeout = options.timeoutMs ?? 120_000;

  describe(`SearchBackend contract: ${name}`, () => {
    describe('on a generated corpus', () => {
      const corpus = generateCorpus(20_240_501, corpusSize);
      let backend: SearchBackend;

      beforeAll(async () => {
        backend = await makeBackend();
        // Half through a build (the rebuild path), half through live upserts (the event path).
        const build = await backend.beginBuild();
        expect(await build.addFromSource(corpus.slice(0, corpusSize / 2))).toBe(corpusSize / 2);
        await build.commit();
        for (const document of corpus.slice(corpusSize / 2)) expect(await backend.upsert(document)).toBe('inserted');
        expect(await backend.count()).toBe(corpusSize);
        await options.settled?.(backend);
      }, timeout);

      afterAll(async () => {
        if (backend) await dispose(backend);
      });

      const reference = (query: QueryNode) => {
        const matches = compileQuery(query);
        return corpus.filter((document) => matches(matchableOf(document)));
      };

      it(
        'finds exactly the documents the reference matcher selects, for hundreds of generated queries',
        async () => {
          const generator = new QueryGenerator(7, corpus);
          const mismatches: string[] = [];
          let nonEmpty = 0;
          for (let i = 0; i < queryCount; i++) {
            const query = generator.query();
            const expected = reference(query)
              .map((document) => document.id)
              .sort();
            if (expected.length > 0) nonEmpty += 1;
            const { ids, total } = await collect(backend, { query, sort: 'relevance', limit: 100, facets: false });
            const actual = [...ids].sort();
            if (JSON.stringify(actual) !== JSON.stringify(expected) || total !== expected.length) {
              const missing = expected.filter((id) => !ids.includes(id));
              const extra = actual.filter((id) => !expected.includes(id));
              mismatches.push(
                `${describeQuery(query)}: expected ${expected.length}, got ${actual.length} (total ${total}); ` +
                  `missing ${missing.slice(0, 5).join(', ')}; extra ${extra.slice(0, 5).join(', ')}`,
              );
            }
          }
          expect(mismatches).toEqual([]);
          // The generator must exercise matching, not only produce empty results.
          expect(nonEmpty).toBeGreaterThan(queryCount / 3);
        },
        timeout,
      );

      it(
        'counts facets over every match: agency, filing type, docket, year and party',
        async () => {
          const generator = new QueryGenerator(11, corpus);
          const queries: QueryNode[] = [
            EMPTY,
            term('rate'),
            { kind: 'not', child: term('gas') },
            field('party', 'Gas'),
            ...Array.from({ length: 25 }, () => generator.query(2)),
          ];
          for (const query of queries) {
            const result = await backend.search({ query, sort: 'relevance', limit: 5, facets: true });
            const matched = reference(query);
            expect({ total: result.total, totalIsLowerBound: result.totalIsLowerBound }).toEqual({
              total: matched.length,
              totalIsLowerBound: false,
            });
            expect(result.facetsCounted ?? result.total).toBe(result.total);
            expect(result.facets.map((facet) => facet.field)).toEqual([...FACET_FIELDS]);
            for (const facet of result.facets)
              expectFacet(facet, referenceFacet(facet.field, matched), describeQuery(query));
          }
        },
        timeout,
      );

      it(
        "counts matches per UTC filing day (an alert's expected volume), as the reference matcher selects them",
        async () => {
          const generator = new QueryGenerator(13, corpus);
          const window: QueryNode = { kind: 'range', field: 'filed', from: '2020-02-01', to: '2021-03-31' };
          const queries: QueryNode[] = [
            EMPTY,
            term('rate'),
            field('agency', 'ferc'),
            { kind: 'not', child: term('gas') },
            ...Array.from({ length: 25 }, () => generator.query(2)),
          ];
          let severalOnADay = 0;
          for (const base of queries) {
            for (const query of [base, { kind: 'and', children: [base, window] } as QueryNode]) {
              const byDay = new Map<string, number>();
              for (const document of reference(query)) {
                if (!document.filedAt) continue;
                const day = document.filedAt.toISOString().slice(0, 10);
                byDay.set(day, (byDay.get(day) ?? 0) + 1);
              }
              const expected = [...byDay]
                .sort(([a], [b]) => a.localeCompare(b))
                .map(([day, count]) => ({ day, count }));
              expect({ query: describeQuery(query), days: await backend.countByDay(query) }).toEqual({
                query: describeQuery(query),
                days: expected,
              });
              severalOnADay += expected.filter(({ count }) => count > 1).length;
            }
          }
          // The corpus puts several documents on some days, so grouping is exercised.
          expect(severalOnADay).toBeGreaterThan(0);
        },
        timeout,
      );

      it.each<SearchSortOrder>(['relevance', 'filed_newest', 'filed_oldest'])(
        'pages with cursors through every hit exactly once, in %s order',
        async (sort) => {
          const queries: QueryNode[] = [
            term('the'),
            { kind: 'or', children: [term('rate'), term('gas'), field('agency', 'ferc')] },
            {
              kind: 'and',
              children: [
                { kind: 'not', child: term('the') },
                { kind: 'range', field: 'filed', from: '2019-06-01', to: null },
              ],
            },
            EMPTY,
          ];
          for (const query of queries) {
            const expected = new Set(reference(query).map((document) => document.id));
            const pages: SearchHit[][] = [];
            let cursor: string | undefined;
            do {
              const page: SearchResult = await backend.search({ query, sort, limit: 7, cursor, facets: false });
              expect(page.total).toBe(expected.size);
              pages.push(page.hits);
              cursor = page.nextCursor;
              expect(pages.length).toBeLessThanOrEqual(Math.ceil(expected.size / 7) + 1);
            } while (cursor);
            const hits = pages.flat();
            expect(hits.map((hit) => hit.documentId).sort()).toEqual([...expected].sort());
            expect(new Set(hits.map((hit) => hit.documentId)).size).toBe(hits.length);
            expectOrdered(hits, sort, hasPositiveText(query));
          }
        },
        timeout,
      );

      it('lists by date, newest first, when the query is only filters (relevance has nothing to rank)', async () => {
        const result = await collect(backend, {
          query: field('agency', 'ferc'),
          sort: 'relevance',
          limit: 50,
          facets: false,
        });
        expectOrdered(result.hits, 'filed_newest', false);
        expect(result.hits.every((hit) => hit.score === 0)).toBe(true);
      });

      it('stops a read whose budget is spent (InputError) or whose caller has gone (UNAVAILABLE)', async () => {
        const query: SearchQuery = { query: term('the'), sort: 'relevance', limit: 10, facets: true };
        const spent = queryBudget(0);
        for (const read of [
          () => backend.search(query, spent),
          () => backend.countByDay(term('the'), spent),
          () => backend.rankForQuestion(['rate'], null, 10, spent),
          () => backend.fetch([corpus[0]!.id], spent),
        ]) {
          await expect(read()).rejects.toMatchObject({
            kind: 'input',
            message: expect.stringContaining('time budget'),
          });
        }
        const gone = new AbortController();
        gone.abort();
        await expect(backend.search(query, queryBudget(60_000, { signal: gone.signal }))).rejects.toMatchObject({
          kind: 'unavailable',
          message: expect.stringContaining('stopped'),
        });
        // A budget that is not spent changes nothing.
        expect((await backend.search(query, queryBudget(60_000))).total).toBeGreaterThan(0);
      });

      it('refuses a cursor from another query or sort, and a damaged one, with an InputError on cursor', async () => {
        const first = await backend.search({ query: term('the'), sort: 'relevance', limit: 3, facets: false });
        expect(first.nextCursor).toBeTruthy();
        const cursor = first.nextCursor as string;
        for (const other of [
          { query: term('rate'), sort: 'relevance' as const },
          { query: term('the'), sort: 'filed_newest' as const },
          {
            query: { kind: 'and', children: [term('the'), field('agency', 'ferc')] } as QueryNode,
            sort: 'relevance' as const,
          },
        ]) {
          const error = await backend.search({ ...other, limit: 3, cursor, facets: false }).catch((e: unknown) => e);
          expect(error).toBeInstanceOf(InputError);
          expect((error as InputError).issues[0]?.path).toBe('cursor');
        }
        for (const damaged of ['not-a-cursor', `${cursor.slice(0, -4)}AAAA`, '!!!', 'e30']) {
          const error = await backend
            .search({ query: term('the'), sort: 'relevance', limit: 3, cursor: damaged, facets: false })
            .catch((e: unknown) => e);
          expect(error).toBeInstanceOf(InputError);
          expect((error as InputError).issues[0]?.path).toBe('cursor');
        }
      });

      it('returns hits with their metadata, a highlighted snippet and title', async () => {
        const result = await backend.search({ query: term('tariff'), sort: 'relevance', limit: 10, facets: false });
        expect(result.hits.length).toBeGreaterThan(0);
        const byId = new Map(corpus.map((document) => [document.id, document]));
        for (const hit of result.hits) {
          const document = byId.get(hit.documentId) as IndexedDocument;
          expect(hit).toMatchObject({
            title: document.title,
            sourceId: document.sourceId,
            sourceName: document.sourceName,
            docketNumber: document.docketNumber,
            filingType: document.filingType,
            filingCategory: document.filingCategory,
          });
          expect(hit.filedAt?.getTime()).toBe(document.filedAt?.getTime());
          expect(hit.parties).toEqual(partyNamesOf(document));
          expect(hit.score).toBeGreaterThan(0);
          expect(`${hit.snippet} ${hit.titleHtml}`).toMatch(/<mark>tariff<\/mark>/i);
          // Only <mark> tags: the documents' own markup (the corpus has <b> and &) is escaped.
          expect(hit.snippet).not.toMatch(/<(?!\/?mark>)/u);
          expect(hit.titleHtml).not.toMatch(/<(?!\/?mark>)/u);
        }
      });
    });

    describe('writes', () => {
      let backend: SearchBackend;

      beforeEach(async () => {
        backend = await makeBackend();
      }, timeout);

      afterEach(async () => {
        if (backend) await dispose(backend);
      });

      const search = async (query: QueryNode) =>
        (await collect(backend, { query, sort: 'relevance', limit: 100, facets: false })).ids;

      it('upserts idempotently: inserted, then unchanged, then updated on any change', async () => {
        const document = sampleDocument('d1');
        expect(await backend.upsert(document)).toBe('inserted');
        expect(await backend.upsert({ ...document })).toBe('unchanged');
        expect(await backend.count()).toBe(1);
        expect(await backend.upsert({ ...document, docketNumber: 'ER24-2-000' })).toBe('updated');
        expect(await backend.upsert({ ...document, docketNumber: 'ER24-2-000', parties: ['Sierra Club'] })).toBe(
          'updated',
        );
        expect(
          await backend.upsert({ ...document, docketNumber: 'ER24-2-000', parties: ['Sierra Club'], title: 'Renamed' }),
        ).toBe('updated');
        expect(
          await backend.upsert({ ...document, docketNumber: 'ER24-2-000', parties: ['Sierra Club'], title: 'Renamed' }),
        ).toBe('unchanged');
        expect(await backend.count()).toBe(1);
      });

      it('writes an onlyIfNew document (an ingested event) only where the index does not hold it', async () => {
        const analysed = sampleDocument('d1', {
          entities: [{ id: 'e1', kind: 'organisation', name: 'Pelican Power' }],
        });
        expect(await backend.upsert(analysed)).toBe('inserted');
        // The document's ingested event, overtaken by its update: the entity stays.
        expect(await backend.upsert({ ...analysed, entities: [], onlyIfNew: true })).toBe('unchanged');
        expect(await search(field('entity', 'Pelican Power'))).toEqual(['d1']);
        expect(await backend.upsert(sampleDocument('d2', { onlyIfNew: true }))).toBe('inserted');
        expect(await backend.count()).toBe(2);
      });

      it('applies an update to text and metadata, and removes a document', async () => {
        const document = sampleDocument('d1');
        await backend.upsert(document);
        await backend.upsert(
          sampleDocument('d2', {
            text: 'An unrelated filing about water.',
            parties: ['Gas Workers Union'],
            filers: [],
            docketNumber: 'RM22-14-000',
          }),
        );
        expect(await search(term('pelican'))).toEqual(['d1']);
        expect(await search(field('party', 'Pacific Gas'))).toEqual(['d1']);

        await backend.upsert({
          ...document,
          text: 'Revised: flamingo county.',
          sha256: 'sha-2',
          parties: ['Sierra Club'],
          docketNumber: 'EL99-1-000',
        });
        expect(await search(term('pelican'))).toEqual([]);
        expect(await search(term('flamingo'))).toEqual(['d1']);
        expect(await search(field('party', 'Pacific Gas'))).toEqual([]);
        expect(await search(field('party', 'sierra club'))).toEqual(['d1']);
        expect(await search(field('docket', 'el99 1 000'))).toEqual(['d1']);
        expect(await search(field('docket', 'ER24-1-000'))).toEqual([]);

        expect(await backend.remove('d1')).toBe(true);
        expect(await backend.remove('d1')).toBe(false);
        expect(await backend.remove('never-there')).toBe(false);
        expect(await search(term('flamingo'))).toEqual([]);
        expect(await search(field('party', 'sierra club'))).toEqual([]);
        expect(await backend.count()).toBe(1);
        expect(await backend.fetch(['d1'])).toEqual([]);
      });

      it('ranks documents for a question by stemmed words, best first, in a scope; forgets removed ones', async () => {
        await backend.upsert(
          sampleDocument('vaccinated', {
            title: 'Vaccinated workers',
            text: 'Workers were vaccinated in spring.',
            sourceId: 'ferc',
          }),
        );
        await backend.upsert(
          sampleDocument('vaccine', {
            title: 'A notice',
            text: 'The vaccine schedule for the depot, among other matters of the yard.',
            sourceId: 'cpuc',
          }),
        );
        await backend.upsert(
          sampleDocument('unrelated', { title: 'Gas tariff', text: 'Nothing about it here.', sourceId: 'ferc' }),
        );
        const ids = async (words: string[], scope: QueryNode | null, k = 10) =>
          (await backend.rankForQuestion(words, scope, k)).map((hit) => hit.documentId);

        // Exact search knows neither form; the question's stems find both, the title match first.
        expect(await search(term('vaccination'))).toEqual([]);
        expect(await ids(['vaccination', 'workers'], null)).toEqual(['vaccinated', 'vaccine']);
        const ranked = await backend.rankForQuestion(['vaccination', 'workers'], null, 10);
        expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
        expect(await ids(['vaccination', 'workers'], null, 1)).toEqual(['vaccinated']);
        expect(await ids(['vaccination'], field('agency', 'cpuc'))).toEqual(['vaccine']);
        expect(
          await ids(['vaccination'], {
            kind: 'and',
            children: [
              field('agency', 'ferc'),
              { kind: 'range', field: 'filed', from: '1990-01-01', to: '1990-12-31' },
            ],
          }),
        ).toEqual([]);
        expect(await ids([], null)).toEqual([]);
        expect(await ids(['vaccination'], null, 0)).toEqual([]);

        await backend.remove('vaccinated');
        expect(await ids(['vaccination', 'workers'], null)).toEqual(['vaccine']);
      });

      it('fetches stored documents as they were given, in the order asked, leaving unknown ids out', async () => {
        const first = sampleDocument('d1', {
          text: 'Première page — café, naïve façade.\nSecond page: ﬁling & <b>bold</b>.',
          description: 'Résumé of the filing',
        });
        const second = sampleDocument('d2', { filedAt: undefined, entities: [], pages: [], parties: [], filers: [] });
        await backend.upsert(first);
        await backend.upsert(second);
        expect(await backend.fetch(['d2', 'unknown', 'd1'])).toEqual([second, first]);
        expect(await backend.fetch([])).toEqual([]);
      });

      it('folds case, accents and compatibility forms the way the reference does', async () => {
        await backend.upsert(
          sampleDocument('d1', {
            title: 'Décision sur la façade',
            text: 'Le CAFÉ de Zürich; ﬁling of the ＴＡＲＩＦＦ; cafe\u0301 crème',
          }),
        );
        for (const value of ['decision', 'DÉCISION', 'facade', 'cafe', 'café', 'zurich', 'filing', 'tariff', 'creme']) {
          expect({ value, ids: await search(term(value)) }).toEqual({ value, ids: ['d1'] });
        }
        expect(await search({ kind: 'phrase', value: 'de zurich' })).toEqual(['d1']);
        expect(await search({ kind: 'prefix', value: 'zur' })).toEqual(['d1']);
        expect(await search(term('zuri'))).toEqual([]);
      });

      it('matches dockets in any spelling, agencies by id or name, types by native type or category', async () => {
        await backend.upsert(sampleDocument('d1'));
        for (const docket of ['ER24-1-000', 'er24 1 000', 'Docket No. ER24-1-000', 'ER2410-00']) {
          expect({ docket, ids: await search(field('docket', docket)) }).toEqual({ docket, ids: ['d1'] });
        }
        expect(await search(field('docket', 'ER24-1'))).toEqual([]);
        for (const agency of [
          'ferc',
          'FERC',
          'Federal Energy Regulatory Commission',
          'federal  energy regulatory commission',
        ]) {
          expect({ agency, ids: await search(field('agency', agency)) }).toEqual({ agency, ids: ['d1'] });
        }
        expect(await search(field('agency', 'Energy'))).toEqual([]);
        expect(await search(field('type', 'order on rehearing'))).toEqual(['d1']);
        expect(await search(field('type', 'Order'))).toEqual(['d1']);
        expect(await search(field('type', 'rehearing'))).toEqual([]);
      });

      it('matches party and entity words only when consecutive in one name', async () => {
        await backend.upsert(sampleDocument('d1'));
        expect(await search(field('party', 'Pacific Gas'))).toEqual(['d1']);
        expect(await search(field('party', 'gas and electric'))).toEqual(['d1']);
        expect(await search(field('party', 'Acme'))).toEqual(['d1']); // a filer
        expect(await search(field('party', 'Pacific Electric'))).toEqual([]);
        expect(await search(field('party', 'Company Sierra'))).toEqual([]); // across two names
        expect(await search(field('entity', 'diablo canyon'))).toEqual(['d1']);
        expect(await search(field('entity', 'Canyon Diablo'))).toEqual([]);
      });

      it('filters by filing day in UTC, inclusive at both ends; an undated document never matches', async () => {
        await backend.upsert(sampleDocument('d1', { filedAt: new Date('2024-03-01T23:59:59.999Z') }));
        await backend.upsert(sampleDocument('d2', { filedAt: new Date('2024-03-02T00:00:00.000Z') }));
        await backend.upsert(sampleDocument('d3', { filedAt: undefined }));
        const range = (from: string | null, to: string | null): QueryNode => ({
          kind: 'range',
          field: 'filed',
          from,
          to,
        });
        expect(await search(range('2024-03-01', '2024-03-01'))).toEqual(['d1']);
        expect((await search(range('2024-03-01', '2024-03-02'))).sort()).toEqual(['d1', 'd2']);
        expect(await search(range('2024-03-02', null))).toEqual(['d2']);
        expect((await search(range(null, null))).sort()).toEqual(['d1', 'd2']);
        expect(await search({ kind: 'not', child: range(null, null) })).toEqual(['d3']);
      });

      it('builds a new index: invisible until commit, kept out by abort, live writes while building kept', async () => {
        await backend.upsert(sampleDocument('old', { text: 'before the rebuild' }));
        const aborted = await backend.beginBuild();
        await aborted.addFromSource([sampleDocument('never', { text: 'aborted build' })]);
        await aborted.abort();
        expect(await search(term('aborted'))).toEqual([]);
        expect(await backend.count()).toBe(1);

        const build = await backend.beginBuild();
        expect(
          await build.addFromSource([
            sampleDocument('a', { text: 'rebuilt alpha' }),
            sampleDocument('b', { text: 'rebuilt beta' }),
          ]),
        ).toBe(2);
        expect(await search(term('rebuilt'))).toEqual([]); // not yet
        // An event during the build: newer than what the source's page may say about the same id.
        await backend.upsert(sampleDocument('b', { text: 'live beta update', sha256: 'sha-live' }));
        await backend.upsert(sampleDocument('c', { text: 'live gamma' }));
        await backend.remove('a');
        expect(await build.addFromSource([sampleDocument('c', { text: 'stale gamma from the source' })])).toBe(0);
        await build.commit();

        expect(await search(term('before'))).toEqual([]); // the live index was replaced
        expect(await search(term('alpha'))).toEqual([]); // removed during the build
        expect(await search(term('live'))).toEqual(expect.arrayContaining(['b', 'c']));
        expect(await search(term('stale'))).toEqual([]);
        expect(await backend.count()).toBe(2);
        await expect(build.commit()).rejects.toThrow();
      });
    });
  });
}

/** Every hit of a search, following cursors; fails if paging does not end. */
async function collect(
  backend: SearchBackend,
  query: SearchQuery,
): Promise<{ ids: string[]; hits: SearchHit[]; total: number }> {
  const hits: SearchHit[] = [];
  let cursor: string | undefined;
  let total = -1;
  for (let page = 0; page < 1000; page++) {
    const result = await backend.search({ ...query, cursor });
    total = result.total;
    hits.push(...result.hits);
    cursor = result.nextCursor;
    if (!cursor) return { ids: hits.map((hit) => hit.documentId), hits, total };
  }
  throw new Error('paging did not end after 1000 pages');
}

function expectOrdered(hits: SearchHit[], sort: SearchSortOrder, ranked: boolean): void {
  if (sort === 'relevance' && ranked) {
    for (let i = 1; i < hits.length; i++)
      expect((hits[i - 1] as SearchHit).score).toBeGreaterThanOrEqual((hits[i] as SearchHit).score);
    return;
  }
  // Date orders are by UTC filing day (within a day, any stable order).
  const times = hits.map((hit) => (hit.filedAt ? Math.floor(hit.filedAt.getTime() / 86_400_000) : null));
  const firstUndated = times.indexOf(null);
  if (firstUndated >= 0) expect(times.slice(firstUndated).every((time) => time === null)).toBe(true); // undated last
  const dated = (firstUndated >= 0 ? times.slice(0, firstUndated) : times) as number[];
  const newestFirst = sort !== 'filed_oldest';
  for (let i = 1; i < dated.length; i++) {
    if (newestFirst) expect(dated[i - 1]).toBeGreaterThanOrEqual(dated[i] as number);
    else expect(dated[i - 1]).toBeLessThanOrEqual(dated[i] as number);
  }
}

function hasPositiveText(node: QueryNode, negated = false): boolean {
  switch (node.kind) {
    case 'term':
    case 'phrase':
    case 'prefix':
      return !negated;
    case 'not':
      return hasPositiveText(node.child, !negated);
    case 'and':
    case 'or':
      return node.children.some((child) => hasPositiveText(child, negated));
    default:
      return false;
  }
}

/** Reference counts per facet key (the key a bucket's value maps to). */
function referenceFacet(field: FacetField, matched: IndexedDocument[]): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (key: string) => {
    if (key !== '') counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  for (const document of matched) {
    switch (field) {
      case 'agency':
        add(document.sourceId);
        break;
      case 'filing_type':
        add((document.filingCategory || document.filingType).trim());
        break;
      case 'docket':
        add(normalizeDocketNumber(document.docketNumber));
        break;
      case 'year':
        if (document.filedAt) add(String(document.filedAt.getUTCFullYear()));
        break;
      case 'party':
        for (const name of partyNamesOf(document)) add(nameKey(name));
        break;
    }
  }
  return counts;
}

function facetKey(field: FacetField, value: string): string {
  if (field === 'docket') return normalizeDocketNumber(value);
  if (field === 'party') return nameKey(value);
  return value;
}

/** The top buckets by count (ties in any order), each with its exact count. */
function expectFacet(facet: Facet, expected: Map<string, number>, context: string): void {
  const label = `${facet.field} facet of ${context}`;
  const keys = facet.buckets.map((bucket) => facetKey(facet.field, bucket.value));
  expect({ label, unique: new Set(keys).size }).toEqual({ label, unique: keys.length });
  expect({ label, size: facet.buckets.length }).toEqual({ label, size: Math.min(FACET_BUCKETS, expected.size) });
  facet.buckets.forEach((bucket, index) => {
    expect({ label, value: bucket.value, count: bucket.count }).toEqual({
      label,
      value: bucket.value,
      count: expected.get(keys[index] as string),
    });
    expect(bucket.label).toBeTruthy();
    if (index > 0) expect((facet.buckets[index - 1] as { count: number }).count).toBeGreaterThanOrEqual(bucket.count);
  });
  const smallest = facet.buckets.at(-1)?.count ?? 0;
  for (const [key, count] of expected)
    if (count > smallest) expect({ label, key, listed: keys.includes(key) }).toEqual({ label, key, listed: true });
}

function describeQuery(query: QueryNode): string {
  try {
    return formatQuery(query);
  } catch {
    return JSON.stringify(query);
  }
}

function sampleDocument(id: string, overrides: Partial<IndexedDocument> = {}): IndexedDocument {
  return {
    id,
    title: 'Order on rehearing of the transmission rate case',
    text: 'The commission denies rehearing. Pelican county intervened.',
    description: '',
    sourceId: 'ferc',
    sourceName: 'Federal Energy Regulatory Commission',
    docketNumber: 'ER24-1-000',
    docketId: 'docket-er24-1',
    filingType: 'Order on Rehearing',
    filingCategory: 'Order',
    filedAt: new Date('2024-03-01T15:00:00.000Z'),
    parties: ['Pacific Gas and Electric Company', 'Sierra Club'],
    filers: ['Acme Power LLC'],
    entities: [{ id: 'e1', kind: 'place', name: 'Diablo Canyon' }],
    pages: [
      { number: 1, start: 0, end: 30 },
      { number: 2, start: 30, end: 60 },
    ],
    sha256: `sha-${id}-${overrides.text ?? ''}`,
    ...overrides,
  };
}
