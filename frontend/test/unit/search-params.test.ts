import {
  apiParams,
  emptyFilters,
  errorColumn,
  pageHref,
  parseSearchState,
  recordBody,
  shouldSearch,
  withEntry,
  withoutValue,
  withValue,
  withYear,
} from '../../components/search/search-params';

const defaults = { ...emptyFilters(), agencies: ['ferc'], from: '2024-01-01' };

describe('the workspace search URL', () => {
  it('starts from the workspace defaults until the filters are the user’s own', () => {
    const fresh = parseSearchState({ q: ' rates ' }, defaults);
    expect(fresh).toEqual({ q: 'rates', filters: { ...defaults }, sort: 'relevance', own: false });
    fresh.filters.agencies.push('mutated');
    expect(defaults.agencies).toEqual(['ferc']);

    const own = parseSearchState({ q: 'rates', f: '1' }, defaults);
    expect(own.filters).toEqual(emptyFilters());
    expect(own.own).toBe(true);
  });

  it('reads repeated filters, drops blanks and case-insensitive repeats, and falls back to relevance', () => {
    const state = parseSearchState(
      {
        agency: ['ferc', ' ', 'FERC', 'cpuc'],
        type: 'Order',
        docket: ['ER24-1-000'],
        party: 'Acme',
        from: '2024-01-01',
        to: '2024-06-30',
        sort: 'sideways',
      },
      defaults,
    );
    expect(state.filters).toEqual({
      agencies: ['ferc', 'cpuc'],
      filingTypes: ['Order'],
      dockets: ['ER24-1-000'],
      parties: ['Acme'],
      from: '2024-01-01',
      to: '2024-06-30',
    });
    expect(state.sort).toBe('relevance');
    expect(state.own).toBe(true);
  });

  it('searches only once something was asked', () => {
    expect(shouldSearch({})).toBe(false);
    expect(shouldSearch({ q: '  ' })).toBe(false);
    expect(shouldSearch({ q: 'x' })).toBe(true);
    expect(shouldSearch({ f: '1' })).toBe(true);
    expect(shouldSearch({ docket: 'ER24-1-000' })).toBe(true);
  });

  it('round-trips through the page URL', () => {
    const state = {
      q: 'rate "case"',
      filters: { ...emptyFilters(), agencies: ['ferc', 'cpuc'], parties: ['Acme & Co'], to: '2024-06-30' },
      sort: 'newest' as const,
    };
    const href = pageHref('ws 1', state);
    expect(href).toBe(
      '/workspaces/ws%201/search?q=rate+%22case%22&agency=ferc&agency=cpuc' +
        '&party=Acme+%26+Co&to=2024-06-30&sort=newest&f=1',
    );
    const params = Object.fromEntries(
      [...new URLSearchParams(href.split('?')[1]).keys()].map((k) => [
        k,
        new URLSearchParams(href.split('?')[1]).getAll(k),
      ]),
    );
    expect(parseSearchState(params, defaults)).toEqual({ ...state, own: true });
  });

  it('is /search outside a workspace, asked of the BFF without one', () => {
    const state = { q: 'rate', filters: { ...emptyFilters(), agencies: ['ferc'] }, sort: 'relevance' as const };
    expect(pageHref('', state)).toBe('/search?q=rate&agency=ferc&f=1');
    expect(apiParams('', state, { facets: 'true' }).toString()).toBe('q=rate&agency=ferc&sort=relevance&facets=true');
  });

  it('writes the log entry a recorded search became into its address, keeping the rest', () => {
    expect(withEntry('/workspaces/w1/search?q=rate&f=1', 'r-1')).toBe('/workspaces/w1/search?q=rate&f=1&entry=r-1');
    expect(withEntry('/workspaces/w1/search?q=rate&entry=old', 'r-2')).toBe('/workspaces/w1/search?q=rate&entry=r-2');
  });

  it('records a search with its facets, so its log entry keeps them', () => {
    expect(recordBody('w1', { q: 'rate', filters: emptyFilters(), sort: 'relevance' }, 20)).toMatchObject({
      workspace: 'w1',
      q: 'rate',
      facets: true,
      limit: 20,
    });
  });

  it('asks the BFF inside the workspace with the filters and sort', () => {
    const params = apiParams(
      'ws-1',
      { q: '', filters: { ...emptyFilters(), dockets: ['ER24-1-000'] }, sort: 'relevance' },
      { facets: 'true' },
    );
    expect(params.toString()).toBe('workspace=ws-1&docket=ER24-1-000&sort=relevance&facets=true');
  });

  it('adds and removes filter values and turns a year into a date range', () => {
    const f = withValue(emptyFilters(), 'parties', 'Acme');
    expect(withValue(f, 'parties', 'ACME')).toBe(f);
    expect(withoutValue(f, 'parties', 'Acme').parties).toEqual([]);
    expect(withYear(f, '2023')).toMatchObject({ from: '2023-01-01', to: '2023-12-31', parties: ['Acme'] });
  });

  it('finds the column a query-language error names', () => {
    expect(errorColumn('expected a term at column 7 (found ")")')).toBe(7);
    expect(errorColumn('unterminated phrase starting at column 12')).toBe(12);
    expect(errorColumn('is required unless filters are given')).toBeNull();
  });
});
