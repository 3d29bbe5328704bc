import type { CountBucket, Figures, ResultSetDocument } from './figures-model';

export interface CountLimits {
  /** The busiest parties and dockets shown (agencies and filing types are few and all shown). */
  maxParties: number;
  maxDockets: number;
}

export const DEFAULT_COUNT_LIMITS: CountLimits = { maxParties: 15, maxDockets: 15 };

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Past this many months (50 years) the month series is cut to its latest months, so one odd date cannot blow it up. */
const MAX_MONTHS = 600;
export const UNCLASSIFIED = 'Unclassified';

/** Most first; ties by label, then key: the same result set always gives the same order. */
function byCount(a: CountBucket, b: CountBucket): number {
  return b.count - a.count || a.label.localeCompare(b.label, 'en') || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

class Counter {
  private readonly counts = new Map<string, number>();
  /** Each key's spellings and how often each was seen: the label is the most frequent one. */
  private readonly spellings = new Map<string, Map<string, number>>();

  add(key: string, label: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    const forms = this.spellings.get(key) ?? new Map<string, number>();
    forms.set(label, (forms.get(label) ?? 0) + 1);
    this.spellings.set(key, forms);
  }

  buckets(limit = Infinity): CountBucket[] {
    return [...this.counts]
      .map(([key, count]) => ({ key, label: this.labelOf(key), count }))
      .sort(byCount)
      .slice(0, limit);
  }

  private labelOf(key: string): string {
    const forms = [...(this.spellings.get(key) ?? new Map<string, number>())];
    forms.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'en'));
    return forms[0]?.[0] ?? key;
  }
}

function monthKeyOf(filedAt: Date | string | undefined): string | undefined {
  if (filedAt === undefined || filedAt === '') return undefined;
  const date = filedAt instanceof Date ? filedAt : new Date(filedAt);
  const time = date.getTime();
  if (Number.isNaN(time)) return undefined;
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function monthLabel(key: string): string {
  const [year, month] = key.split('-');
  return `${MONTH_NAMES[Number(month) - 1] ?? month} ${year}`;
}

/** Every month from `first` to `last` (YYYY-MM), in order. */
function monthRange(first: string, last: string): string[] {
  const months: string[] = [];
  let year = Number(first.slice(0, 4));
  let month = Number(first.slice(5, 7));
  const endYear = Number(last.slice(0, 4));
  const endMonth = Number(last.slice(5, 7));
  while (year < endYear || (year === endYear && month <= endMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
  }
  return months.slice(-MAX_MONTHS);
}

/**
 * Filings per month, in calendar order with empty months as 0 (a chart's time axis);
 * undated documents are left out.
 */
export function filingsByMonth(documents: readonly ResultSetDocument[]): CountBucket[] {
  const counts = new Map<string, number>();
  for (const document of documents) {
    const key = monthKeyOf(document.filedAt);
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  if (counts.size === 0) return [];
  const keys = [...counts.keys()].sort();
  return monthRange(keys[0] as string, keys.at(-1) as string).map((key) => ({
    key,
    label: monthLabel(key),
    count: counts.get(key) ?? 0,
  }));
}

/**
 * A comparison key for a name: case, punctuation and "&" against "and" ignored
 * ("Pacific Gas & Electric" = "pacific gas and electric").
 */
export function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The result set counted by month, agency (labelled with the source's name), filing type (the
 * category), party (each document counts once per party) and docket. Sorted by count, then label.
 */
export function countResultSet(
  documents: readonly ResultSetDocument[],
  limits: CountLimits = DEFAULT_COUNT_LIMITS,
): Omit<Figures, 'numbers'> {
  const agencies = new Counter();
  const types = new Counter();
  const parties = new Counter();
  const dockets = new Counter();
  for (const document of documents) {
    agencies.add(document.sourceId, document.sourceName?.trim() || document.sourceId);
    const category = document.filingCategory?.trim() || UNCLASSIFIED;
    types.add(category.toLowerCase(), category);
    const docket = document.docketNumber?.trim();
    if (docket) dockets.add(docket.toUpperCase(), docket);
    const own = new Set<string>();
    for (const party of document.parties ?? []) {
      const key = nameKey(party);
      if (!key || own.has(key)) continue;
      own.add(key);
      parties.add(key, party.trim());
    }
  }
  return {
    resultCount: documents.length,
    filingsByMonth: filingsByMonth(documents),
    byAgency: agencies.buckets(),
    byFilingType: types.buckets(),
    byParty: parties.buckets(limits.maxParties),
    byDocket: dockets.buckets(limits.maxDockets),
  };
}
