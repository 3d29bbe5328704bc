import Link from 'next/link';
import type { InputHTMLAttributes } from 'react';
import styles from '@/components/query/query.module.css';
import { FieldError } from '@/components/ui/form-error';
import type { AdminQueryFilters } from '@/lib/bff.server';

type Props = { filters: AdminQueryFilters; issues: Record<string, string>; filtered: boolean };

/**
 * The query log's filters as a GET form: the page reads them back from its address. Its inputs are
 * uncontrolled: key it by the filters, or they keep stale values across soft navigations.
 */
export function QueryLogFilters({ filters, issues, filtered }: Props) {
  return (
    <form
      className={`card card-body ${styles.filtersCard}`}
      method="get"
      action="/admin/queries/log"
      aria-label="Filter the query log"
    >
      <div className={styles.filtersForm}>
        <FilterInput
          id="f-user"
          label="User (e-mail)"
          name="user"
          type="email"
          defaultValue={filters.user}
          placeholder="name@example.com"
          issue={issues.user}
          data-testid="filter-user"
        />
        <FilterInput
          id="f-workspace"
          label="Workspace ID"
          name="workspace"
          defaultValue={filters.workspace}
          issue={issues.workspace}
          data-testid="filter-workspace"
        />
        <FilterInput
          id="f-from"
          label="From"
          name="from"
          type="date"
          defaultValue={filters.from}
          issue={issues.from}
          data-testid="filter-from"
        />
        <FilterInput
          id="f-to"
          label="To"
          name="to"
          type="date"
          defaultValue={filters.to}
          issue={issues.to}
          data-testid="filter-to"
        />
        <FilterInput
          id="f-min"
          label="Took at least (ms)"
          name="minMs"
          type="number"
          min={0}
          step={1}
          defaultValue={filters.minMs}
          issue={issues.minMs}
          data-testid="filter-min-ms"
        />
        <div className="field">
          <label className="label" htmlFor="f-mode">
            Mode
          </label>
          <select
            id="f-mode"
            name="mode"
            className="select"
            defaultValue={filters.mode ?? ''}
            data-testid="filter-mode"
          >
            <option value="">Any</option>
            <option value="extractive">Extractive</option>
            <option value="generative">Generative</option>
          </select>
          <FieldError id="f-mode-error" message={issues.mode} />
        </div>
      </div>
      <div className={styles.filterButtons}>
        <button type="submit" className="btn btn-primary" data-testid="filter-apply">
          Filter
        </button>
        {filtered ? (
          <Link href="/admin/queries/log" className="btn">
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}

type FilterInputProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  issue: string | undefined;
  'data-testid': string;
};

/** One labelled filter with the error the BFF gave for it, if any. */
function FilterInput({ id, label, issue, ...input }: FilterInputProps) {
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="input" aria-invalid={issue ? true : undefined} {...input} />
      <FieldError id={`${id}-error`} message={issue} />
    </div>
  );
}
