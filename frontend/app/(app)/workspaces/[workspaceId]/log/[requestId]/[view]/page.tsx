import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { exportTargetPath } from '@/components/exports/export-format';
import { InfoIcon } from '@/components/icons';
import { FilterSummary } from '@/components/query/filter-summary';
import { formatMs, QueryViews } from '@/components/query/query-views';
import { WorkspaceHeader } from '@/components/query/workspace-header';
import { RecordedFacets } from '@/components/search/recorded-facets';
import { getAgencyNames } from '@/lib/agency-names.server';
import { findQuery, findRequest, getWorkspace } from '@/lib/bff.server';
import { formatCount, formatDateTime } from '@/lib/format';
import { isQueryView } from '@/lib/query-types';
import styles from './log-entry.module.css';

type Props = { params: Promise<{ workspaceId: string; requestId: string; view: string }> };

const VIEW_TITLES = { analysis: 'Analysis', documents: 'Documents', figures: 'Figures' } as const;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspaceId, requestId, view } = await params;
  const request = await findRequest(workspaceId, requestId);
  if (!request || !isQueryView(view)) return { title: 'Not found' };
  return { title: `${VIEW_TITLES[view]} — ${request.text || 'Search'}` };
}

/** One request of a workspace's log in one of its three views (a search's analysis is built on first open). */
export default async function LogEntryViewPage({ params }: Props) {
  const { workspaceId, requestId, view } = await params;
  if (!isQueryView(view)) notFound();
  const [workspace, request, agencyNames] = await Promise.all([
    getWorkspace(workspaceId),
    findRequest(workspaceId, requestId),
    getAgencyNames(),
  ]);
  if (!request) notFound();
  const found = request.queryId ? await findQuery(request.queryId) : null;
  const base = `/workspaces/${encodeURIComponent(workspace.id)}/log/${encodeURIComponent(request.id)}`;
  const kindLabel = request.kind === 'query' ? 'Question' : 'Search';
  const author = request.user.name || request.user.email || 'a former member';

  return (
    <div className="page page-wide">
      <WorkspaceHeader workspace={workspace} current="log" />
      <div className={styles.backBar}>
        <Link href={`/workspaces/${encodeURIComponent(workspace.id)}/log`}>← Back to the log</Link>
        {workspace.role ? (
          <Link href={exportTargetPath(workspace.id, request.id)} className="btn btn-sm" data-testid="request-export">
            Export…
          </Link>
        ) : null}
      </div>
      {found ? (
        <QueryViews
          query={found.query}
          author={found.author ?? request.user}
          view={view}
          base={base}
          kind={request.kind}
          searchTotal={{ count: request.resultCount, isLowerBound: request.resultCountIsLowerBound }}
          agencyNames={agencyNames}
          details={<RecordedFacets workspaceId={workspace.id} request={request} />}
        />
      ) : (
        <div className="stack">
          <header className={`stack ${styles.heading}`}>
            <h1 className={styles.question} data-testid="query-question">
              {request.text || 'Filters only'}
            </h1>
            <p className="muted">
              {kindLabel} by {author} · {formatDateTime(request.createdAt)} ·{' '}
              {formatCount(request.resultCount, request.resultCountIsLowerBound)} results · took{' '}
              {formatMs(request.tookMs)}
            </p>
            <FilterSummary filters={request.filters} agencyNames={agencyNames} />
          </header>
          <div className="alert alert-info" role="status" data-testid="no-analysis">
            <InfoIcon />
            <p>
              {request.kind === 'query'
                ? 'This question has no stored answer: it may have stopped before the analysis, documents and ' +
                  'figures were saved.'
                : 'The analysis, documents and figures of this search could not be prepared (the query engine ' +
                  'may have been busy).'}{' '}
              {workspace.can.run ? (
                <Link
                  href={
                    request.kind === 'query'
                      ? `/workspaces/${encodeURIComponent(workspace.id)}/query?q=${encodeURIComponent(request.text)}`
                      : `/workspaces/${encodeURIComponent(workspace.id)}/search?q=${encodeURIComponent(request.text)}`
                  }
                >
                  {request.kind === 'query' ? 'Ask it again' : 'Run the search again'}
                </Link>
              ) : null}
              {workspace.can.run ? ' to get them.' : ''}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
