import { collectFilters, normalizeQuery, parseQuery, type QueryNode } from '../../src';

const term = (value: string): QueryNode => ({ kind: 'term', value });
const empty: QueryNode = { kind: 'and', children: [] };

describe('normalizeQuery', () => {
  it('flattens nested groups of the same kind and keeps groups of the other kind', () => {
    const tree: QueryNode = {
      kind: 'and',
      children: [
        term('a'),
        { kind: 'and', children: [term('b'), { kind: 'and', children: [term('c')] }] },
        { kind: 'or', children: [term('d'), { kind: 'or', children: [term('e'), term('f')] }] },
      ],
    };
    expect(normalizeQuery(tree)).toEqual({
      kind: 'and',
      children: [term('a'), term('b'), term('c'), { kind: 'or', children: [term('d'), term('e'), term('f')] }],
    });
  });

  it('drops empty groups (and a NOT of one) and unwraps one-child groups', () => {
    expect(normalizeQuery({ kind: 'or', children: [empty, { kind: 'and', children: [term('a')] }] })).toEqual(
      term('a'),
    );
    expect(
      normalizeQuery({ kind: 'and', children: [{ kind: 'not', child: { kind: 'or', children: [] } }, term('a')] }),
    ).toEqual(term('a'));
    expect(normalizeQuery({ kind: 'not', child: { kind: 'and', children: [empty, term('a')] } })).toEqual({
      kind: 'not',
      child: term('a'),
    });
    expect(normalizeQuery({ kind: 'or', children: [empty, { kind: 'and', children: [] }] })).toEqual(empty);
  });

  it('leaves a normalised tree unchanged', () => {
    const tree = parseQuery('a (b OR c) -d filed:2024');
    expect(normalizeQuery(tree)).toEqual(tree);
  });
});

describe('collectFilters', () => {
  it('splits filters ANDed at the top from the free text', () => {
    expect(collectFilters(parseQuery('agency:FERC "rate increase" filed:[2024-01-01 TO *] (tariff OR rates)'))).toEqual(
      {
        filters: [
          { kind: 'field', field: 'agency', value: 'FERC' },
          { kind: 'range', field: 'filed', from: '2024-01-01', to: null },
        ],
        text: {
          kind: 'and',
          children: [
            { kind: 'phrase', value: 'rate increase' },
            { kind: 'or', children: [term('tariff'), term('rates')] },
          ],
        },
      },
    );
  });

  it('returns a lone text clause unwrapped, and null text for a filters-only query', () => {
    expect(collectFilters(parseQuery('docket:ER24-1234-000 tariff'))).toEqual({
      filters: [{ kind: 'field', field: 'docket', value: 'ER24-1234-000' }],
      text: term('tariff'),
    });
    expect(collectFilters(parseQuery('party:"Pacific Gas" filed:2024'))).toEqual({
      filters: [
        { kind: 'field', field: 'party', value: 'Pacific Gas' },
        { kind: 'range', field: 'filed', from: '2024-01-01', to: '2024-12-31' },
      ],
      text: null,
    });
    expect(collectFilters(parseQuery('tariff'))).toEqual({ filters: [], text: term('tariff') });
  });

  it('keeps filters under OR or NOT in the text part, since they do not restrict every match', () => {
    const query = parseQuery('agency:FERC OR agency:CPUC');
    expect(collectFilters(query)).toEqual({ filters: [], text: query });
    const negated = parseQuery('rates -type:Notice');
    expect(collectFilters(negated)).toEqual({ filters: [], text: negated });
  });
});
