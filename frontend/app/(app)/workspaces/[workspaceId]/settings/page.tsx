import type { Metadata } from 'next';
import Link from 'next/link';
import { InfoIcon } from '@/components/icons';
import { DeleteWorkspace } from '@/components/workspaces/delete-workspace';
import { MembersManager } from '@/components/workspaces/members-manager';
import { RoleBadge } from '@/components/workspaces/role-badge';
import { WorkspaceForm } from '@/components/workspaces/workspace-form';
import { agencyOptions, filingTypeOptions, workspacePreviewPath } from '@/components/workspaces/workspace-format';
import styles from '@/components/workspaces/workspaces.module.css';
import { getSessionUser, getWorkspace, listSources } from '@/lib/bff.server';

export const metadata: Metadata = { title: 'Workspace settings' };

type Props = { params: Promise<{ workspaceId: string }> };

/**
 * Name, description and default filters (owners and editors); members (owners manage, others see
 * and may leave); the danger zone, deleting the workspace (owners).
 */
export default async function WorkspaceSettingsPage({ params }: Props) {
  const user = await getSessionUser();
  const { workspaceId } = await params;
  const [workspace, sources] = await Promise.all([getWorkspace(workspaceId), listSources()]);

  return (
    <div className={`page page-narrow ${styles.formPage}`}>
      <div className="page-header">
        <div className={styles.titleBlock}>
          <p className={`subtle ${styles.breadcrumb}`}>
            <Link href="/workspaces/select">Workspaces</Link> /{' '}
            <Link href={workspacePreviewPath(workspace.id)}>{workspace.name}</Link> / Settings
          </p>
          <div className={`row ${styles.titleRow}`}>
            <h1>Settings</h1>
            <RoleBadge role={workspace.role} />
          </div>
        </div>
        <Link href={workspacePreviewPath(workspace.id)} className="btn">
          Back to the workspace
        </Link>
      </div>

      <div className="stack">
        {workspace.can.edit ? (
          <WorkspaceForm
            mode="edit"
            workspaceId={workspace.id}
            initial={{
              name: workspace.name,
              description: workspace.description,
              defaultFilters: workspace.defaultFilters,
            }}
            agencies={agencyOptions(sources)}
            filingTypes={filingTypeOptions(sources)}
          />
        ) : (
          <div className="alert alert-info" role="status" data-testid="settings-read-only">
            <InfoIcon />
            <p>
              {workspace.role === null
                ? 'You are not a member of this workspace: as an administrator you can read it, not change it.'
                : 'Only the owners and editors of this workspace can change its name, description and ' +
                  'default filters.'}{' '}
              <Link href={workspacePreviewPath(workspace.id)}>See the workspace</Link>.
            </p>
          </div>
        )}
        {workspace.role !== null ? (
          <MembersManager
            workspaceId={workspace.id}
            members={workspace.members}
            currentUserId={user.id}
            canManage={workspace.can.manageMembers}
          />
        ) : null}
        {workspace.can.delete ? (
          <DeleteWorkspace workspaceId={workspace.id} name={workspace.name} requestCount={workspace.requestCount} />
        ) : null}
      </div>
    </div>
  );
}
