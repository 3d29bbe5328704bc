import type { Metadata } from 'next';
import Link from 'next/link';
import { CheckIcon, InfoIcon } from '@/components/icons';
import { FiltersSummary } from '@/components/workspaces/filters-summary';
import { RequestsTable } from '@/components/workspaces/requests-table';
import { RoleBadge } from '@/components/workspaces/role-badge';
import {
  formatRelative,
  initialsOf,
  plural,
  ROLE_LABELS,
  sourceNamesOf,
  workspacePreviewPath,
  workspaceQueryPath,
  workspaceSearchPath,
  workspaceSettingsPath,
} from '@/components/workspaces/workspace-format';
import styles from '@/components/workspaces/workspaces.module.css';
import { getSessionUser, getWorkspace, listRequests, listSources } from '@/lib/bff.server';
import { formatDate, formatDateTime } from '@/lib/format';

export const metadata: Metadata = { title: 'Workspace preview' };

const PAGE = 10;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/** A read-only look at a workspace before opening it: filters, members, and its log, newest first. */
export default async function WorkspacePreviewPage({ searchParams }: Props) {
  const user = await getSessionUser();
  const params = await searchParams;
  const id = first(params.id).trim();
  if (!id) return <MissingId />;
  const cursor = first(params.log);
  const [workspace, log, sources] = await Promise.all([
    getWorkspace(id),
    listRequests(id, cursor, PAGE),
    listSources(),
  ]);
  const names = sourceNamesOf(sources);
  const canChangeSettings = workspace.can.edit || workspace.can.manageMembers;

  return (
    <div className={`page ${styles.workspacesPage}`}>
      <div className="page-header">
        <div className={styles.titleBlock}>
          <p className={`subtle ${styles.breadcrumb}`}>
            <Link href="/workspaces/select">Workspaces</Link> / Preview
          </p>
          <div className={`row ${styles.titleRow}`}>
            <h1 data-testid="workspace-title">{workspace.name}</h1>
            <RoleBadge role={workspace.role} />
          </div>
          {workspace.description ? (
            <p data-testid="workspace-description" className={styles.previewDescription}>
              {workspace.description}
            </p>
          ) : null}
        </div>
        <div className="row">
          {canChangeSettings ? (
            <Link href={workspaceSettingsPath(workspace.id)} className="btn" data-testid="workspace-settings-link">
              Settings
            </Link>
          ) : null}
          {workspace.can.run ? (
            <>
              <Link href={workspaceQueryPath(workspace.id)} className="btn">
                Ask a question
              </Link>
              <Link href={workspaceSearchPath(workspace.id)} className="btn btn-primary" data-testid="workspace-open">
                Open workspace
              </Link>
            </>
          ) : null}
        </div>
      </div>

      <div className="stack">
        {first(params.created) ? (
          <div className="alert alert-success" role="status" data-testid="workspace-created">
            <CheckIcon />
            <p>
              <strong>Workspace created.</strong> Open it to start searching, or add people in{' '}
              <Link href={workspaceSettingsPath(workspace.id)}>Settings</Link>.
            </p>
          </div>
        ) : null}
        {workspace.role === 'viewer' ? (
          <div className="alert alert-info" role="status" data-testid="viewer-notice">
            <InfoIcon />
            <p>
              <strong>You are a viewer.</strong> You can read this workspace and every request in its log; searches and
              questions are run by its owners and editors, and only they change its settings.
            </p>
          </div>
        ) : null}
        {workspace.role === null ? (
          <div className="alert alert-warning" role="status" data-testid="admin-notice">
            <InfoIcon />
            <p>
              You are not a member of this workspace. As an administrator you can read it, but not run anything in it or
              change it.
            </p>
          </div>
        ) : null}

        <div className={styles.stats} data-testid="workspace-stats">
          <span>
            <strong>{plural(workspace.memberCount, 'member')}</strong>
          </span>
          <span>
            <strong>{plural(workspace.requestCount, 'request')}</strong>
          </span>
          <span title={workspace.lastUsedAt ? formatDateTime(workspace.lastUsedAt) : undefined}>
            Last used <strong>{workspace.lastUsedAt ? formatRelative(workspace.lastUsedAt) : 'never'}</strong>
          </span>
          <span>
            Created <strong>{formatDate(workspace.createdAt)}</strong>
            {workspace.createdBy.name ? ` by ${workspace.createdBy.name}` : ''}
          </span>
        </div>

        <div className={styles.previewGrid}>
          <section className="card" aria-labelledby="filters-heading">
            <div className="card-header">
              <div>
                <h2 id="filters-heading">Default filters</h2>
                <p>Applied to every search and question in this workspace.</p>
              </div>
            </div>
            <div className="card-body">
              <FiltersSummary filters={workspace.defaultFilters} sourceNames={names} />
            </div>
          </section>

          <section className="card" aria-labelledby="members-heading" data-testid="workspace-members">
            <div className="card-header">
              <div>
                <h2 id="members-heading">Members</h2>
                <p>Only members see this workspace.</p>
              </div>
            </div>
            <ul className={styles.memberList}>
              {workspace.members.map((m) => (
                <li key={m.userId} data-testid="member-row" data-email={m.email} data-role={m.role}>
                  <span className={styles.avatar} aria-hidden="true">
                    {initialsOf(m.name, m.email)}
                  </span>
                  <div className={styles.memberText}>
                    <div className={styles.memberName}>
                      {m.name || 'Unknown user'} {m.userId === user.id ? <span className="subtle">(you)</span> : null}
                    </div>
                    <div className="subtle" title={m.email}>
                      {m.email}
                    </div>
                  </div>
                  <RoleBadge role={m.role} />
                </li>
              ))}
            </ul>
            <div className={`card-body subtle ${styles.roleCounts}`}>
              {(['owner', 'editor', 'viewer'] as const)
                .map((r) => [r, workspace.members.filter((m) => m.role === r).length] as const)
                .filter(([, n]) => n > 0)
                .map(([r, n]) => `${n} ${ROLE_LABELS[r].toLowerCase()}${n === 1 ? '' : 's'}`)
                .join(' · ')}
            </div>
          </section>
        </div>

        <section className="card" aria-labelledby="log-heading" data-testid="workspace-log">
          <div className="card-header">
            <div>
              <h2 id="log-heading">{cursor ? 'Older requests' : 'Recent requests'}</h2>
              <p>Every search and question run in this workspace, newest first.</p>
            </div>
            {log.requests.length > 0 ? (
              <Link
                href={`/workspaces/${encodeURIComponent(workspace.id)}/log`}
                className="btn btn-sm"
                data-testid="workspace-log-link"
              >
                Full log
              </Link>
            ) : null}
          </div>
          {log.requests.length === 0 ? (
            <div className={`empty-state ${styles.logEmpty}`} data-testid="log-empty">
              <h2>No requests yet</h2>
              <p>
                {workspace.can.run
                  ? 'Open the workspace to run the first search or question.'
                  : 'Searches and questions run here will be listed as they happen.'}
              </p>
            </div>
          ) : (
            <RequestsTable requests={log.requests} caption="Requests of this workspace" />
          )}
          {cursor || log.nextCursor ? (
            <div className={`card-body row ${styles.logPager}`}>
              {cursor ? <Link href={workspacePreviewPath(workspace.id)}>← Newest</Link> : <span />}
              {log.nextCursor ? (
                <Link
                  href={`${workspacePreviewPath(workspace.id)}&log=${encodeURIComponent(log.nextCursor)}`}
                  data-testid="log-older"
                >
                  Older →
                </Link>
              ) : null}
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}

function MissingId() {
  return (
    <div className="page page-narrow">
      <div className="page-header">
        <div>
          <h1>Workspace preview</h1>
          <p>Which workspace? Pick one from your workspaces to preview it.</p>
        </div>
      </div>
      <Link href="/workspaces/select" className="btn btn-primary">
        Your workspaces
      </Link>
    </div>
  );
}
