import Link from 'next/link';
import { formatCount, formatDateTime, formatNumber } from '@/lib/format';
import type { Person, Query, QueryViewName } from '@/lib/query-types';
import { AnalysisView } from './analysis-view';
import { numberCitations } from './citations';
import { DocumentsView } from './documents-view';
import { FiguresView } from './figures-view';
import { FilterSummary } from './filter-summary';
import { AnalysisNotice, ModeBadge } from './mode-badge';
import styles from './query.module.css';

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return '—';
  return ms < 1000 ? `${formatNumber(Math.round(ms))} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** The workspace's question page asking `question` again within one docket. */
export function refineHref(workspaceId: string, question: string, docket: string): string {
  return `/workspaces/${encodeURIComponent(workspaceId)}/query?${new URLSearchParams({ q: question, docket })}`;
}

/** Analysis · Documents · Figures, as links to `${base}/<view>`. */
export function QueryTabs({ base, view, documentCount }: { base: string; view: QueryViewName; documentCount: number }) {
  const tabs: { name: QueryViewName; label: string }[] = [
    { name: 'analysis', label: 'Analysis' },
    { name: 'documents', label: `Documents (${formatNumber(documentCount)})` },
    { name: 'figures', label: 'Figures' },
  ];
  return (
    <nav className={styles.tabs} aria-label="Views of this request">
      {tabs.map((t) => (
        <Link
          key={t.name}
          href={`${base}/${t.name}`}
          className={`${styles.tab} ${t.name === view ? styles.tabActive : ''}`}
          aria-current={t.name === view ? 'page' : undefined}
          data-testid={`tab-${t.name}`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * One stored query (or a search's analysis) in one of its three views, with the header that says
 * what was asked, by whom, when, how long it took and which mode answered. Shared by the workspace
 * log, /queries/{id} and the administrators' log.
 */
/**
 * "1,234 matching filings (the first 100 kept)" for a search with its own count of matches, else
 * "100 documents of 1,234 matching".
 */
function resultsLabel(query: Query, searchTotal: { count: number; isLowerBound: boolean } | undefined): string {
  const kept = query.documents.length;
  if (searchTotal) {
    const { count, isLowerBound } = searchTotal;
    const filings = count === 1 && !isLowerBound ? 'filing' : 'filings';
    return `${formatCount(count, isLowerBound)} matching ${filings} (the first ${formatNumber(kept)} kept)`;
  }
  const matching = (query.figures.retrieved ?? query.figures).resultCount;
  return `${formatNumber(kept)} ${kept === 1 ? 'document' : 'documents'} of ${formatNumber(matching)} matching`;
}

export function QueryViews({
  query,
  author,
  view,
  base,
  kind = 'query',
  searchTotal,
  agencyNames,
  details,
  workspace,
}: {
  query: Query;
  author: Person | null;
  view: QueryViewName;
  base: string;
  kind?: 'query' | 'search';
  /** A search's own count of matches (its log entry's), not the page of them kept as documents. */
  searchTotal?: { count: number; isLowerBound: boolean } | undefined;
  /** Agency ids → names, for the filters. */
  agencyNames?: Record<string, string> | undefined;
  /** More about the request, under its header (a logged search's facets). */
  details?: React.ReactNode;
  /** Where it was asked, when worth linking. */
  workspace?: { id: string; name: string } | null;
}) {
  const { analysis } = query;
  const empty = analysis.sections.length === 0;
  const by = author ? author.name || author.email : 'a former member';
  return (
    <div className="stack">
      <header className={styles.queryHeader}>
        <div className={styles.kicker}>
          <span className="badge">{kind === 'search' ? 'Search' : 'Question'}</span>
          {/* A search is not answered in a mode: its analysis is only a reading of its first results. */}
          {kind === 'search' ? null : <ModeBadge mode={analysis.mode ?? query.mode} model={analysis.model} />}
          {workspace ? (
            <Link href={`/workspaces/${encodeURIComponent(workspace.id)}/log`} className="subtle">
              in {workspace.name}
            </Link>
          ) : null}
        </div>
        <h1 className={styles.question} data-testid="query-question">
          {query.question || (kind === 'search' ? 'Filters only' : 'Untitled question')}
        </h1>
        <p className={styles.byline} data-testid="query-byline">
          {[
            `${kind === 'search' ? 'Searched' : 'Asked'} by ${by}`,
            formatDateTime(query.createdAt),
            resultsLabel(query, kind === 'search' ? searchTotal : undefined),
            `took ${formatMs(query.timings.totalMs)}`,
          ].join(' · ')}
        </p>
        <FilterSummary filters={query.filters} agencyNames={agencyNames} />
      </header>
      {details}

      <QueryTabs base={base} view={view} documentCount={query.documents.length} />

      {view === 'analysis' ? (
        <div className="stack">
          <AnalysisNotice notice={analysis.notice} droppedSentences={analysis.droppedSentences} />
          {empty ? (
            <div className="card empty-state" data-testid="analysis-empty">
              <h2>No analysis</h2>
              <p>
                {analysis.notice
                  ? 'See the note above.'
                  : 'No passage of the matching filings answered this, so there is nothing to cite.'}
              </p>
            </div>
          ) : (
            <article className="card card-body">
              <AnalysisView
                sections={analysis.sections}
                keyFacts={analysis.keyFacts}
                question={query.question}
                scope={analysis.scope}
                refinements={analysis.refinements}
                refineHref={
                  query.workspaceId
                    ? (docket) => refineHref(query.workspaceId ?? '', query.question, docket)
                    : undefined
                }
              />
            </article>
          )}
        </div>
      ) : null}
      {view === 'documents' ? (
        <DocumentsView
          documents={query.documents}
          question={query.question}
          citationNumbers={numberCitations(analysis.sections, analysis.keyFacts)}
        />
      ) : null}
      {view === 'figures' ? <FiguresView figures={query.figures} question={query.question} /> : null}

      <p className="subtle text-xs">
        Retrieval {formatMs(query.timings.retrievalMs)} · analysis {formatMs(query.timings.analysisMs)} · figures{' '}
        {formatMs(query.timings.figuresMs)} · query <span className="mono">{query.queryId}</span>
      </p>
    </div>
  );
}
