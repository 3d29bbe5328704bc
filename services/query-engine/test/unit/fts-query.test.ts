import { InputError } from '@docket/errors';
import { MAX_TERMS, toFtsMatchExpression } from '../../src/domain/fts-query';
import { validateSearchRequest } from '../../src/domain/search-request';

describe('toFtsMatchExpression', () => {
  it('quotes every term and ANDs them', () => {
    expect(toFtsMatchExpression('rate case')).toBe('"rate" AND "case"');
  });

  it('neutralises FTS5 syntax: quotes are doubled, operators and punctuation are plain text', () => {
    expect(toFtsMatchExpression('say "hi" OR title:x*')).toBe('"say" AND """hi""" AND "OR" AND "title:x*"');
  });

  it('drops terms without a letter or digit, and rejects a query left with none', () => {
    expect(toFtsMatchExpression('( docket )')).toBe('"docket"');
    expect(() => toFtsMatchExpression('" ( * )')).toThrow(InputError);
  });

  it('keeps at most MAX_TERMS terms', () => {
    const many = Array.from({ length: MAX_TERMS + 10 }, (_, i) => `w${i}`).join(' ');
    expect(toFtsMatchExpression(many).split(' AND ')).toHaveLength(MAX_TERMS);
  });
});

describe('validateSearchRequest', () => {
  it('trims the query and defaults a zero limit to 20', () => {
    expect(validateSearchRequest({ query: '  gas ', limit: 0, offset: 0 })).toEqual({ query: 'gas', limit: 20, offset: 0 });
  });

  it('names every bad field', () => {
    try {
      validateSearchRequest({ query: ' ', limit: 101, offset: -1 });
      throw new Error('expected an InputError');
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).issues.map((i) => i.path)).toEqual(['query', 'limit', 'offset']);
    }
  });
});
