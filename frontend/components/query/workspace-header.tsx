import Link from 'next/link';
import { InfoIcon } from '@/components/icons';
import type { Workspace } from '@/lib/query-types';
import styles from './query.module.css';

export type WorkspaceSection = 'search' | 'query' | 'log' | 'export';

const SECTIONS: { name: WorkspaceSection; label: string }[] = [
  { name: 'search', label: 'Search' },
  { name: 'query', label: 'Ask a question' },
  { name: 'log', label: 'Log' },
];

const ROLE_LABELS = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' } as const;

/** The workspace's name, your role, and its sections (search, ask, log, settings). */
export function WorkspaceHeader({ workspace, current }: { workspace: Workspace; current: WorkspaceSection | null }) {
  const base = `/workspaces/${encodeURIComponent(workspace.id)}`;
  return (
    <div className={styles.workspaceHeader}>
      <div className={styles.workspaceTitleRow}>
        <div>
          <p className={styles.workspaceKicker}>
            <Link href="/workspaces/select">Workspaces</Link> /
          </p>
          <h1 className={styles.workspaceName} data-testid="workspace-name">
            {workspace.name}
          </h1>
          {workspace.description ? <p className="muted">{workspace.description}</p> : null}
        </div>
        <span className="badge" data-testid="workspace-role">
          {workspace.role ? ROLE_LABELS[workspace.role] : 'Administrator (not a member)'}
        </span>
      </div>
      <nav className={styles.sectionTabs} aria-label="Workspace">
        {SECTIONS.map((s) => (
          <Link
            key={s.name}
            href={`${base}/${s.name}`}
            className={`${styles.tab} ${s.name === current ? styles.tabActive : ''}`}
            aria-current={s.name === current ? 'page' : undefined}
            data-testid={`workspace-tab-${s.name}`}
          >
            {s.label}
          </Link>
        ))}
        <Link href={`${base}/settings`} className={styles.tab}>
          Settings
        </Link>
        {/* Members export the workspace as a whole (a ZIP of every request); one request exports from
            its log entry. */}
        {workspace.role ? (
          <Link
            href={`/export/workspace/${encodeURIComponent(workspace.id)}`}
            className={`${styles.tab} ${current === 'export' ? styles.tabActive : ''}`}
            aria-current={current === 'export' ? 'page' : undefined}
            data-testid="workspace-export"
          >
            Export
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

/** Viewers (and administrators who are not members) read the log but do not run searches or questions. */
export function ReadOnlyNotice({ workspace, what }: { workspace: Workspace; what: string }) {
  if (workspace.can.run) return null;
  return (
    <div className="alert alert-info" role="status" data-testid="read-only-notice">
      <InfoIcon />
      <p>
        {workspace.role === 'viewer'
          ? `You are a viewer in this workspace: you can read its log, but ${what} needs the editor or owner ` +
            'role. Ask an owner to change your role.'
          : `You are not a member of this workspace: ${what} is for its owners and editors. Its log is open to ` +
            'you as an administrator.'}
      </p>
    </div>
  );
}
