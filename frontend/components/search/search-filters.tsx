import Link from 'next/link';
import { formatDate, formatNumber } from '@/lib/format';
import type { FacetField, SearchFacet } from '@/lib/search-types';
import {
  hasAnyFilter,
  pageHref,
  PARAM_OF,
  searchPath,
  withoutValue,
  withValue,
  withYear,
  type ListField,
  type SearchFilterState,
  type SearchState,
} from './search-params';
import styles from './search.module.css';

const FIELD_LABELS: Record<ListField, string> = {
  agencies: 'Agency',
  filingTypes: 'Type',
  dockets: 'Docket',
  parties: 'Party',
};

function day(value: string): string {
  return formatDate(`${value}T00:00:00Z`);
}

/** The filters in force as chips; each one removes itself (prefetch off: following a link runs and logs a search). */
export function FilterChips({
  workspaceId,
  state,
  agencyNames,
  defaults,
}: {
  workspaceId: string;
  state: SearchState;
  agencyNames: Map<string, string>;
  defaults: SearchFilterState;
}) {
  const { filters } = state;
  const chips: { key: string; field: string; label: string; href: string }[] = [];
  for (const field of Object.keys(FIELD_LABELS) as ListField[]) {
    for (const value of filters[field]) {
      chips.push({
        key: `${field}:${value}`,
        field: FIELD_LABELS[field],
        label: field === 'agencies' ? (agencyNames.get(value) ?? value) : value,
        href: pageHref(workspaceId, { ...state, filters: withoutValue(filters, field, value) }),
      });
    }
  }
  if (filters.from || filters.to) {
    chips.push({
      key: 'filed',
      field: 'Filed',
      label: `${filters.from ? day(filters.from) : 'any date'} – ${filters.to ? day(filters.to) : 'today'}`,
      href: pageHref(workspaceId, { ...state, filters: { ...filters, from: '', to: '' } }),
    });
  }
  const defaultsApply = state.own && !hasAnyFilter(filters) && hasAnyFilter(defaults);
  if (chips.length === 0 && !defaultsApply) return null;
  return (
    <div className={styles.chips} data-testid="filter-chips">
      {chips.map((chip) => (
        <Link
          key={chip.key}
          href={chip.href}
          prefetch={false}
          className={styles.chip}
          data-testid="filter-chip"
          aria-label={`Remove filter ${chip.field}: ${chip.label}`}
        >
          <span className={styles.chipField}>{chip.field}</span>
          <span className={styles.chipValue}>{chip.label}</span>
          <span aria-hidden="true" className={styles.chipRemove}>
            ×
          </span>
        </Link>
      ))}
      {!state.own && chips.length > 0 ? <span className="subtle">the workspace’s default filters</span> : null}
      {state.own && chips.length > 1 ? (
        <Link
          href={pageHref(workspaceId, {
            ...state,
            filters: { agencies: [], filingTypes: [], dockets: [], parties: [], from: '', to: '' },
          })}
          prefetch={false}
          className={styles.clearAll}
        >
          Clear all
        </Link>
      ) : null}
      {defaultsApply ? (
        <span className="subtle" data-testid="defaults-apply">
          No filters of your own, so the workspace’s default filters apply.
        </span>
      ) : null}
    </div>
  );
}

const FACET_TITLES: Record<FacetField, string> = {
  agency: 'Agency',
  filing_type: 'Filing type',
  docket: 'Docket',
  year: 'Year filed',
  party: 'Party',
};
const FACET_FIELD: Partial<Record<FacetField, ListField>> = {
  agency: 'agencies',
  filing_type: 'filingTypes',
  docket: 'dockets',
  party: 'parties',
};
const FACET_ORDER: FacetField[] = ['agency', 'filing_type', 'year', 'docket', 'party'];
const SHOWN = 6;

/** Counts per agency, filing type, year, docket and party over every match; a click filters by it. */
export function FacetsPanel({
  workspaceId,
  state,
  facets,
  counted,
  totalIsLowerBound,
}: {
  workspaceId: string;
  state: SearchState;
  facets: SearchFacet[];
  counted: number;
  totalIsLowerBound: boolean;
}) {
  const byField = new Map(facets.map((f) => [f.field, f]));
  const shown = FACET_ORDER.map((field) => byField.get(field)).filter((f): f is SearchFacet =>
    Boolean(f && f.buckets.length > 0),
  );
  if (shown.length === 0) return null;

  const bucketLink = (field: FacetField, value: string) => {
    const list = FACET_FIELD[field];
    if (!list) {
      const active = state.filters.from === `${value}-01-01` && state.filters.to === `${value}-12-31`;
      return {
        active,
        href: pageHref(workspaceId, {
          ...state,
          filters: active ? { ...state.filters, from: '', to: '' } : withYear(state.filters, value),
        }),
      };
    }
    const active = state.filters[list].some((v) => v.toLowerCase() === value.toLowerCase());
    return {
      active,
      href: pageHref(workspaceId, {
        ...state,
        filters: active ? withoutValue(state.filters, list, value) : withValue(state.filters, list, value),
      }),
    };
  };

  return (
    <nav className={styles.facets} aria-label="Refine by" data-testid="facets">
      {shown.map((facet) => {
        const items = facet.buckets.map((b) => ({ ...b, ...bucketLink(facet.field, b.value) }));
        const renderItem = (b: (typeof items)[number]) => (
          <li key={b.value}>
            <Link
              href={b.href}
              prefetch={false}
              className={`${styles.facetItem} ${b.active ? styles.facetActive : ''}`}
              aria-current={b.active ? 'true' : undefined}
              data-testid="facet-bucket"
              data-field={facet.field}
              data-value={b.value}
              title={b.active ? `${b.label || b.value}: remove this filter` : `Only ${b.label || b.value}`}
            >
              <span className={styles.facetLabel}>{b.label || b.value}</span>
              <span className={styles.facetCount}>{formatNumber(b.count)}</span>
            </Link>
          </li>
        );
        return (
          <section key={facet.field} className={styles.facet} data-testid="facet" data-field={facet.field}>
            <h3 className={styles.facetTitle}>{FACET_TITLES[facet.field]}</h3>
            <ul className={styles.facetList}>{items.slice(0, SHOWN).map(renderItem)}</ul>
            {items.length > SHOWN ? (
              <details className={styles.facetMore}>
                <summary>{items.length - SHOWN} more</summary>
                <ul className={styles.facetList}>{items.slice(SHOWN).map(renderItem)}</ul>
              </details>
            ) : null}
          </section>
        );
      })}
      {totalIsLowerBound ? (
        <p className="subtle text-xs" data-testid="facets-counted">
          Counted over the newest {formatNumber(counted)} matches.
        </p>
      ) : null}
    </nav>
  );
}

/** Adds filters: the current ones ride along as hidden fields, so a submit keeps them and adds the new. */
export function AddFiltersForm({
  workspaceId,
  state,
  agencies,
  filingTypes,
  canRun,
}: {
  workspaceId: string;
  state: SearchState;
  agencies: { id: string; name: string }[];
  filingTypes: string[];
  canRun: boolean;
}) {
  return (
    <form
      method="get"
      action={searchPath(workspaceId)}
      className={styles.addFilters}
      aria-label="Add filters"
      data-testid="filters-form"
    >
      <input type="hidden" name="f" value="1" />
      {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
      {state.sort !== 'relevance' ? <input type="hidden" name="sort" value={state.sort} /> : null}
      {(Object.keys(PARAM_OF) as ListField[]).flatMap((field) =>
        state.filters[field].map((v) => <input key={`${field}:${v}`} type="hidden" name={PARAM_OF[field]} value={v} />),
      )}
      <h3 className={styles.facetTitle}>Add a filter</h3>
      <div className="field">
        <label className="label" htmlFor="flt-agency">
          Agency
        </label>
        <select id="flt-agency" name="agency" className="select" defaultValue="" data-testid="filter-agency">
          <option value="">Any agency</option>
          {agencies.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="label" htmlFor="flt-type">
          Filing type
        </label>
        <input
          id="flt-type"
          name="type"
          className="input"
          list="flt-type-options"
          placeholder="Order, Testimony, …"
          data-testid="filter-type"
        />
        <datalist id="flt-type-options">
          {filingTypes.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label className="label" htmlFor="flt-docket">
          Docket
        </label>
        <input
          id="flt-docket"
          name="docket"
          className="input mono"
          placeholder="ER24-1-000"
          data-testid="filter-docket"
        />
      </div>
      <div className="field">
        <label className="label" htmlFor="flt-party">
          Party
        </label>
        <input
          id="flt-party"
          name="party"
          className="input"
          placeholder="Company or person"
          data-testid="filter-party"
        />
      </div>
      <div className="field">
        <label className="label" htmlFor="flt-from">
          Filed on or after
        </label>
        <input
          id="flt-from"
          name="from"
          type="date"
          className="input"
          defaultValue={state.filters.from}
          data-testid="filter-from"
        />
      </div>
      <div className="field">
        <label className="label" htmlFor="flt-to">
          Filed on or before
        </label>
        <input
          id="flt-to"
          name="to"
          type="date"
          className="input"
          defaultValue={state.filters.to}
          data-testid="filter-to"
        />
      </div>
      <button type="submit" className="btn btn-block" disabled={!canRun} data-testid="filters-apply">
        Apply filters
      </button>
    </form>
  );
}
