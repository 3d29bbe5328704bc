import type { ColumnDef } from './product-schema';

/** The summary charts a product over at most this many of its latest releases. */
export const SUMMARY_RELEASES = 24;
/** A column with more distinct values than this is not a grouping (a name, an id, a free text). */
export const MAX_COVERAGE_VALUES = 60;

/** Text columns whose names say they group rows (the state a tariff is in, the agency that filed it). */
const GROUPING_WORDS = [
  'state',
  'agency',
  'source',
  'utility',
  'court',
  'jurisdiction',
  'region',
  'country',
  'sector',
  'category',
  'class',
  'kind',
  'type',
  'commission',
  'company',
];
const pluralOf = (word: string): string =>
  word.endsWith('y') ? `${word.slice(0, -1)}ies` : word.endsWith('s') ? `${word}es` : `${word}s`;
const GROUPING_NAME = new RegExp(
  `(^|_)(${GROUPING_WORDS.flatMap((word) => [word, pluralOf(word)]).join('|')})(_|$)`,
  'u',
);

/** Which measure a numeric column gets per release: amounts add up, rates do not. */
export type SeriesMeasure = 'sum' | 'median';

/**
 * The columns whose counts of rows by value the summary shows, before the data is looked at: every
 * status column, and text columns named like a grouping. Key columns identify rows, so never group.
 */
export function coverageCandidates(columns: ColumnDef[], key: string[]): ColumnDef[] {
  return columns.filter(
    (column) =>
      !key.includes(column.name) &&
      (column.type === 'status' ||
        column.type === 'boolean' ||
        (column.type === 'text' && isGroupingName(column.name))),
  );
}

export function isGroupingName(name: string): boolean {
  return GROUPING_NAME.test(name.toLowerCase());
}

/**
 * Whether a candidate stays a coverage column once its distinct values are counted: a status column
 * always (its values are a vocabulary), a text column only when its values are few.
 */
export function isCoverageColumn(column: ColumnDef, distinctValues: number): boolean {
  if (column.type === 'status' || column.type === 'boolean') return true;
  return distinctValues > 0 && distinctValues <= MAX_COVERAGE_VALUES;
}

/**
 * The per-release measure of a numeric column, or undefined for columns the summary does not chart:
 * amounts add up; a price per unit (a money column beside its `<name>_unit` column: a tariff's rate
 * per kWh) and a percent do not, so they get their median.
 */
export function seriesMeasureOf(column: ColumnDef, columns: readonly ColumnDef[] = []): SeriesMeasure | undefined {
  if (column.type === 'money') return columns.some((other) => other.name === `${column.name}_unit`) ? 'median' : 'sum';
  if (column.type === 'percent') return 'median';
  return undefined;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/u;
const STEPS: Record<string, { months: number } | { days: number }> = {
  daily: { days: 1 },
  weekly: { days: 7 },
  biweekly: { days: 14 },
  monthly: { months: 1 },
  quarterly: { months: 3 },
  semiannual: { months: 6 },
  annual: { months: 12 },
  yearly: { months: 12 },
};

/**
 * When the next release is due: one cadence step after the last release's as-of day (YYYY-MM-DD).
 * A month after 31 January is the last day of February, as a calendar reader expects. Null when the
 * cadence is not a regular one (ad hoc, continuous) or the day cannot be read.
 */
export function nextExpectedRelease(cadence: string, lastAsOf: string): string | null {
  const step = STEPS[cadence.trim().toLowerCase()];
  const match = ISO_DAY.exec(lastAsOf);
  if (!step || !match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if ('days' in step) {
    const date = new Date(Date.UTC(year, month - 1, day + step.days));
    return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
  }
  const target = new Date(Date.UTC(year, month - 1 + step.months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}
