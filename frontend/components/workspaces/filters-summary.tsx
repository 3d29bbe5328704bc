import { filterRows } from './workspace-format';
import type { WorkspaceFilters } from './workspace-types';
import styles from './workspaces.module.css';

/** The default filters as labelled rows of chips; says so plainly when there are none. */
export function FiltersSummary({
  filters,
  sourceNames,
  compact = false,
}: {
  filters: WorkspaceFilters;
  sourceNames?: Record<string, string>;
  compact?: boolean;
}) {
  const rows = filterRows(filters, sourceNames);
  if (rows.length === 0) {
    return (
      <p className="muted" data-testid="filters-none">
        No default filters: searches cover every filing.
      </p>
    );
  }
  return (
    <dl className={compact ? styles.filtersCompact : styles.filters} data-testid="filters-summary">
      {rows.map((row) => (
        <div key={row.label} className={styles.filterRow} data-testid="filter-row" data-label={row.label}>
          <dt>{row.label}</dt>
          <dd>
            {row.values.map((value) => (
              <span key={value} className={styles.chip}>
                {value}
              </span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
