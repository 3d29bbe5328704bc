import type { ColumnDef } from '../../../src/domain/data-products/product-schema';
import {
  coverageCandidates,
  isCoverageColumn,
  MAX_COVERAGE_VALUES,
  nextExpectedRelease,
  seriesMeasureOf,
} from '../../../src/domain/data-products/product-summary';

const column = (name: string, type: ColumnDef['type']): ColumnDef => ({ name, type, description: '' });

describe('nextExpectedRelease', () => {
  it('is a cadence step after the last as-of day', () => {
    expect(nextExpectedRelease('monthly', '2025-05-31')).toBe('2025-06-30');
    expect(nextExpectedRelease('monthly', '2025-06-15')).toBe('2025-07-15');
    expect(nextExpectedRelease('Monthly', '2025-12-10')).toBe('2026-01-10');
    expect(nextExpectedRelease('weekly', '2025-12-29')).toBe('2026-01-05');
    expect(nextExpectedRelease('daily', '2024-02-28')).toBe('2024-02-29');
    expect(nextExpectedRelease('quarterly', '2025-11-30')).toBe('2026-02-28');
    expect(nextExpectedRelease('annual', '2024-02-29')).toBe('2025-02-28');
  });

  it('keeps the last day of a short month for a month-end release', () => {
    expect(nextExpectedRelease('monthly', '2025-01-31')).toBe('2025-02-28');
    expect(nextExpectedRelease('monthly', '2024-01-31')).toBe('2024-02-29');
  });

  it('is null for an irregular cadence or an unreadable day', () => {
    expect(nextExpectedRelease('ad hoc', '2025-05-31')).toBeNull();
    expect(nextExpectedRelease('continuous', '2025-05-31')).toBeNull();
    expect(nextExpectedRelease('monthly', '')).toBeNull();
    expect(nextExpectedRelease('monthly', '31/05/2025')).toBeNull();
  });
});

describe('coverage columns', () => {
  const columns = [
    column('tariff_id', 'text'),
    column('utility', 'text'),
    column('state', 'text'),
    column('service_class', 'text'),
    column('filing_agency', 'text'),
    column('description', 'text'),
    column('rate', 'money'),
    column('status', 'status'),
    column('approved', 'boolean'),
    column('effective_date', 'date'),
  ];

  it('are status and boolean columns and text columns named like a grouping, never the key', () => {
    expect(coverageCandidates(columns, ['tariff_id']).map((c) => c.name)).toEqual([
      'utility',
      'state',
      'service_class',
      'filing_agency',
      'status',
      'approved',
    ]);
    expect(coverageCandidates(columns, ['state']).map((c) => c.name)).not.toContain('state');
  });

  it('keep a text column only when the data shows few distinct values', () => {
    const state = column('state', 'text');
    expect(isCoverageColumn(state, 3)).toBe(true);
    expect(isCoverageColumn(state, MAX_COVERAGE_VALUES)).toBe(true);
    expect(isCoverageColumn(state, MAX_COVERAGE_VALUES + 1)).toBe(false);
    expect(isCoverageColumn(state, 0)).toBe(false);
    expect(isCoverageColumn(column('status', 'status'), 500)).toBe(true);
  });

  it('chart the sum of money and the median of percents and of prices per unit, per release', () => {
    expect(seriesMeasureOf(column('rate', 'money'))).toBe('sum');
    expect(seriesMeasureOf(column('rate', 'money'), [column('rate', 'money'), column('rate_unit', 'text')])).toBe(
      'median',
    );
    expect(seriesMeasureOf(column('increase', 'percent'))).toBe('median');
    expect(seriesMeasureOf(column('count', 'integer'))).toBeUndefined();
  });
});
