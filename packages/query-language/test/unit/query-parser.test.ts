import { parseQuery, type QueryNode } from '../../src';

const term = (value: string): QueryNode => ({ kind: 'term', value });
const and = (...children: QueryNode[]): QueryNode => ({ kind: 'and', children });
const or = (...children: QueryNode[]): QueryNode => ({ kind: 'or', children });
const not = (child: QueryNode): QueryNode => ({ kind: 'not', child });

describe('parseQuery: clauses', () => {
  it('reads bare terms, phrases with escapes, and prefixes', () => {
    expect(parseQuery('tariff')).toEqual(term('tariff'));
    expect(parseQuery('"rate increase"')).toEqual({ kind: 'phrase', value: 'rate increase' });
    expect(parseQuery(String.raw`"the \"Company\" and C:\\data"`)).toEqual({
      kind: 'phrase',
      value: 'the "Company" and C:\\data',
    });
    expect(parseQuery('tarif*')).toEqual({ kind: 'prefix', value: 'tarif' });
    expect(parseQuery('rate-cas*')).toEqual({ kind: 'prefix', value: 'rate-cas' });
  });

  it('keeps docket numbers and other inner punctuation inside one term', () => {
    for (const docket of ['ER24-1234-000', 'A.21-05-012', '1:23-cv-00001', "utility's", '2024/01', 'R.22-07-005']) {
      expect(parseQuery(docket)).toEqual(term(docket));
    }
  });

  it('reads Unicode letters and digits as term characters', () => {
    expect(parseQuery('Société Générale')).toEqual(and(term('Société'), term('Générale')));
    expect(parseQuery('Zürich 東京電力 𝐀bc')).toEqual(and(term('Zürich'), term('東京電力'), term('𝐀bc')));
    // A decomposed é (e + combining acute) stays one term.
    expect(parseQuery('cafe\u0301')).toEqual(term('cafe\u0301'));
  });

  it('treats punctuation the grammar does not use as a separator', () => {
    expect(parseQuery('rates, tariffs?')).toEqual(and(term('rates'), term('tariffs')));
    expect(parseQuery('U.S. rates.')).toEqual(and(term('U.S'), term('rates')));
    expect(parseQuery('rates - tariffs')).toEqual(and(term('rates'), term('tariffs')));
    expect(parseQuery('rates--tariffs')).toEqual(and(term('rates'), term('tariffs')));
  });

  it('reads field filters with a term or a quoted value, field names in any case', () => {
    expect(parseQuery('agency:FERC')).toEqual({ kind: 'field', field: 'agency', value: 'FERC' });
    expect(parseQuery('docket:ER24-1234-000')).toEqual({ kind: 'field', field: 'docket', value: 'ER24-1234-000' });
    expect(parseQuery('docket:1:23-cv-00001')).toEqual({ kind: 'field', field: 'docket', value: '1:23-cv-00001' });
    expect(parseQuery('type:"Direct Testimony"')).toEqual({ kind: 'field', field: 'type', value: 'Direct Testimony' });
    expect(parseQuery('party:"Pacific Gas and Electric"')).toEqual({
      kind: 'field',
      field: 'party',
      value: 'Pacific Gas and Electric',
    });
    expect(parseQuery('Entity:Sempra')).toEqual({ kind: 'field', field: 'entity', value: 'Sempra' });
    // In a value position a keyword is just a value.
    expect(parseQuery('type:OR')).toEqual({ kind: 'field', field: 'type', value: 'OR' });
  });

  it('reads date ranges, open ends, and a year, month or day on its own', () => {
    const range = (from: string | null, to: string | null): QueryNode => ({ kind: 'range', field: 'filed', from, to });
    expect(parseQuery('filed:[2024-01-01 TO 2024-06-30]')).toEqual(range('2024-01-01', '2024-06-30'));
    expect(parseQuery('filed:[ 2024-01-01  TO  * ]')).toEqual(range('2024-01-01', null));
    expect(parseQuery('filed:[* TO 2024-06-30]')).toEqual(range(null, '2024-06-30'));
    expect(parseQuery('filed:[* TO *]')).toEqual(range(null, null));
    expect(parseQuery('filed:[2023 TO 2024-02]')).toEqual(range('2023-01-01', '2024-02-29'));
    expect(parseQuery('filed:2024')).toEqual(range('2024-01-01', '2024-12-31'));
    expect(parseQuery('filed:2023-02')).toEqual(range('2023-02-01', '2023-02-28'));
    expect(parseQuery('filed:2024-03-15')).toEqual(range('2024-03-15', '2024-03-15'));
  });
});

describe('parseQuery: operators and precedence', () => {
  it('ANDs adjacent clauses and accepts an explicit AND', () => {
    expect(parseQuery('rate case')).toEqual(and(term('rate'), term('case')));
    expect(parseQuery('rate AND case')).toEqual(and(term('rate'), term('case')));
  });

  it('binds NOT tighter than AND, and AND tighter than OR', () => {
    expect(parseQuery('a b OR c')).toEqual(or(and(term('a'), term('b')), term('c')));
    expect(parseQuery('a OR b c')).toEqual(or(term('a'), and(term('b'), term('c'))));
    expect(parseQuery('a OR b AND c OR d')).toEqual(or(term('a'), and(term('b'), term('c')), term('d')));
    expect(parseQuery('NOT a b')).toEqual(and(not(term('a')), term('b')));
    expect(parseQuery('NOT a OR b')).toEqual(or(not(term('a')), term('b')));
    expect(parseQuery('a AND NOT b OR c')).toEqual(or(and(term('a'), not(term('b'))), term('c')));
    expect(parseQuery('NOT NOT a')).toEqual(not(not(term('a'))));
  });

  it('reads -clause as NOT at the start of a clause only', () => {
    expect(parseQuery('rates -draft')).toEqual(and(term('rates'), not(term('draft'))));
    expect(parseQuery('-"draft order" -(a OR b) -agency:FERC')).toEqual(
      and(
        not({ kind: 'phrase', value: 'draft order' }),
        not(or(term('a'), term('b'))),
        not({ kind: 'field', field: 'agency', value: 'FERC' }),
      ),
    );
    expect(parseQuery('(-a)')).toEqual(not(term('a')));
    expect(parseQuery('rate-case')).toEqual(term('rate-case'));
  });

  it('groups with parentheses and flattens groups of the same operator', () => {
    expect(parseQuery('(a OR b) c')).toEqual(and(or(term('a'), term('b')), term('c')));
    expect(parseQuery('a (b c) ((d))')).toEqual(and(term('a'), term('b'), term('c'), term('d')));
    expect(parseQuery('a OR (b OR (c OR d))')).toEqual(or(term('a'), term('b'), term('c'), term('d')));
    expect(parseQuery('NOT (a b)')).toEqual(not(and(term('a'), term('b'))));
  });

  it('reads keywords in uppercase only, so lowercase and/or/not are words', () => {
    expect(parseQuery('terms and conditions')).toEqual(and(term('terms'), term('and'), term('conditions')));
    expect(parseQuery('a or b')).toEqual(and(term('a'), term('or'), term('b')));
    expect(parseQuery('"AND" OR "NOT"')).toEqual(
      or({ kind: 'phrase', value: 'AND' }, { kind: 'phrase', value: 'NOT' }),
    );
  });

  it('combines everything in one realistic query', () => {
    expect(
      parseQuery(
        'agency:FERC (docket:ER24-1234-000 OR party:"Pacific Gas") "rate increase" -withdraw* filed:[2024-01-01 TO *]',
      ),
    ).toEqual(
      and(
        { kind: 'field', field: 'agency', value: 'FERC' },
        or(
          { kind: 'field', field: 'docket', value: 'ER24-1234-000' },
          { kind: 'field', field: 'party', value: 'Pacific Gas' },
        ),
        { kind: 'phrase', value: 'rate increase' },
        not({ kind: 'prefix', value: 'withdraw' }),
        { kind: 'range', field: 'filed', from: '2024-01-01', to: null },
      ),
    );
  });
});
