import {
  compileQuery,
  formatQuery,
  normalizeQuery,
  parseQuery,
  QuerySyntaxError,
  type MatchableDocument,
  type QueryNode,
} from '../../src';
import { randomQuery, randomQueryText, SeededRandom, UNLIMITED } from '../support/random-query';

const isEmpty = (node: QueryNode) => node.kind === 'and' && node.children.length === 0;

const documents: MatchableDocument[] = [
  {
    title: 'Rate increase for Société Générale',
    text: 'The tariff of 東京電力 in Zürich; ER24-1234-000 and rate-case filings. "AND" said OR NOT.',
    sourceId: 'ferc',
    agencies: ['FERC'],
    docketNumber: 'ER24-1234-000',
    filingType: 'Direct Testimony',
    filingCategory: 'Testimony',
    parties: ['Pacific Gas & Electric Company', "O'Brien"],
    entities: ['Zürich'],
    filedAt: new Date('2021-06-15T12:00:00Z'),
  },
  {
    title: 'Order',
    text: 'A.21-05-012 utility\u2019s café filing',
    sourceId: 'cpuc',
    docketNumber: 'A.21-05-012',
    filingType: 'Decision',
    filingCategory: 'Decision',
    parties: [],
    filedAt: new Date('2008-01-02T00:00:00Z'),
  },
];

describe('formatQuery ∘ parseQuery round trip', () => {
  it('prints canonical text for hand-picked queries', () => {
    const cases: Array<[string, string]> = [
      ['rate case', 'rate AND case'],
      ['a OR b c', 'a OR b AND c'],
      ['(a OR b) -c', '(a OR b) AND NOT c'],
      ['NOT (a OR b c)', 'NOT (a OR b AND c)'],
      ['agency:"FERC" party:"Pacific Gas"', 'agency:FERC AND party:"Pacific Gas"'],
      ['filed:2024-02', 'filed:[2024-02-01 TO 2024-02-29]'],
      ['filed:[* TO 2024]', 'filed:[* TO 2024-12-31]'],
      [String.raw`"say \"hi\"" tarif*`, String.raw`"say \"hi\"" AND tarif*`],
    ];
    for (const [query, canonical] of cases) {
      expect(formatQuery(parseQuery(query))).toBe(canonical);
      expect(parseQuery(canonical)).toEqual(parseQuery(query));
    }
  });

  it('parses the printed form of 500 random trees back to the normalised tree, with the same matches', () => {
    const random = new SeededRandom(20240601);
    let checked = 0;
    const outcomes = new Set<boolean>();
    for (let i = 0; i < 500; i++) {
      const tree = randomQuery(random);
      const text = formatQuery(tree);
      const normal = normalizeQuery(tree);
      if (isEmpty(normal)) {
        expect(text).toBe('');
        continue;
      }
      const reparsed = parseQuery(text, UNLIMITED);
      expect({ text, tree: reparsed }).toEqual({ text, tree: normal });
      expect(formatQuery(reparsed)).toBe(text);
      for (const doc of documents) {
        const matched = compileQuery(tree)(doc);
        expect(compileQuery(reparsed)(doc)).toBe(matched);
        outcomes.add(matched);
      }
      checked += 1;
    }
    expect(checked).toBeGreaterThan(400);
    expect(outcomes.size).toBe(2);
  });

  it('either rejects a random string with a QuerySyntaxError or round-trips it', () => {
    const random = new SeededRandom(7);
    let valid = 0;
    for (let i = 0; i < 1000; i++) {
      const text = randomQueryText(random);
      let tree: QueryNode;
      try {
        tree = parseQuery(text, UNLIMITED);
      } catch (error) {
        expect(error).toBeInstanceOf(QuerySyntaxError);
        const { position } = error as QuerySyntaxError;
        expect(position >= 0 && position <= text.length).toBe(true);
        continue;
      }
      valid += 1;
      expect({ text, tree: parseQuery(formatQuery(tree), UNLIMITED) }).toEqual({ text, tree });
    }
    // Both branches are exercised.
    expect(valid).toBeGreaterThan(100);
    expect(valid).toBeLessThan(900);
  });
});
