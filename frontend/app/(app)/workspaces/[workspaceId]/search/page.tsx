import type { Metadata } from 'next';
import Link from 'next/link';
import { ReadOnlyNotice, WorkspaceHeader } from '@/components/query/workspace-header';
import { LoadMore } from '@/components/search/load-more';
import { QueryError } from '@/components/search/query-error';
import { AddFiltersForm, FacetsPanel, FilterChips } from '@/components/search/search-filters';
import {
  apiParams, ENTRY_PARAM, pageHref, PARAM_OF, parseSearchState, recordBody, SEARCH_SORTS, shouldSearch, type ListField, type RawParams, type SearchFilterState,
} from '@/components/search/search-params';
import { RecordSearch } from '@/components/search/record-search';
import { SearchResult } from '@/components/search/search-result';
import type { SearchPage } from '@/components/search/types';
import styles from '@/components/search/search.module.css';
import { toApiError } from '@/lib/api-error';
import { findWorkspace, getWorkspace, listSources, searchWorkspace } from '@/lib/bff.server';
import { formatCount } from '@/lib/format';
import { formatTook } from '@/components/workspaces/workspace-format';

type Props = { params: Promise<{ workspaceId: string }>; searchParams: Promise<RawParams> };

const PAGE_SIZE = 20;

function first(value: string | string[] | undefined): string {
  return ((Array.isArray(value) ? value[0] : value) ?? '').trim();
}
const SORT_LABELS = { relevance: 'Relevance', newest: 'Newest', oldest: 'Oldest' } as const;

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const workspace = await findWorkspace((await params).workspaceId);
  const q = (await searchParams).q;
  const text = (Array.isArray(q) ? q[0] : q)?.trim();
  if (!workspace) return { title: 'Workspace not found' };
  return { title: text ? `“${text}” — ${workspace.name}` : `Search — ${workspace.name}` };
}

export default async function WorkspaceSearchPage({ params, searchParams }: Props) {
  const { workspaceId } = await params;
  const raw = await searchParams;
  const [workspace, sources] = await Promise.all([getWorkspace(workspaceId), listSources()]);
  const d = workspace.defaultFilters;
  const defaults: SearchFilterState = { agencies: d.agencies, filingTypes: d.filingTypes, dockets: d.dockets, parties: d.parties, from: d.filedFrom ?? '', to: d.filedTo ?? '' };
  const state = parseSearchState(raw, defaults);
  const agencyNames = new Map(sources.flatMap((s) => [[s.id, s.shortName || s.name] as [string, string]]));
  const agencyOptions = sources.map((s) => ({ id: s.id, name: s.shortName && s.shortName !== s.name ? `${s.shortName} — ${s.name}` : s.name })).sort((a, b) => a.name.localeCompare(b.name));
  const filingTypes = [...new Set(sources.flatMap((s) => s.filingTypes.map((t) => t.category)).filter(Boolean))].sort();

  // Only an asked search runs; opening the page does not. Rendering it is a read (GET): RecordSearch
  // then POSTs it from the browser, which adds it to the log.
  let page: SearchPage | null = null;
  let failure: { message: string; field: string | null } | null = null;
  if (shouldSearch(raw) && workspace.can.run) {
    const result = await searchWorkspace(apiParams(workspace.id, state, { facets: 'true', limit: String(PAGE_SIZE) }));
    if (result.ok) page = result.body;
    else {
      const error = toApiError(result.status, result.body);
      const [issue] = error.issues;
      failure = { message: issue?.message ?? error.message, field: issue?.path ?? null };
    }
  }
  const base = `/workspaces/${encodeURIComponent(workspace.id)}`;

  return (
    <div className="page" style={{ maxWidth: 1280 }}>
      <WorkspaceHeader workspace={workspace} current="search" />
      <ReadOnlyNotice workspace={workspace} what="searching" />

      {/* Keyed by the state: uncontrolled inputs keep stale values across soft navigations otherwise. */}
      <form key={pageHref(workspace.id, state)} method="get" action={`${base}/search`} className={styles.queryForm} role="search" aria-label="Search this workspace">
        <input type="hidden" name="f" value="1" />
        {(Object.keys(PARAM_OF) as ListField[]).flatMap((field) => state.filters[field].map((v) => <input key={`${field}:${v}`} type="hidden" name={PARAM_OF[field]} value={v} />))}
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
          disabled={!workspace.can.run}
          data-testid="workspace-search-input"
        />
        <button type="submit" className="btn btn-primary" disabled={!workspace.can.run} data-testid="workspace-search-submit">
          Search
        </button>
      </form>
      {failure?.field === 'q' ? (
        <QueryError id="ws-q-error" query={state.q} message={failure.message} />
      ) : (
        <p id="ws-q-help" className={styles.help}>
          Words, <code>&quot;exact phrases&quot;</code>, <code>AND</code> / <code>OR</code> / <code>NOT</code>, parentheses, <code>agency:</code> <code>docket:</code>{' '}
          <code>type:</code> <code>party:</code> <code>filed:[2024-01-01 TO 2024-06-30]</code>, and <code>prefix*</code>.
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

      <FilterChips workspaceId={workspace.id} state={state} agencyNames={agencyNames} defaults={defaults} />

      <div className={styles.layout}>
        <aside className={styles.sidebar}>
          {page ? <FacetsPanel workspaceId={workspace.id} state={state} facets={page.facets} counted={page.facetsCounted} totalIsLowerBound={page.totalIsLowerBound} /> : null}
          <AddFiltersForm key={pageHref(workspace.id, state)} workspaceId={workspace.id} state={state} agencies={agencyOptions} filingTypes={filingTypes} canRun={workspace.can.run} />
        </aside>

        <section aria-labelledby="ws-results-heading" className={styles.main}>
          <h2 id="ws-results-heading" className="visually-hidden">
            Results
          </h2>
          {!page ? (
            failure ? null : (
              <div className="card empty-state" data-testid="search-start">
                <h2>Search the filings of this workspace</h2>
                <p>Type a query, or add filters on the left. Every search is kept in the workspace’s log with its results, facets and an analysis.</p>
              </div>
            )
          ) : page.hits.length === 0 ? (
            <div className="card empty-state" data-testid="search-empty">
              <h2>No filings match</h2>
              <p>Try fewer words, another spelling, or remove a filter.</p>
            </div>
          ) : (
            <>
              <div className={styles.summary}>
                <p data-testid="search-total" aria-live="polite">
                  <strong>{formatCount(page.total, page.totalIsLowerBound)}</strong> {page.total === 1 && !page.totalIsLowerBound ? 'filing' : 'filings'}
                  {page.normalizedQuery && page.normalizedQuery !== state.q ? (
                    <>
                      {' '}
                      for <code className={styles.normalized}>{page.normalizedQuery}</code>
                    </>
                  ) : null}{' '}
                  <span className="subtle">· {formatTook(page.tookMs)}</span>
                </p>
                <nav className={styles.sorts} aria-label="Sort by">
                  {SEARCH_SORTS.map((sort) => (
                    <Link
                      key={sort}
                      href={pageHref(workspace.id, { ...state, sort })}
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
                // A new search (query, filters, sort) starts over: soft navigations would otherwise keep the old cursor.
                key={apiParams(workspace.id, state).toString()}
                apiQuery={apiParams(workspace.id, state, { limit: String(PAGE_SIZE) }).toString()}
                initialCursor={page.nextCursor}
                q={state.q}
                shown={page.hits.length}
                totalLabel={formatCount(page.total, page.totalIsLowerBound)}
              />
            </>
          )}
          {page ? (
            <RecordSearch
              // A new search (another address) is recorded afresh.
              key={pageHref(workspace.id, state)}
              workspaceId={workspace.id}
              body={recordBody(workspace.id, state, PAGE_SIZE)}
              q={state.q}
              recorded={first(raw[ENTRY_PARAM])}
            />
          ) : null}
        </section>
      </div>
    </div>
  );
}
