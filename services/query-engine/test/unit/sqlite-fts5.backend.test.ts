import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { matchesDocument, parseQuery, type QueryNode } from '@docket/query-language';
import { waitFor } from '@docket/testkit';
import { matchableOf, type IndexedDocument, type SearchHit } from '../../src/domain/indexed-document';
import type { SearchSortOrder } from '../../src/search/index/search-backend';
import { SqliteFts5Backend } from '../../src/search/index/sqlite/sqlite-fts5.backend';
import { SCHEMA_VERSION } from '../../src/search/index/sqlite/sqlite-schema';
import { filingDocument } from '../shared/filing-document';
import { describeSearchBackend } from '../shared/search-backend.suite';
import { generateCorpus, QueryGenerator } from '../shared/search-corpus';

const directories: string[] = [];
afterAll(() => {
  for (const dir of directories) rmSync(dir, { recursive: true, force: true });
});

function freshPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'qe-fts5-'));
  directories.push(dir);
  return join(dir, 'query-engine', 'index.sqlite');
}

// The generated queries page through a settled index: a document's score may change by a hair when its
// word pairs come, and a query paged meanwhile could then see it twice (CI saw it once, not yet understood).
describeSearchBackend('SQLite FTS5', async () => SqliteFts5Backend.open(freshPath()), {
  settled: (backend) =>
    waitFor(() => !(backend as SqliteFts5Backend).wordPairsPending(), {
      timeoutMs: 60_000,
      description: 'the word pairs to be added',
    }).then(() => undefined),
});

/** The shared test filing with its own title (its content hash follows the title and text). */
function doc(id: string, title: string, text: string, extra: Partial<IndexedDocument> = {}): IndexedDocument {
  return filingDocument(id, text, { title, sha256: `sha-${title}-${text}`, ...extra });
}

describe('SqliteFts5Backend (SQLite specifics)', () => {
  let path: string;
  let backend: SqliteFts5Backend;

  beforeEach(() => {
    path = freshPath();
    backend = SqliteFts5Backend.open(path);
  });

  afterEach(async () => {
    await backend.close();
  });

  const search = (query: string | QueryNode, limit = 20) =>
    backend.search({
      query: typeof query === 'string' ? parseQuery(query) : query,
      sort: 'relevance',
      limit,
      facets: false,
    });

  it('ranks a title match above a text-only match (BM25 field weights)', async () => {
    await backend.upsert(
      doc(
        'text-only',
        'Quarterly report',
        'This report mentions interconnection once among many other words about the grid.',
      ),
    );
    await backend.upsert(
      doc(
        'in-title',
        'Interconnection agreement',
        'An agreement between the parties about many other words about the grid.',
      ),
    );
    await backend.upsert(
      doc(
        'in-description',
        'Quarterly filing',
        'An agreement between the parties about many other words about the grid.',
        { description: 'On interconnection' },
      ),
    );
    const hits = (await search('interconnection')).hits;
    expect(hits.map((h) => h.documentId)).toEqual(['in-title', 'in-description', 'text-only']);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    expect(hits[0]!.titleHtml).toBe('<mark>Interconnection</mark> agreement');
    expect(hits[1]!.snippet).toBe('On <mark>interconnection</mark>');
  });

  it("escapes the document's own HTML in snippets and titles but keeps the <mark> tags", async () => {
    await backend.upsert(
      doc('d1', 'Penalty <i>notice</i> & more', 'before <script>alert("x")</script> & <b>bold</b> penalty after'),
    );
    const hit = (await search('penalty')).hits[0]!;
    expect(hit.snippet).toBe(
      'before &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; ' +
        '&lt;b&gt;bold&lt;/b&gt; <mark>penalty</mark> after',
    );
    expect(hit.titleHtml).toBe('<mark>Penalty</mark> &lt;i&gt;notice&lt;/i&gt; &amp; more');
  });

  it("finds phrases through word pairs and still marks the phrase's words in the snippet", async () => {
    await backend.upsert(
      doc('d1', 'Rate case', 'The public utilities commission approved the rate increase for the utility.'),
    );
    await backend.upsert(doc('d2', 'Commission', 'The commission is public; utilities pay.'));
    const phrase = await search('"public utilities commission"');
    expect(phrase.hits.map((h) => h.documentId)).toEqual(['d1']);
    expect(phrase.hits[0]!.snippet).toContain('<mark>public utilities commission</mark>');
    expect((await search('"rate increase"')).hits.map((h) => h.documentId)).toEqual(['d1']);
    expect((await search({ kind: 'prefix', value: 'utilities comm' })).hits.map((h) => h.documentId)).toEqual(['d1']);
    expect((await search({ kind: 'prefix', value: 'utilities p' })).hits.map((h) => h.documentId)).toEqual(['d2']);
    expect((await search('"case the"')).total).toBe(0); // title and text are not one run of words
    expect((await search('"public utilities" NOT "utilities pay"')).hits.map((h) => h.documentId)).toEqual(['d1']);
  });

  it('cannot be tricked into fake marks by control characters in the text', async () => {
    await backend.upsert(doc('d1', 'Sneaky', 'a \u0001fake\u0002 mark and a real penalty'));
    const hit = (await search('penalty')).hits[0]!;
    expect(hit.snippet.match(/<mark>/g)).toHaveLength(1);
    expect(hit.snippet).toContain('<mark>penalty</mark>');
  });

  it('shows the title with its accents marked, and the start of the description without matched text', async () => {
    await backend.upsert(doc('d1', 'Décision: Société Générale', 'Le texte.', { description: 'Un résumé <court>.' }));
    const byText = (await search('societe')).hits[0]!;
    expect(byText.titleHtml).toBe('Décision: <mark>Société</mark> Générale');
    const byFilter = (await search('agency:ferc')).hits[0]!;
    expect(byFilter.titleHtml).toBe('Décision: Société Générale');
    expect(byFilter.snippet).toBe('Un résumé &lt;court&gt;.');
  });

  it('never turns odd input into an FTS5 or SQL syntax error', async () => {
    await backend.upsert(
      doc(
        'd1',
        'Order on rehearing',
        'AND OR NOT NEAR the (docket) "quoted" text* with ünïcödé and 日本語 and émoji 🚀 title:x col:docket',
      ),
    );
    const odd: QueryNode[] = [
      '"',
      '(',
      ')',
      'NEAR(a b)',
      '*',
      'title:x',
      "'; DROP TABLE documents; --",
      '^start',
      '-',
      '日本語',
      '🚀',
      '{title}: docket',
      'col:docket',
      'a"b',
    ].flatMap(
      (value) =>
        [
          { kind: 'term', value },
          { kind: 'phrase', value },
          { kind: 'prefix', value },
          { kind: 'field', field: 'party', value },
        ] as QueryNode[],
    );
    for (const query of odd) await expect(search(query)).resolves.toBeDefined();
    expect((await search('"quoted"')).total).toBe(1);
    expect((await search('日本語')).total).toBe(1);
    expect((await search('ünïcödé')).total).toBe(1);
    expect(await backend.count()).toBe(1);
  });

  it('upsertMany writes in chunks, searchable and counted like upserts, the latest state of each winning', async () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      doc(`bulk-${i}`, `Bulk filing ${i}`, i % 2 === 0 ? 'tariff revision' : 'pipeline safety'),
    );
    await backend.upsertMany(many);
    expect(await backend.count()).toBe(40);
    expect((await search('tariff', 50)).hits).toHaveLength(20);
    await backend.upsertMany([
      doc('bulk-1', 'Bulk filing 1', 'tariff revision now'),
      doc('bulk-41', 'Bulk filing 41', 'pipeline safety'),
    ]);
    expect(await backend.count()).toBe(41);
    expect((await search('tariff', 50)).hits.map((h) => h.documentId)).toContain('bulk-1');
  });

  it('writes on its writer thread: those amid a build swap go to the new live file, counted in writeCost', async () => {
    const build = await backend.beginBuild();
    await build.addFromSource([doc('from-source', 'Rebuilt', 'rebuilt filing')]);
    // Not awaited before the commit: they reach the writer thread while it has the file closed.
    const writes = [
      backend.upsertMany(Array.from({ length: 20 }, (_, i) => doc(`racing-${i}`, `Racing ${i}`, 'racing the swap'))),
      backend.upsert(doc('single', 'Single', 'racing the swap alone')),
    ];
    const committing = build.commit();
    writes.push(backend.upsert(doc('after', 'After', 'racing the swap late')));
    await Promise.all([...writes, committing]);
    expect((await search('racing', 50)).total).toBe(22);
    expect(await backend.count()).toBe(23);
    expect(backend.writeCost().documents).toBe(22);
    expect(backend.writeCost().cpuMs).toBeGreaterThanOrEqual(0);
  });

  it('keeps its data across close and reopen', async () => {
    await backend.upsert(doc('d1', 'Durable', 'persistent filing'));
    await backend.close();
    backend = SqliteFts5Backend.open(path);
    expect(backend.wasReset).toBe(false);
    expect((await search('persistent')).total).toBe(1);
  });

  it('replaces a version 1 file by an empty version 2 index and says so in the log', async () => {
    await backend.close();
    rmSync(path, { force: true });
    const v1 = new Database(path);
    v1.exec(`CREATE TABLE documents (rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE);
      CREATE VIRTUAL TABLE documents_fts USING fts5 (title, text);
      INSERT INTO documents (id) VALUES ('old'); PRAGMA user_version = 1;`);
    v1.close();
    const warnings: unknown[][] = [];
    const logger = { warn: (...args: unknown[]) => warnings.push(args) } as never;
    backend = SqliteFts5Backend.open(path, { logger });
    expect(backend.wasReset).toBe(true);
    expect(await backend.count()).toBe(0);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).toMatch(/EMPTY index.*re-index/);
    await backend.upsert(doc('d1', 'New', 'after the migration'));
    expect((await search('migration')).total).toBe(1);
    const check = new Database(path, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    check.close();
  });

  it('refuses a file from a newer schema instead of destroying it', async () => {
    await backend.close();
    const newer = new Database(path);
    newer.pragma('user_version = 99');
    newer.close();
    expect(() => SqliteFts5Backend.open(path)).toThrow(/schema version 99/);
    expect(existsSync(path)).toBe(true);
    backend = SqliteFts5Backend.open(freshPath());
  });

  it('removes a leftover build file when a new build starts, and the build file after commit', async () => {
    mkdirSync(join(path, '..'), { recursive: true });
    const build = await backend.beginBuild();
    expect(existsSync(backend.buildPath)).toBe(true);
    await build.addFromSource([doc('d1', 'Built', 'from the source')]);
    await build.commit();
    expect(existsSync(backend.buildPath)).toBe(false);
    expect((await search('source')).total).toBe(1);
  });

  it('pages a relevance search whose ranks tie by rowid, without skipping or repeating', async () => {
    for (let i = 0; i < 30; i++)
      await backend.upsert(doc(`d${String(i).padStart(2, '0')}`, 'Same title', 'identical words everywhere'));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await backend.search({
        query: parseQuery('identical'),
        sort: 'relevance',
        limit: 4,
        cursor,
        facets: false,
      });
      seen.push(...page.hits.map((hit) => hit.documentId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
  });
});

describe('SqliteFts5Backend with bounded work (small limits stand in for a large index)', () => {
  const corpus = generateCorpus(99, 300);
  const tuning = { rankTier: 16, countLimit: 40 };
  let backend: SqliteFts5Backend;
  /** Rowid order: filing day, then arrival (the corpus is upserted in order); undated first. */
  const arrival = new Map(corpus.map((document, index) => [document.id, index]));
  const dayOf = (document: IndexedDocument) =>
    document.filedAt ? Math.floor(document.filedAt.getTime() / 86_400_000) : -Infinity;
  const newestFirst = (documents: IndexedDocument[]) =>
    [...documents].sort((a, b) => dayOf(b) - dayOf(a) || arrival.get(b.id)! - arrival.get(a.id)!);
  const reference = (query: QueryNode) => corpus.filter((document) => matchesDocument(query, matchableOf(document)));

  beforeAll(async () => {
    backend = SqliteFts5Backend.open(freshPath(), { tuning });
    for (const document of corpus) await backend.upsert(document);
  });

  afterAll(async () => {
    await backend.close();
  });

  async function collect(query: QueryNode, sort: SearchSortOrder): Promise<SearchHit[]> {
    const hits: SearchHit[] = [];
    let cursor: string | undefined;
    do {
      const page = await backend.search({ query, sort, limit: 7, cursor, facets: false });
      hits.push(...page.hits);
      cursor = page.nextCursor;
    } while (cursor);
    return hits;
  }

  it('still finds exactly the reference hits, once each, through rank tiers and every sort', async () => {
    const generator = new QueryGenerator(5, corpus);
    const queries: QueryNode[] = [
      ...Array.from({ length: 60 }, () => generator.query(2)),
      // Words with selective filters (FTS5 intersects them).
      ...['rate', 'the', 'gas', 'tariff'].flatMap((word) =>
        ['ferc', 'cpuc', 'nypsc'].map((agency): QueryNode => ({
          kind: 'and',
          children: [
            { kind: 'term', value: word },
            { kind: 'field', field: 'agency', value: agency },
            { kind: 'field', field: 'type', value: 'Order' },
          ],
        })),
      ),
      {
        kind: 'and',
        children: [
          { kind: 'term', value: 'the' },
          { kind: 'range', field: 'filed', from: '2020-01-01', to: '2022-12-31' },
        ],
      },
    ];
    for (const query of queries) {
      const expected = reference(query)
        .map((document) => document.id)
        .sort();
      for (const sort of ['relevance', 'filed_newest', 'filed_oldest'] as const) {
        const ids = (await collect(query, sort)).map((hit) => hit.documentId);
        expect({ query: JSON.stringify(query), sort, ids: [...ids].sort() }).toEqual({
          query: JSON.stringify(query),
          sort,
          ids: expected,
        });
      }
    }
  });

  it('ranks a large result in tiers of the newest text matches, BM25 order within a tier', async () => {
    const query: QueryNode = { kind: 'term', value: 'the' };
    const matched = newestFirst(reference(query));
    expect(matched.length).toBeGreaterThan(3 * tuning.rankTier);
    const hits = await collect(query, 'relevance');
    expect(hits).toHaveLength(matched.length);
    for (let tier = 0; tier * tuning.rankTier < matched.length; tier++) {
      const slice = hits.slice(tier * tuning.rankTier, (tier + 1) * tuning.rankTier);
      const expectedIds = matched
        .slice(tier * tuning.rankTier, (tier + 1) * tuning.rankTier)
        .map((document) => document.id)
        .sort();
      expect(slice.map((hit) => hit.documentId).sort()).toEqual(expectedIds);
      for (let i = 1; i < slice.length; i++) expect(slice[i - 1]!.score).toBeGreaterThanOrEqual(slice[i]!.score);
    }
  });

  it('counts up to its limit and then says more match, with or without facets', async () => {
    const query: QueryNode = { kind: 'term', value: 'the' };
    expect(reference(query).length).toBeGreaterThan(tuning.countLimit);
    for (const facets of [false, true]) {
      const result = await backend.search({ query, sort: 'relevance', limit: 5, facets });
      expect({ facets, total: result.total, totalIsLowerBound: result.totalIsLowerBound }).toEqual({
        facets,
        total: tuning.countLimit,
        totalIsLowerBound: true,
      });
    }
    const few: QueryNode = {
      kind: 'and',
      children: [
        { kind: 'field', field: 'agency', value: 'ferc' },
        { kind: 'field', field: 'type', value: 'Order' },
      ],
    };
    const small = await backend.search({ query: few, sort: 'relevance', limit: 5, facets: false });
    expect(small.total).toBe(reference(few).length);
    expect(small.totalIsLowerBound).toBe(false);
  });

  it('refuses a rank tier larger than the count limit (the newest tier is read from the counted matches)', () => {
    expect(() => SqliteFts5Backend.open(freshPath(), { tuning: { countLimit: 10, rankTier: 11 } })).toThrow(
      /rankTier \(11\) must not exceed countLimit \(10\)/u,
    );
  });

  it('counts exactly when as many match as the limit, and says "more" from one more', async () => {
    const tariffs = Array.from({ length: 5 }, (_, i) => doc(`c${i}`, `Tariff ${i}`, 'Revised tariff sheets.'));
    for (const [countLimit, expected] of [
      [5, { total: 5, totalIsLowerBound: false }],
      [4, { total: 4, totalIsLowerBound: true }],
    ] as const) {
      const limited = SqliteFts5Backend.open(freshPath(), { tuning: { countLimit, rankTier: countLimit } });
      for (const document of tariffs) await limited.upsert(document);
      for (const facets of [false, true]) {
        const result = await limited.search({
          query: { kind: 'term', value: 'tariff' },
          sort: 'relevance',
          limit: 10,
          facets,
        });
        expect({
          countLimit,
          facets,
          total: result.total,
          totalIsLowerBound: result.totalIsLowerBound,
          hits: result.hits.length,
        }).toEqual({ countLimit, facets, ...expected, hits: 5 });
      }
      await limited.close();
    }
  });

  it('counts facets over the newest matches when too many match, and says how many it counted', async () => {
    const result = await backend.search({
      query: { kind: 'and', children: [] },
      sort: 'relevance',
      limit: 5,
      facets: true,
    });
    expect(result.total).toBe(tuning.countLimit);
    expect(result.totalIsLowerBound).toBe(true);
    expect(result.facetsCounted).toBe(tuning.countLimit);
    const counted = newestFirst(corpus).slice(0, tuning.countLimit);
    const agencies = new Map<string, number>();
    for (const document of counted) agencies.set(document.sourceId, (agencies.get(document.sourceId) ?? 0) + 1);
    const agencyFacet = result.facets.find((facet) => facet.field === 'agency')!;
    expect(Object.fromEntries(agencyFacet.buckets.map((b) => [b.value, b.count]))).toEqual(
      Object.fromEntries(agencies),
    );

    const fercOrders: QueryNode = {
      kind: 'and',
      children: [
        { kind: 'field', field: 'agency', value: 'ferc' },
        { kind: 'field', field: 'type', value: 'Order' },
      ],
    };
    const small = await backend.search({ query: fercOrders, sort: 'relevance', limit: 5, facets: true });
    expect(small.total).toBeLessThanOrEqual(tuning.countLimit);
    expect(small.totalIsLowerBound).toBe(false);
    expect(small.facetsCounted).toBe(small.total);
  });
});

describe('SqliteFts5Backend ranking questions with a small work budget', () => {
  const budget = 10;
  let backend: SqliteFts5Backend;
  const day = (n: number) => new Date(Date.UTC(2024, 0, 1 + n));
  // 30 tariff filings, one a day (the newest last), five of them from the CPUC; three also name a pelican.
  const tariffs = Array.from({ length: 30 }, (_, i) =>
    doc(`t${i}`, `Tariff filing ${i}`, i % 10 === 3 ? 'Tariffs and the pelican habitat.' : 'Revised tariff sheets.', {
      filedAt: day(i),
      sourceId: i % 6 === 0 ? 'cpuc' : 'ferc',
    }),
  );
  const ids = async (words: string[], scope: QueryNode | null = null) =>
    (await backend.rankForQuestion(words, scope, 100)).map((hit) => hit.documentId).sort();

  beforeAll(async () => {
    backend = SqliteFts5Backend.open(freshPath(), { tuning: { questionBudget: budget } });
    for (const document of tariffs) await backend.upsert(document);
  });

  afterAll(async () => {
    await backend.close();
  });

  it('ORs only the rarest words whose document counts fit the budget', async () => {
    expect(await ids(['tariffs', 'pelicans'])).toEqual(['t13', 't23', 't3']);
  });

  it('ranks the newest documents of a word too common on its own, within the scope', async () => {
    expect(await ids(['tariff'])).toEqual(
      tariffs
        .slice(20)
        .map((document) => document.id)
        .sort(),
    );
    const cpuc = tariffs
      .filter((document) => document.sourceId === 'cpuc')
      .map((document) => document.id)
      .sort();
    expect(await ids(['tariff'], { kind: 'field', field: 'agency', value: 'cpuc' })).toEqual(cpuc);
    // A date range alone is a rowid range (days 0 to 19: twenty filings, the newest ten ranked).
    const filed = (from: string, to: string): QueryNode => ({ kind: 'range', field: 'filed', from, to });
    expect(await ids(['tariff'], filed('2024-01-01', '2024-01-20'))).toEqual(
      tariffs
        .slice(10, 20)
        .map((document) => document.id)
        .sort(),
    );
    expect(await ids(['tariff'], filed('2024-01-05', '2024-01-08'))).toEqual(['t4', 't5', 't6', 't7']);
    expect(
      await ids(['tariff'], {
        kind: 'and',
        children: [filed('2024-01-01', '2024-01-20'), { kind: 'field', field: 'agency', value: 'cpuc' }],
      }),
    ).toEqual(['t0', 't12', 't18', 't6']);
  });

  it('ranks exactly when the words fit the budget', async () => {
    expect(await ids(['pelican', 'habitat'])).toEqual(['t13', 't23', 't3']);
    expect(await ids(['unheard'])).toEqual([]);
  });
});
