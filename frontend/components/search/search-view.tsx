import Link from 'next/link';
import type { ReactNode } from 'react';
import { newAlertHref } from '@/components/alerts/alert-format';
import { FollowDocketButton } from '@/components/alerts/follow-docket-button';
import { formatTook } from '@/components/workspaces/workspace-format';
import { formatCount } from '@/lib/format';
import type { SearchPage } from '@/lib/search-types';
import type { Source } from '@/lib/types';
import { IndexCoverageNotice } from './index-coverage-notice';
import { LoadMore } from './load-more';
import { QueryError } from './query-error';
import { AddFiltersForm, FacetsPanel, FilterChips } from './search-filters';
import {
  apiParams,
  pageHref,
  PARAM_OF,
  SEARCH_SORTS,
  searchPath,
  type ListField,
  type SearchFilterState,
  type SearchState,
} from './search-params';
import { SearchResult } from './search-result';
import styles from './search.module.css';

const SORT_LABELS = { relevance: 'Relevance', newest: 'Newest', oldest: 'Oldest' } as const;

/** What the filter panel offers and how chips name agencies, from the catalog's sources. */
export interface SearchCatalog {
  agencyNames: Map<string, string>;
  agencyOptions: { id: string; name: string }[];
  filingTypes: string[];
}

export function searchCatalog(sources: Source[]): SearchCatalog {
  return {
    agencyNames: new Map(sources.map((s) => [s.id, s.shortName || s.name] as [string, string])),
    agencyOptions: sources
      .map((s) => ({ id: s.id, name: s.shortName && s.shortName !== s.name ? `${s.shortName} — ${s.name}` : s.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    filingTypes: [...new Set(sources.flatMap((s) => s.filingTypes.map((t) => t.category)).filter(Boolean))].sort(),
  };
}

/**
 * One search experience for a workspace's search page and /search (workspaceId ''): the query box,
 * the filters in force as chips, facets and the filter panel, the total ("10,000+" when counting
 * stopped), sorts, the hits with "Load more", and the index's coverage while it catches up.
 * `after` follows the results (a workspace's page records the search in its log there).
 */
export function SearchView({
  workspaceId,
  state,
  defaults,
  page,
  failure,
  canRun,
  catalog,
  start,
  pageSize,
  after,
}: {
  workspaceId: string;
  state: SearchState;
  defaults: SearchFilterState;
  page: SearchPage | null;
  failure: { message: string; field: string | null } | null;
  canRun: boolean;
  catalog: SearchCatalog;
  start: ReactNode;
  pageSize: number;
  after?: ReactNode;
}) {
  const total = page ? formatCount(page.total, page.totalIsLowerBound) : '';
  const oneDocket = state.filters.dockets.length === 1;
  return (
    <>
      {/* Keyed by the state: uncontrolled inputs keep stale values across soft navigations otherwise. */}
      <form
        key={pageHref(workspaceId, state)}
        method="get"
        action={searchPath(workspaceId)}
        className={styles.queryForm}
        role="search"
        aria-label={workspaceId ? 'Search this workspace' : 'Search every filing'}
      >
        <input type="hidden" name="f" value="1" />
        {(Object.keys(PARAM_OF) as ListField[]).flatMap((field) =>
          state.filters[field].map((v) => (
            <input key={`${field}:${v}`} type="hidden" name={PARAM_OF[field]} value={v} />
          )),
        )}
        {state.filters.from ? <input type="hidden" name="from" value={state.filters.from} /> : null}
        {state.filters.to ? <input type="hidden" name="to" value={state.filters.to} /> : null}
        {state.sort !== 'relevance' ? <input type="hidden" name="sort" value={state.sort} /> : null}
        <label className="visually-hidden" htmlFor="ws-q">
          Search query
        </label>
        <input
          id="ws-q"
          name="q"
          type="search"
          className={`input ${styles.queryInput}`}
          defaultValue={state.q}
          placeholder='e.g. "rate case" AND (increase OR settlement) NOT withdrawn'
          autoComplete="off"
          spellCheck={false}
          aria-invalid={failure?.field === 'q' ? true : undefined}
          aria-describedby={failure?.field === 'q' ? 'ws-q-error' : 'ws-q-help'}
          disabled={!canRun}
          data-testid="workspace-search-input"
        />
        <button type="submit" className="btn btn-primary" disabled={!canRun} data-testid="workspace-search-submit">
          Search
        </button>
      </form>
      {failure?.field === 'q' ? (
        <QueryError id="ws-q-error" query={state.q} message={failure.message} />
      ) : (
        <p id="ws-q-help" className={styles.help}>
          Words, <code>&quot;exact phrases&quot;</code>, <code>AND</code> / <code>OR</code> / <code>NOT</code>,
          parentheses, <code>agency:</code> <code>docket:</code> <code>type:</code> <code>party:</code>{' '}
          <code>filed:[2024-01-01 TO 2024-06-30]</code>, and <code>prefix*</code>.
        </p>
      )}
      {failure && failure.field !== 'q' ? (
        <div className="alert alert-error" role="alert" data-testid="search-error">
          <p>
            {failure.field ? <strong>{failure.field}: </strong> : null}
            {failure.message}
          </p>
        </div>
      ) : null}

      <FilterChips workspaceId={workspaceId} state={state} agencyNames={catalog.agencyNames} defaults={defaults} />

      <div className={styles.layout}>
        <aside className={styles.sidebar}>
          {page ? (
            <FacetsPanel
              workspaceId={workspaceId}
              state={state}
              facets={page.facets}
              counted={page.facetsCounted}
              totalIsLowerBound={page.totalIsLowerBound}
            />
          ) : null}
          <AddFiltersForm
            key={pageHref(workspaceId, state)}
            workspaceId={workspaceId}
            state={state}
            agencies={catalog.agencyOptions}
            filingTypes={catalog.filingTypes}
            canRun={canRun}
          />
        </aside>

        <section aria-labelledby="ws-results-heading" className={styles.main}>
          <h2 id="ws-results-heading" className="visually-hidden">
            Results
          </h2>
          {page ? <IndexCoverageNotice /> : null}
          {!page ? (
            failure ? null : (
              start
            )
          ) : page.hits.length === 0 ? (
            <div className="card empty-state" data-testid="search-empty">
              <h2>No filings match</h2>
              <p>Try fewer words, another spelling, or remove a filter.</p>
              <p className="mt-3">
                <Link
                  href={newAlertHref(state.q, {
                    ...state.filters,
                    filedFrom: state.filters.from,
                    filedTo: state.filters.to,
                  })}
                  className="btn btn-sm"
                  data-testid="save-as-alert"
                >
                  Save as alert
                </Link>{' '}
                <span className="subtle">to be told when a filing matches.</span>
              </p>
            </div>
          ) : (
            <>
              <div className={styles.summary}>
                <p data-testid="search-total" aria-live="polite">
                  <strong>{total}</strong> {page.total === 1 && !page.totalIsLowerBound ? 'filing' : 'filings'}
                  {page.normalizedQuery && page.normalizedQuery !== state.q ? (
                    <>
                      {' '}
                      for <code className={styles.normalized}>{page.normalizedQuery}</code>
                    </>
                  ) : null}{' '}
                  <span className="subtle">· {formatTook(page.tookMs)}</span>
                </p>
                {/* Filtered to one docket, the page lists that docket's filings: following it is one click. */}
                {oneDocket ? (
                  <span className={styles.pushRight}>
                    <FollowDocketButton
                      size="small"
                      docket={{ docketId: '', docketNumber: state.filters.dockets[0]!, title: '', sourceName: '' }}
                    />
                  </span>
                ) : null}
                <Link
                  href={newAlertHref(state.q, {
                    ...state.filters,
                    filedFrom: state.filters.from,
                    filedTo: state.filters.to,
                  })}
                  className={`btn btn-sm ${styles.saveAlert} ${oneDocket ? '' : styles.pushRight}`}
                  title="Be told when new filings match this search"
                  data-testid="save-as-alert"
                >
                  Save as alert
                </Link>
                <nav className={styles.sorts} aria-label="Sort by">
                  {SEARCH_SORTS.map((sort) => (
                    <Link
                      key={sort}
                      href={pageHref(workspaceId, { ...state, sort })}
                      prefetch={false}
                      className={`${styles.sort} ${sort === state.sort ? styles.sortActive : ''}`}
                      aria-current={sort === state.sort ? 'true' : undefined}
                      data-testid={`sort-${sort}`}
                    >
                      {SORT_LABELS[sort]}
                    </Link>
                  ))}
                </nav>
              </div>
              <ol className={`card ${styles.results}`} data-testid="search-results">
                {page.hits.map((hit, i) => (
                  <SearchResult key={`${hit.documentId}-${i}`} hit={hit} q={state.q} />
                ))}
              </ol>
              <LoadMore
                // A new search (query, filters, sort) starts over: soft navigations would otherwise keep
                // the old cursor.
                key={apiParams(workspaceId, state).toString()}
                apiQuery={apiParams(workspaceId, state, { limit: String(pageSize) }).toString()}
                initialCursor={page.nextCursor}
                q={state.q}
                shown={page.hits.length}
                totalLabel={total}
              />
            </>
          )}
          {after}
        </section>
      </div>
    </>
  );
}
