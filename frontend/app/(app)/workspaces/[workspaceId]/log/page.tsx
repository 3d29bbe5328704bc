import type { Metadata } from 'next';
import Link from 'next/link';
import { exportTargetPath } from '@/components/exports/export-format';
import { filtersInWords } from '@/components/query/filter-summary';
import { formatMs } from '@/components/query/query-views';
import styles from '@/components/query/query.module.css';
import { WorkspaceHeader } from '@/components/query/workspace-header';
import { getAgencyNames } from '@/lib/agency-names.server';
import { findWorkspace, getWorkspace, listRequests } from '@/lib/bff.server';
import { formatCount, formatDateTime, formatNumber } from '@/lib/format';
import type { WorkspaceRequest } from '@/lib/query-types';

type Props = { params: Promise<{ workspaceId: string }>; searchParams: Promise<{ cursor?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const workspace = await findWorkspace((await params).workspaceId);
  return { title: workspace ? `Log — ${workspace.name}` : 'Workspace not found' };
}

/** Where "run again" goes: the search with its query and filters, or the question box with the question. */
function againHref(workspaceId: string, r: WorkspaceRequest): string {
  const base = `/workspaces/${encodeURIComponent(workspaceId)}`;
  if (r.kind === 'query') return `${base}/query?q=${encodeURIComponent(r.text)}`;
  const params = new URLSearchParams();
  if (r.text) params.set('q', r.text);
  r.filters.agencies.forEach((v) => params.append('agency', v));
  r.filters.filingTypes.forEach((v) => params.append('type', v));
  r.filters.dockets.forEach((v) => params.append('docket', v));
  r.filters.parties.forEach((v) => params.append('party', v));
  if (r.filters.filedFrom) params.set('from', r.filters.filedFrom);
  if (r.filters.filedTo) params.set('to', r.filters.filedTo);
  if (r.sort === 'filed_newest') params.set('sort', 'newest');
  if (r.sort === 'filed_oldest') params.set('sort', 'oldest');
  params.set('f', '1');
  return `${base}/search?${params.toString()}`;
}

/** The filters a request ran with, and a search's order when it was not by relevance. */
function describe(r: WorkspaceRequest, agencyNames: Record<string, string>): string {
  const order =
    r.kind === 'search' && r.sort !== 'relevance' ? (r.sort === 'filed_newest' ? 'newest first' : 'oldest first') : '';
  return [filtersInWords(r.filters, agencyNames), order].filter(Boolean).join(' · ');
}

export default async function WorkspaceLogPage({ params, searchParams }: Props) {
  const { workspaceId } = await params;
  const raw = (await searchParams).cursor;
  const cursor = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const [workspace, page, agencyNames] = await Promise.all([
    getWorkspace(workspaceId),
    listRequests(workspaceId, cursor),
    getAgencyNames(),
  ]);
  const base = `/workspaces/${encodeURIComponent(workspace.id)}`;

  return (
    <div className="page page-wide">
      <WorkspaceHeader workspace={workspace} current="log" />
      <section className="card" aria-labelledby="log-heading">
        <div className="card-header">
          <div>
            <h2 id="log-heading">Every search and question in this workspace</h2>
            <p>Newest first. Each one opens as its analysis, its documents and its figures.</p>
          </div>
          {workspace.requestCount > 0 ? (
            <span className="subtle">{formatNumber(workspace.requestCount)} in all</span>
          ) : null}
        </div>
        {page.requests.length === 0 ? (
          <div className="empty-state" data-testid="log-empty">
            <h2>{cursor ? 'No older requests' : 'Nothing here yet'}</h2>
            <p>
              {cursor ? (
                <Link href={`${base}/log`}>Back to the newest</Link>
              ) : (
                <>
                  <Link href={`${base}/search`}>Search</Link> or <Link href={`${base}/query`}>ask a question</Link>:
                  each one is kept here.
                </>
              )}
            </p>
          </div>
        ) : (
          <div className="table-wrap">
            <table className="table" data-testid="log-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Search or question</th>
                  <th scope="col">Who</th>
                  <th scope="col" className="num">
                    Took
                  </th>
                  <th scope="col" className="num">
                    Results
                  </th>
                  <th scope="col">Open</th>
                </tr>
              </thead>
              <tbody>
                {page.requests.map((r) => {
                  const entry = `${base}/log/${encodeURIComponent(r.id)}`;
                  return (
                    <tr key={r.id} data-testid="log-row" data-kind={r.kind} data-request-id={r.id}>
                      <td className={styles.nowrap}>{formatDateTime(r.createdAt)}</td>
                      <td>
                        <span className={`badge ${r.kind === 'query' ? 'badge-accent' : ''}`}>
                          {r.kind === 'query' ? 'Question' : 'Search'}
                        </span>
                      </td>
                      <td className={styles.logText}>
                        <Link href={`${entry}/analysis`} prefetch={false} data-testid="log-entry-link">
                          {r.text || <span className="subtle">(filters only)</span>}
                        </Link>
                        {describe(r, agencyNames) ? (
                          <div className={styles.logFilters}>{describe(r, agencyNames)}</div>
                        ) : null}
                      </td>
                      <td>{r.user.name || r.user.email || <span className="subtle">a former member</span>}</td>
                      <td className={`num ${styles.nowrap}`}>{formatMs(r.tookMs)}</td>
                      <td className="num">{formatCount(r.resultCount, r.resultCountIsLowerBound)}</td>
                      <td>
                        <span className={styles.logViews}>
                          <Link href={`${entry}/analysis`} prefetch={false}>
                            Analysis
                          </Link>
                          <Link href={`${entry}/documents`} prefetch={false}>
                            Documents
                          </Link>
                          <Link href={`${entry}/figures`} prefetch={false}>
                            Figures
                          </Link>
                          {workspace.role ? (
                            <Link href={exportTargetPath(workspace.id, r.id)} prefetch={false} data-testid="log-export">
                              Export
                            </Link>
                          ) : null}
                        </span>
                        {workspace.can.run ? (
                          <Link href={againHref(workspace.id, r)} prefetch={false} className={styles.again}>
                            {r.kind === 'query' ? 'Ask again' : 'Search again'}
                          </Link>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {cursor || page.nextCursor ? (
          <nav className={styles.pager} aria-label="Log pages">
            {cursor ? (
              <Link className="btn btn-sm" href={`${base}/log`} data-testid="log-newest">
                ← Newest
              </Link>
            ) : (
              <span />
            )}
            {page.nextCursor ? (
              <Link
                className="btn btn-sm"
                href={`${base}/log?cursor=${encodeURIComponent(page.nextCursor)}`}
                rel="next"
                data-testid="log-older"
              >
                Older →
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
