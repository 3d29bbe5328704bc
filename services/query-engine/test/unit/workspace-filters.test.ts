import { MAX_FILTER_VALUES, hasAnyFilter, isCalendarDate, normaliseFilters, emptyFilters } from '../../src/domain/workspace-filters';

describe('workspace filters', () => {
  it('trims values, drops blanks and case-insensitive repeats, keeping the first spelling', () => {
    const { filters, issues } = normaliseFilters(
      { agencies: [' ferc ', '', 'FERC', 'puc-ca'], dockets: ['ER24-1 ', 'er24-1'], parties: ['Pacific  Gas and Electric'] },
      'default_filters',
    );
    expect(issues).toEqual([]);
    expect(filters).toEqual({ ...emptyFilters(), agencies: ['ferc', 'puc-ca'], dockets: ['ER24-1'], parties: ['Pacific Gas and Electric'] });
  });

  it('names the value that is too long by its position, and the list that is too long', () => {
    const { issues } = normaliseFilters(
      { parties: ['ok', 'p'.repeat(201)], filingTypes: Array.from({ length: MAX_FILTER_VALUES + 1 }, (_, i) => `type ${i}`) },
      'default_filters',
    );
    expect(issues).toEqual([
      { path: 'default_filters.filing_types', message: 'must have at most 50 values' },
      { path: 'default_filters.parties[1]', message: 'must be at most 200 characters' },
    ]);
  });

  it('accepts open-ended and closed date ranges of real days', () => {
    expect(normaliseFilters({ filedFrom: '2024-02-29' }, 'f').issues).toEqual([]);
    expect(normaliseFilters({ filedTo: '2024-12-31' }, 'f').issues).toEqual([]);
    expect(normaliseFilters({ filedFrom: '2024-01-01', filedTo: '2024-01-01' }, 'f').issues).toEqual([]);
  });

  it('refuses dates that are not real days or not YYYY-MM-DD, and a range that ends before it starts', () => {
    expect(normaliseFilters({ filedFrom: '2023-02-29', filedTo: '01/02/2024' }, 'f').issues).toEqual([
      { path: 'f.filed_from', message: 'must be a date written YYYY-MM-DD' },
      { path: 'f.filed_to', message: 'must be a date written YYYY-MM-DD' },
    ]);
    expect(normaliseFilters({ filedFrom: '2024-06-30', filedTo: '2024-01-01' }, 'f').issues).toEqual([
      { path: 'f.filed_to', message: 'must not be before filed_from' },
    ]);
  });

  it('knows calendar days', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2100-02-29')).toBe(false);
    expect(isCalendarDate('2024-04-31')).toBe(false);
    expect(isCalendarDate('2024-4-3')).toBe(false);
  });

  it('tells whether any filter is set', () => {
    expect(hasAnyFilter(emptyFilters())).toBe(false);
    expect(hasAnyFilter({ ...emptyFilters(), filedTo: '2024-01-01' })).toBe(true);
    expect(hasAnyFilter({ ...emptyFilters(), parties: ['Acme'] })).toBe(true);
  });
});
