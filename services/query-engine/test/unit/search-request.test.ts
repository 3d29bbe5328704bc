import { InputError } from '@docket/errors';
import { compileQuery as compileReference, QuerySyntaxError, type QueryNode } from '@docket/query-language';
import { matchableOf, type IndexedDocument } from '../../src/domain/indexed-document';
import { decodeCursor, encodeCursor, searchFingerprint } from '../../src/domain/search-cursor';
import {
  emptySearchFilters,
  filtersToQuery,
  restrictQuery,
  validateSearchFilters,
} from '../../src/domain/search-filters';
import { validateSearchRequest, type SearchRequestInput } from '../../src/domain/search-request';
import { andOf, countedPhrase, ftsTextOf, hasPositiveWords } from '../../src/search/index/sqlite/fts-query';

const request = (overrides: Partial<SearchRequestInput>): SearchRequestInput => ({
  query: 'tariff',
  limit: 0,
  sort: 'relevance',
  cursor: '',
  includeFacets: false,
  ...overrides,
});

function issuesOf(run: () => unknown): { path: string; message: string }[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).issues;
  }
  throw new Error('expected an InputError');
}

describe('validateSearchRequest', () => {
  it('parses the query, applies the default limit and prints the query back in canonical form', () => {
    const valid = validateSearchRequest(request({ query: '  rate  case or  "wildfire   plan" ', includeFacets: true }));
    expect(valid.limit).toBe(20);
    expect(valid.facets).toBe(true);
    expect(valid.normalizedQuery).toBe('rate AND case AND or AND "wildfire   plan"'); // lower-case "or" is a word
    expect(valid.query).toEqual({
      kind: 'and',
      children: [
        { kind: 'term', value: 'rate' },
        { kind: 'term', value: 'case' },
        { kind: 'term', value: 'or' },
        { kind: 'phrase', value: 'wildfire   plan' },
      ],
    });
  });

  it("passes the parser's syntax error through, naming the column and what was expected", () => {
    const error = (() => {
      try {
        validateSearchRequest(request({ query: 'rate AND (case' }));
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(QuerySyntaxError);
    expect((error as QuerySyntaxError).message).toMatch(/expected "\)" at column 15/);
    expect((error as QuerySyntaxError).issues).toEqual([{ path: 'query', message: (error as Error).message }]);
  });

  it('lists every other problem at once, with the syntax error first', () => {
    const issues = issuesOf(() =>
      validateSearchRequest(request({ query: 'filed:2024-13', limit: 500, filters: { filedFrom: '2024-02-30' } })),
    );
    expect(issues.map((issue) => issue.path)).toEqual(['query', 'filters.filed_from', 'limit']);
    expect(issues[0]!.message).toMatch(/invalid date "2024-13" at column 7/);
  });

  it('needs a query unless filters are given; an empty query with filters lists by filters alone', () => {
    expect(issuesOf(() => validateSearchRequest(request({ query: '   ' })))).toEqual([
      { path: 'query', message: 'must not be empty unless filters are given' },
    ]);
    const valid = validateSearchRequest(request({ query: '', filters: { agencies: ['ferc'] } }));
    expect(valid.query).toEqual({ kind: 'and', children: [] });
    expect(valid.filters.agencies).toEqual(['ferc']);
    expect(valid.normalizedQuery).toBe('');
  });

  it('takes a cursor (trimmed; blank is the first page)', () => {
    expect(validateSearchRequest(request({ cursor: ' abc ' })).cursor).toBe('abc');
    expect(validateSearchRequest(request({ cursor: '  ' })).cursor).toBeUndefined();
  });
});

describe('search filters', () => {
  it('cleans values: trims, collapses spaces, drops blanks and repeats by matching key', () => {
    expect(
      validateSearchFilters({
        agencies: [' ferc ', 'FERC', ''],
        dockets: ['ER24-1-000', 'er24 1 000'],
        parties: ['Sierra   Club'],
      }),
    ).toEqual({
      ...emptySearchFilters(),
      agencies: ['ferc'],
      dockets: ['ER24-1-000'],
      parties: ['Sierra Club'],
    });
  });

  it('names each bad value and date precisely', () => {
    const issues = issuesOf(() =>
      validateSearchFilters({
        parties: ['ok', '--'],
        filingTypes: ['x'.repeat(201)],
        filedFrom: '2024-06-31',
        filedTo: '24-01-01',
      }),
    );
    expect(issues).toEqual([
      { path: 'filters.filing_types[0]', message: 'must be at most 200 characters' },
      { path: 'filters.parties[1]', message: 'must contain a letter or digit, got "--"' },
      { path: 'filters.filed_from', message: 'must be a date written YYYY-MM-DD, got "2024-06-31"' },
      { path: 'filters.filed_to', message: 'must be a date written YYYY-MM-DD, got "24-01-01"' },
    ]);
    expect(
      issuesOf(() => validateSearchFilters({ filedFrom: '2024-06-01', filedTo: '2024-05-31' }, 'default_filters')),
    ).toEqual([{ path: 'default_filters.filed_to', message: 'must not be before filed_from (2024-06-01)' }]);
    expect(issuesOf(() => validateSearchFilters({ agencies: Array.from({ length: 51 }, (_, i) => `a${i}`) }))).toEqual([
      { path: 'filters.agencies', message: 'must have at most 50 values' },
    ]);
  });

  it("become a query tree with the query language's meaning: lists ORed, fields and dates ANDed", () => {
    const filters = validateSearchFilters({
      agencies: ['ferc', 'cpuc'],
      filingTypes: ['Order'],
      filedFrom: '2024-01-01',
    });
    expect(filtersToQuery(filters)).toEqual({
      kind: 'and',
      children: [
        {
          kind: 'or',
          children: [
            { kind: 'field', field: 'agency', value: 'ferc' },
            { kind: 'field', field: 'agency', value: 'cpuc' },
          ],
        },
        { kind: 'field', field: 'type', value: 'Order' },
        { kind: 'range', field: 'filed', from: '2024-01-01', to: null },
      ],
    });
    expect(filtersToQuery(emptySearchFilters())).toEqual({ kind: 'and', children: [] });

    const document = {
      title: 'Order',
      text: 'tariff',
      description: '',
      sourceId: 'ferc',
      sourceName: '',
      docketNumber: '',
      docketId: '',
      filingType: 'Order',
      filingCategory: 'Order',
      filedAt: new Date('2024-02-01'),
      parties: [],
      filers: [],
      entities: [],
      pages: [],
      sha256: 'x',
      id: 'd',
    } satisfies IndexedDocument;
    const query = restrictQuery({ kind: 'term', value: 'tariff' }, filters);
    expect(compileReference(query)(matchableOf(document))).toBe(true);
    expect(compileReference(query)(matchableOf({ ...document, filedAt: new Date('2023-12-31') }))).toBe(false);
  });
});

describe('search cursors', () => {
  const query: QueryNode = { kind: 'term', value: 'rate' };

  it("round-trip a position for the same query and sort, whatever the query's shape", () => {
    const fingerprint = searchFingerprint(query, 'relevance');
    expect(searchFingerprint({ kind: 'and', children: [query] }, 'relevance')).toBe(fingerprint);
    const cursor = encodeCursor(fingerprint, { order: 'rank', values: [-1.25, 42] });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, fingerprint)).toEqual({ order: 'rank', values: [-1.25, 42] });
  });

  it('refuse a cursor from another search or a damaged one, on the cursor field', () => {
    const cursor = encodeCursor(searchFingerprint(query, 'relevance'), { order: 'rank', values: [1, 2] });
    expect(issuesOf(() => decodeCursor(cursor, searchFingerprint(query, 'filed_newest')))[0]!.message).toMatch(
      /different query, filters or sort/,
    );
    for (const damaged of [
      '',
      '***',
      'e30',
      Buffer.from('{"v":1,"f":"x","o":"rank","p":[{}]}').toString('base64url'),
      'a'.repeat(3000),
    ]) {
      expect(issuesOf(() => decodeCursor(damaged, 'x'))).toEqual([
        { path: 'cursor', message: 'is malformed; use next_cursor from a previous response as it was' },
      ]);
    }
  });
});

describe('FTS5 expressions', () => {
  const term = (value: string): QueryNode => ({ kind: 'term', value });

  it('quote folded words, so no FTS5 syntax comes from the user; several words become word pairs', () => {
    expect(ftsTextOf(term('Café'))).toEqual({ kind: 'expr', expr: '"cafe"' });
    // Or, in a document whose pairs are still pending, the phrase of words.
    expect(ftsTextOf(term('ER24-1234-000'))).toEqual({
      kind: 'expr',
      expr: '("\u01c1er24\u01c11234 \u01c11234\u01c1000" OR ("\u01c2pairs\u01c2pending" AND "er24 1234 000"))',
    });
    expect(ftsTextOf(term('ER24-1234-000'), false)).toEqual({ kind: 'expr', expr: '"er24 1234 000"' });
    expect(ftsTextOf({ kind: 'prefix', value: 'rate ca' })).toEqual({
      kind: 'expr',
      expr: '("\u01c1rate\u01c1ca" * OR ("\u01c2pairs\u01c2pending" AND "rate ca" *))',
    });
    expect(ftsTextOf({ kind: 'phrase', value: 'NEAR(a b) "x"' }, false)).toEqual({
      kind: 'expr',
      expr: '"near a b x"',
    });
    expect(ftsTextOf(term('&&'))).toEqual({ kind: 'never' });
  });

  it('count a phrase of pairs or of words as the expression a search writes for its words (for the IDF)', () => {
    const written = ftsTextOf({ kind: 'phrase', value: 'public utilities commission' });
    expect(countedPhrase('"\u01c1public\u01c1utilities \u01c1utilities\u01c1commission"')).toBe(
      written?.kind === 'expr' && written.expr,
    );
    expect(countedPhrase('"public utilities commission"')).toBe(written?.kind === 'expr' && written.expr);
    expect(countedPhrase('"rate ca" *')).toBe(
      '("\u01c1rate\u01c1ca" * OR ("\u01c2pairs\u01c2pending" AND "rate ca" *))',
    );
    for (const single of ['"cafe"', '"cafe" *', '"\u01c2pairs\u01c2pending"', '"\u01c2sierra \u01c2club"'])
      expect(countedPhrase(single)).toBe(single);
  });

  it('write field filters as tag tokens, party and entity words as marked words', () => {
    expect(ftsTextOf({ kind: 'field', field: 'agency', value: 'Federal Energy' })).toEqual({
      kind: 'expr',
      expr: '"\u01c2agency\u01c2federal\u01c2energy"',
    });
    expect(ftsTextOf({ kind: 'field', field: 'docket', value: 'Docket No. ER24-1-000' })).toEqual({
      kind: 'expr',
      expr: '"\u01c2docket\u01c2er241000"',
    });
    expect(ftsTextOf({ kind: 'field', field: 'party', value: 'Sierra Club' })).toEqual({
      kind: 'expr',
      expr: '"\u01c2sierra \u01c2club"',
    });
    expect(ftsTextOf({ kind: 'field', field: 'entity', value: 'Diablo' })).toEqual({
      kind: 'expr',
      expr: '"\u01c2\u01c2diablo"',
    });
    expect(ftsTextOf({ kind: 'field', field: 'type', value: '--' })).toEqual({ kind: 'never' });
    expect(ftsTextOf({ kind: 'range', field: 'filed', from: null, to: null })).toBeNull();
  });

  it('put NOT where FTS5 allows it (after something positive) and give up where it does not', () => {
    expect(andOf([term('a'), { kind: 'not', child: term('b') }, { kind: 'not', child: term('c') }])).toEqual({
      kind: 'expr',
      expr: '("a") NOT (("b") OR ("c"))',
    });
    expect(andOf([{ kind: 'not', child: term('b') }])).toBeNull();
    expect(ftsTextOf({ kind: 'or', children: [term('a'), { kind: 'not', child: term('b') }] })).toBeNull();
    expect(ftsTextOf({ kind: 'or', children: [term('a'), term('&&')] })).toEqual({ kind: 'expr', expr: '"a"' });
    expect(andOf([term('a'), term('&&')])).toEqual({ kind: 'never' });
  });

  it('tell whether a query has words to rank by (negated words and filters are not)', () => {
    expect(
      hasPositiveWords({
        kind: 'and',
        children: [
          { kind: 'not', child: term('b') },
          { kind: 'field', field: 'party', value: 'c' },
        ],
      }),
    ).toBe(false);
    expect(hasPositiveWords({ kind: 'not', child: { kind: 'not', child: term('a') } })).toBe(true);
    expect(
      hasPositiveWords({
        kind: 'or',
        children: [
          { kind: 'field', field: 'agency', value: 'ferc' },
          { kind: 'prefix', value: 'ra' },
        ],
      }),
    ).toBe(true);
  });
});
