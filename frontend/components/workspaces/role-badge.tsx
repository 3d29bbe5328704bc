import { ROLE_DESCRIPTIONS, ROLE_LABELS } from './workspace-format';
import type { WorkspaceRole } from './workspace-types';

const CLASS: Record<WorkspaceRole, string> = {
  owner: 'badge badge-accent',
  editor: 'badge badge-success',
  viewer: 'badge',
};

/** The caller's (or a member's) role; an administrator outside the workspace has none. */
export function RoleBadge({ role }: { role: WorkspaceRole | null }) {
  if (!role) {
    return (
      <span
        className="badge badge-warning"
        title="You are not a member; administrators may read any workspace"
        data-testid="role-badge"
        data-role="admin"
      >
        Administrator (read only)
      </span>
    );
  }
  return (
    <span className={CLASS[role]} title={ROLE_DESCRIPTIONS[role]} data-testid="role-badge" data-role={role}>
      {ROLE_LABELS[role]}
    </span>
  );
}
