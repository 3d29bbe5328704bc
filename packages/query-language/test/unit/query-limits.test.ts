import { InputError } from '@docket/errors';
import { DEFAULT_QUERY_LIMITS, parseQuery, QueryCostError, QuerySyntaxError } from '../../src';

const InputErrorOf = (error: unknown): InputError => error as InputError;

const refusal = (query: string, limits = DEFAULT_QUERY_LIMITS): QueryCostError => {
  try {
    parseQuery(query, limits);
  } catch (error) {
    if (error instanceof QueryCostError) return error;
    throw error;
  }
  throw new Error(`"${query}" was accepted`);
};

describe('query cost limits', () => {
  it('accepts ordinary professional queries', () => {
    expect(() =>
      parseQuery(
        '(rate OR tariff) AND "revenue requirement" NOT wildfire agency:ferc filed:[2024 TO 2025] regul* tarif*',
      ),
    ).not.toThrow();
    const forty = Array.from({ length: DEFAULT_QUERY_LIMITS.maxClauses }, (_, i) => `w${i}`).join(' OR ');
    expect(() => parseQuery(forty)).not.toThrow();
  });

  it('refuses one clause too many, naming the limit and the column where the first extra one starts', () => {
    const query = Array.from({ length: 200 }, () => 'a').join(' OR ');
    const error = refusal(query);
    expect(error.limit).toBe('maxClauses');
    expect(error.position).toBe(40 * 'a OR '.length);
    expect(error.message).toMatch(/more than 40 terms .*the 41st is at column 201/u);
    // a client error with the query as the field at fault
    expect(error).toBeInstanceOf(QuerySyntaxError);
    expect(error).toBeInstanceOf(InputError);
    expect(InputErrorOf(error).issues).toEqual([{ path: 'query', message: error.message }]);
  });

  it('counts field filters and date ranges as clauses too', () => {
    const limits = { ...DEFAULT_QUERY_LIMITS, maxClauses: 2 };
    expect(refusal('rate agency:ferc filed:2024', limits).position).toBe('rate agency:ferc '.length);
  });

  it('refuses prefixes shorter than the minimum, where they stand', () => {
    const error = refusal('rate a* b*');
    expect(error.limit).toBe('minPrefixLength');
    expect(error.message).toBe(
      'the prefix "a*" at column 6 is too short: the word before "*" needs at least 3 letters or digits',
    );
    expect(error.column).toBe(6);
  });

  it('judges a prefix of several words by its last one, which is the one expanded', () => {
    expect(refusal('ER24-12*').limit).toBe('minPrefixLength');
    expect(() => parseQuery('ER24-123* rate-cas*')).not.toThrow();
  });

  it('refuses more prefixes than the limit (the probe sent 333 of them)', () => {
    const query = Array.from({ length: 333 }, (_, i) => `ab${i}*`).join(' ');
    const error = refusal(query);
    expect(error.limit).toBe('maxPrefixes');
    expect(error.message).toMatch(/more than 8 prefixes: the 9th, "ab8\*", is at column 41/u);
  });

  it('refuses a phrase longer than the limit', () => {
    const phrase = `"${Array.from({ length: 33 }, (_, i) => `w${i}`).join(' ')}"`;
    const error = refusal(`rate ${phrase}`);
    expect(error.limit).toBe('maxPhraseWords');
    expect(error.column).toBe(6);
  });

  it('applies the limits it is given', () => {
    expect(() => parseQuery('a*', { ...DEFAULT_QUERY_LIMITS, minPrefixLength: 1 })).not.toThrow();
  });
});
