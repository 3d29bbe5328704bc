import type { Metadata } from 'next';
import Link from 'next/link';
import { CheckIcon, PlusIcon } from '@/components/icons';
import { FiltersSummary } from '@/components/workspaces/filters-summary';
import { RoleBadge } from '@/components/workspaces/role-badge';
import {
  deletedNoticeOf,
  formatRelative,
  plural,
  sourceNamesOf,
  workspacePreviewPath,
  workspaceSearchPath,
} from '@/components/workspaces/workspace-format';
import styles from '@/components/workspaces/workspaces.module.css';
import { getSessionUser, listMyWorkspaces, listSources } from '@/lib/bff.server';
import { formatDateTime, formatNumber } from '@/lib/format';

export const metadata: Metadata = { title: 'Workspaces' };

type Props = { searchParams: Promise<{ deleted?: string | string[] }> };

export default async function SelectWorkspacePage({ searchParams }: Props) {
  await getSessionUser();
  const deleted = deletedNoticeOf((await searchParams).deleted);
  const [workspaces, sources] = await Promise.all([listMyWorkspaces(), listSources()]);
  const names = sourceNamesOf(sources, 'short');

  return (
    <div className={`page ${styles.workspacesPage}`}>
      <div className="page-header">
        <div>
          <h1>Workspaces</h1>
          <p>The workspaces you are a member of, most recently used first.</p>
        </div>
        {workspaces.length > 0 ? (
          <Link href="/workspaces/new" className="btn btn-primary" data-testid="new-workspace-link">
            <PlusIcon /> New workspace
          </Link>
        ) : null}
      </div>

      {deleted ? (
        <div className="alert alert-success mb-4" role="status" data-testid="workspace-deleted-notice">
          <CheckIcon />
          <p>
            The workspace <strong>{deleted}</strong> was deleted, with its log.
          </p>
        </div>
      ) : null}

      <section className="card" aria-label="Your workspaces">
        {workspaces.length === 0 ? (
          <div className="empty-state" data-testid="workspaces-empty">
            <h2>You have no workspaces yet</h2>
            <p>
              Create one to keep default filters, share it with colleagues, and keep a log of every search and question.
            </p>
            <p className={styles.emptyAction}>
              <Link href="/workspaces/new" className="btn btn-primary">
                <PlusIcon /> Create a workspace
              </Link>
            </p>
          </div>
        ) : (
          <div className="table-wrap">
            <table className="table" data-testid="workspaces-table">
              <caption className="visually-hidden">Your workspaces</caption>
              <thead>
                <tr>
                  <th scope="col">Workspace</th>
                  <th scope="col">Your role</th>
                  <th scope="col" className="num">
                    Members
                  </th>
                  <th scope="col" className="num">
                    Requests
                  </th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {workspaces.map((w) => (
                  <tr key={w.id} data-testid="workspace-row" data-workspace-id={w.id}>
                    <td className={styles.nameCell}>
                      <Link
                        href={workspacePreviewPath(w.id)}
                        className={styles.workspaceName}
                        data-testid="workspace-name-link"
                      >
                        {w.name}
                      </Link>
                      {w.description ? <div className={styles.description}>{w.description}</div> : null}
                      <div className={styles.workspaceFilters}>
                        <FiltersSummary filters={w.defaultFilters} sourceNames={names} compact />
                      </div>
                    </td>
                    <td>
                      <RoleBadge role={w.role} />
                    </td>
                    <td className="num">{formatNumber(w.memberCount)}</td>
                    <td className="num">{formatNumber(w.requestCount)}</td>
                    <td
                      className="nowrap"
                      title={w.lastUsedAt ? formatDateTime(w.lastUsedAt) : `Created ${formatDateTime(w.createdAt)}`}
                    >
                      {w.lastUsedAt ? formatRelative(w.lastUsedAt) : <span className="muted">Not yet</span>}
                    </td>
                    <td>
                      <div className={styles.rowActions}>
                        <Link
                          href={workspacePreviewPath(w.id)}
                          className="btn btn-sm"
                          data-testid="workspace-preview-link"
                        >
                          Preview
                        </Link>
                        {w.can.run ? (
                          <Link
                            href={workspaceSearchPath(w.id)}
                            className="btn btn-sm btn-primary"
                            data-testid="workspace-open-link"
                          >
                            Open
                          </Link>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {workspaces.length > 0 ? (
        <p className="subtle mt-3">
          {plural(workspaces.length, 'workspace')}. Viewers can preview a workspace and read its log; owners and editors
          open it to search and ask.
        </p>
      ) : null}
    </div>
  );
}
