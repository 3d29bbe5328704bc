import type { FieldIssue } from '@docket/errors';

/**
 * A workspace's default filters (the same fields as the SearchFilters message): lists are ORed
 * inside, fields are ANDed together; an empty list or date is no restriction.
 */
export interface WorkspaceFilters {
  /** Source ids (or agency names). */
  agencies: string[];
  /** Normalised categories (Decision, Order, …) or native filing types. */
  filingTypes: string[];
  dockets: string[];
  parties: string[];
  /** Inclusive UTC dates, YYYY-MM-DD; empty is an open end. */
  filedFrom: string;
  filedTo: string;
}

export const MAX_FILTER_VALUES = 50;
export const MAX_FILTER_VALUE_LENGTH = 200;

const LIST_FIELDS = [
  ['agencies', 'agencies'],
  ['filingTypes', 'filing_types'],
  ['dockets', 'dockets'],
  ['parties', 'parties'],
] as const;

export function emptyFilters(): WorkspaceFilters {
  return { agencies: [], filingTypes: [], dockets: [], parties: [], filedFrom: '', filedTo: '' };
}

export function hasAnyFilter(filters: WorkspaceFilters): boolean {
  return LIST_FIELDS.some(([field]) => filters[field].length > 0) || filters.filedFrom !== '' || filters.filedTo !== '';
}

/**
 * Trims values, drops empty ones and case-insensitive repeats (a form may send a blank row or the
 * same docket twice), and reports what cannot be stored: too many or too long values, a date that
 * is not a real YYYY-MM-DD day, or a range that ends before it starts. `prefix` names the field
 * in the issues' paths (proto field names, e.g. `default_filters.filed_to`).
 */
export function normaliseFilters(input: Partial<WorkspaceFilters> | undefined, prefix: string): { filters: WorkspaceFilters; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const filters = emptyFilters();
  for (const [field, wireName] of LIST_FIELDS) {
    const seen = new Set<string>();
    (input?.[field] ?? []).forEach((raw, index) => {
      const value = String(raw).trim().replace(/\s+/g, ' ');
      if (value === '') return;
      if (value.length > MAX_FILTER_VALUE_LENGTH) {
        issues.push({ path: `${prefix}.${wireName}[${index}]`, message: `must be at most ${MAX_FILTER_VALUE_LENGTH} characters` });
        return;
      }
      const key = value.toLowerCase();
      if (seen.has(key)) return;
      seen.add(key);
      filters[field].push(value);
    });
    if (filters[field].length > MAX_FILTER_VALUES) {
      issues.push({ path: `${prefix}.${wireName}`, message: `must have at most ${MAX_FILTER_VALUES} values` });
    }
  }
  filters.filedFrom = (input?.filedFrom ?? '').trim();
  filters.filedTo = (input?.filedTo ?? '').trim();
  const fromOk = checkDate(filters.filedFrom, `${prefix}.filed_from`, issues);
  const toOk = checkDate(filters.filedTo, `${prefix}.filed_to`, issues);
  if (fromOk && toOk && filters.filedFrom && filters.filedTo && filters.filedTo < filters.filedFrom) {
    issues.push({ path: `${prefix}.filed_to`, message: 'must not be before filed_from' });
  }
  return { filters, issues };
}

function checkDate(value: string, path: string, issues: FieldIssue[]): boolean {
  if (value === '') return true;
  if (!isCalendarDate(value)) {
    issues.push({ path, message: 'must be a date written YYYY-MM-DD' });
    return false;
  }
  return true;
}

/** A real day of the Gregorian calendar written YYYY-MM-DD (2024-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
