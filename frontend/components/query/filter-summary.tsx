import { formatDate } from '@/lib/format';
import type { Filters } from '@/lib/query-types';
import styles from './query.module.css';

export function hasFilters(f: Filters): boolean {
  return (
    f.agencies.length + f.filingTypes.length + f.dockets.length + f.parties.length > 0 ||
    Boolean(f.filedFrom || f.filedTo)
  );
}

/** An agency filter's value as people read it: its name when the catalog knows the id. */
export function agencyName(value: string, agencyNames: Record<string, string> | undefined): string {
  return agencyNames?.[value] ?? value;
}

/** The filters in a few words, for a line under a log entry: "Agency FERC, CPUC · Filed from Jan 1, 2021". */
export function filtersInWords(f: Filters, agencyNames?: Record<string, string>): string {
  const parts: string[] = [];
  if (f.agencies.length) parts.push(`Agency ${f.agencies.map((a) => agencyName(a, agencyNames)).join(', ')}`);
  if (f.filingTypes.length) parts.push(`Type ${f.filingTypes.join(', ')}`);
  if (f.dockets.length) parts.push(`Docket ${f.dockets.join(', ')}`);
  if (f.parties.length) parts.push(`Party ${f.parties.join(', ')}`);
  const day = (d: string) => formatDate(`${d}T00:00:00Z`);
  if (f.filedFrom && f.filedTo) parts.push(`Filed ${day(f.filedFrom)} – ${day(f.filedTo)}`);
  else if (f.filedFrom) parts.push(`Filed from ${day(f.filedFrom)}`);
  else if (f.filedTo) parts.push(`Filed until ${day(f.filedTo)}`);
  return parts.join(' · ');
}

/** The filters a request ran with, read-only, as small labelled chips. */
export function FilterSummary({
  filters,
  label = 'Filters',
  agencyNames,
}: {
  filters: Filters;
  label?: string;
  agencyNames?: Record<string, string> | undefined;
}) {
  if (!hasFilters(filters)) return null;
  const chips: { field: string; value: string }[] = [
    ...filters.agencies.map((value) => ({ field: 'Agency', value: agencyName(value, agencyNames) })),
    ...filters.filingTypes.map((value) => ({ field: 'Type', value })),
    ...filters.dockets.map((value) => ({ field: 'Docket', value })),
    ...filters.parties.map((value) => ({ field: 'Party', value })),
  ];
  if (filters.filedFrom || filters.filedTo) {
    const from = filters.filedFrom ? formatDate(`${filters.filedFrom}T00:00:00Z`) : 'any date';
    const to = filters.filedTo ? formatDate(`${filters.filedTo}T00:00:00Z`) : 'today';
    chips.push({ field: 'Filed', value: `${from} – ${to}` });
  }
  return (
    <div className={styles.filterSummary} data-testid="filter-summary">
      <span className="subtle">{label}:</span>
      {chips.map((c, i) => (
        <span key={i} className={styles.readChip}>
          <span className={styles.chipField}>{c.field}</span> {c.value}
        </span>
      ))}
    </div>
  );
}
