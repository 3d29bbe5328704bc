import { filterAndSortSources, parseSourceFilter, topFilingTypes } from '../../lib/catalog-view';
import type { Source } from '../../lib/types';

function source(overrides: Partial<Source> & { id: string; name: string }): Source {
  return {
    shortName: '',
    kind: 'agency',
    jurisdiction: 'federal',
    state: '',
    homeUrl: '',
    docketPattern: '',
    publishesNativeFilingTypes: true,
    industries: [],
    documentCount: 0,
    docketCount: 0,
    firstFiledAt: null,
    lastFiledAt: null,
    filingTypes: [],
    ...overrides,
  };
}

const sources = [
  source({
    id: 'ferc',
    name: 'Federal Energy Regulatory Commission',
    shortName: 'FERC',
    documentCount: 900,
    lastFiledAt: '2024-04-01T00:00:00Z',
  }),
  source({
    id: 'cpuc',
    name: 'California Public Utilities Commission',
    jurisdiction: 'state',
    state: 'CA',
    documentCount: 1200,
    lastFiledAt: '2024-05-01T00:00:00Z',
    industries: ['water'],
  }),
  source({ id: 'dcd', name: 'U.S. District Court for the District of Columbia', kind: 'court', documentCount: 50 }),
];

describe('catalog sources filter and sort', () => {
  it('reads the search params, defaulting to name order and ignoring unknown sorts', () => {
    expect(parseSourceFilter({ q: ' ferc ', kind: ['court', 'agency'], sort: 'latest' })).toEqual({
      q: 'ferc',
      kind: 'court',
      sort: 'latest',
    });
    expect(parseSourceFilter({ sort: 'drop table' })).toEqual({ q: '', kind: '', sort: 'name' });
  });

  it('matches text in the name, short name, jurisdiction, state and industries, and filters by kind', () => {
    const ids = (filter: Parameters<typeof filterAndSortSources>[1]) =>
      filterAndSortSources(sources, filter).map((s) => s.id);
    expect(ids({ q: 'ferc', kind: '', sort: 'name' })).toEqual(['ferc']);
    expect(ids({ q: 'WATER', kind: '', sort: 'name' })).toEqual(['cpuc']);
    expect(ids({ q: 'commission', kind: 'agency', sort: 'name' })).toEqual(['cpuc', 'ferc']);
    expect(ids({ q: '', kind: 'court', sort: 'name' })).toEqual(['dcd']);
  });

  it('sorts by documents (most first) and by latest filing (never-filed last)', () => {
    expect(filterAndSortSources(sources, { q: '', kind: '', sort: 'documents' }).map((s) => s.id)).toEqual([
      'cpuc',
      'ferc',
      'dcd',
    ]);
    expect(filterAndSortSources(sources, { q: '', kind: '', sort: 'latest' }).map((s) => s.id)).toEqual([
      'cpuc',
      'ferc',
      'dcd',
    ]);
  });

  it('lists the most frequent filing types first', () => {
    const s = source({
      id: 'x',
      name: 'X',
      filingTypes: [
        { native: 'Notice', category: 'Notice', count: 2 },
        { native: 'Order', category: 'Order', count: 9 },
        { native: 'Comment', category: 'Comment', count: 5 },
        { native: 'Brief', category: 'Brief', count: 1 },
      ],
    });
    expect(topFilingTypes(s).map((t) => t.native)).toEqual(['Order', 'Comment', 'Notice']);
  });
});
