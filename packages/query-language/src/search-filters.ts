import { InputError, type FieldIssue } from '@docket/errors';
import type { QueryNode, ValueField } from './query-ast';
import { nameKey, normalizeDocketNumber } from './text-normalize';

/**
 * Structured filters (the search page's filter panel, a workspace's defaults, an alert's filters; the
 * SearchFilters and AlertFilters messages). Values inside one list are ORed, the lists and the date
 * range are ANDed; an empty list or date is no restriction. They mean exactly what the query
 * language's field filters mean.
 */
export interface SearchFilters {
  /** Source ids or agency names (`agency:`). */
  agencies: string[];
  /** Categories (Decision, Order, ...) or native filing types (`type:`). */
  filingTypes: string[];
  /** Docket numbers in any spelling (`docket:`). */
  dockets: string[];
  /** Party names: the words appear consecutively in one party's name (`party:`). */
  parties: string[];
  /** Inclusive UTC dates, YYYY-MM-DD; empty is an open end (`filed:[from TO to]`). */
  filedFrom: string;
  filedTo: string;
}

export const MAX_FILTER_VALUES = 50;
export const MAX_FILTER_VALUE_LENGTH = 200;

type ListField = 'agencies' | 'filingTypes' | 'dockets' | 'parties';

const LISTS: { field: ListField; wire: string; queryField: ValueField; key: (value: string) => string }[] = [
  { field: 'agencies', wire: 'agencies', queryField: 'agency', key: nameKey },
  { field: 'filingTypes', wire: 'filing_types', queryField: 'type', key: nameKey },
  { field: 'dockets', wire: 'dockets', queryField: 'docket', key: normalizeDocketNumber },
  { field: 'parties', wire: 'parties', queryField: 'party', key: nameKey },
];

export function emptySearchFilters(): SearchFilters {
  return { agencies: [], filingTypes: [], dockets: [], parties: [], filedFrom: '', filedTo: '' };
}

export function hasSearchFilters(filters: SearchFilters): boolean {
  return LISTS.some(({ field }) => filters[field].length > 0) || filters.filedFrom !== '' || filters.filedTo !== '';
}

/**
 * Cleans filters as they come off the wire and lists what is wrong with them: blank values and
 * repeats (by the same key matching uses) are dropped; a value with no letter or digit, too many or
 * too long values, a date that is not a real YYYY-MM-DD day, or a range ending before it starts
 * are issues. `prefix` names the field in the issues' paths (`filters.filed_from`).
 */
export function checkSearchFilters(
  input: Partial<SearchFilters> | undefined,
  prefix = 'filters',
): { filters: SearchFilters; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const filters = emptySearchFilters();
  for (const { field, wire, key } of LISTS) {
    const seen = new Set<string>();
    (input?.[field] ?? []).forEach((raw, index) => {
      const value = String(raw).trim().replace(/\s+/gu, ' ');
      if (value === '') return;
      const path = `${prefix}.${wire}[${index}]`;
      if (value.length > MAX_FILTER_VALUE_LENGTH) {
        issues.push({ path, message: `must be at most ${MAX_FILTER_VALUE_LENGTH} characters` });
        return;
      }
      const valueKey = key(value);
      if (valueKey === '') {
        issues.push({ path, message: `must contain a letter or digit, got ${JSON.stringify(value)}` });
        return;
      }
      if (seen.has(valueKey)) return;
      seen.add(valueKey);
      filters[field].push(value);
    });
    if (filters[field].length > MAX_FILTER_VALUES)
      issues.push({ path: `${prefix}.${wire}`, message: `must have at most ${MAX_FILTER_VALUES} values` });
  }
  filters.filedFrom = (input?.filedFrom ?? '').trim();
  filters.filedTo = (input?.filedTo ?? '').trim();
  const fromOk = checkDate(filters.filedFrom, `${prefix}.filed_from`, issues);
  const toOk = checkDate(filters.filedTo, `${prefix}.filed_to`, issues);
  if (fromOk && toOk && filters.filedFrom && filters.filedTo && filters.filedTo < filters.filedFrom) {
    issues.push({ path: `${prefix}.filed_to`, message: `must not be before filed_from (${filters.filedFrom})` });
  }
  return { filters, issues };
}

/** checkSearchFilters that throws an InputError naming every problem. */
export function validateSearchFilters(input: Partial<SearchFilters> | undefined, prefix = 'filters'): SearchFilters {
  const { filters, issues } = checkSearchFilters(input, prefix);
  if (issues.length > 0) {
    throw new InputError(
      `invalid search filters: ${issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}`,
      issues,
    );
  }
  return filters;
}

/**
 * The filters as a query tree: each list an OR of field filters, ANDed with the others and the
 * date range. No filters gives an empty AND, which matches everything.
 */
export function filtersToQuery(filters: SearchFilters): QueryNode {
  const children: QueryNode[] = [];
  for (const { field, queryField } of LISTS) {
    const values = filters[field];
    if (values.length === 0) continue;
    const nodes: QueryNode[] = values.map((value) => ({ kind: 'field', field: queryField, value }));
    children.push(nodes.length === 1 ? (nodes[0] as QueryNode) : { kind: 'or', children: nodes });
  }
  if (filters.filedFrom || filters.filedTo) {
    children.push({ kind: 'range', field: 'filed', from: filters.filedFrom || null, to: filters.filedTo || null });
  }
  return { kind: 'and', children };
}

/** The user's query restricted by any number of filter sets (the request's, a workspace's defaults). */
export function restrictQuery(query: QueryNode, ...filters: SearchFilters[]): QueryNode {
  return { kind: 'and', children: [query, ...filters.map(filtersToQuery)] };
}

function checkDate(value: string, path: string, issues: FieldIssue[]): boolean {
  if (value === '') return true;
  if (!isCalendarDate(value)) {
    issues.push({ path, message: `must be a date written YYYY-MM-DD, got ${JSON.stringify(value)}` });
    return false;
  }
  return true;
}

/** A real day of the Gregorian calendar written YYYY-MM-DD (2024-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC, which reads years 0-99 as 1900-1999
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
