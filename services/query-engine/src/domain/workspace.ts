import { ConflictError, InputError, NotAllowedError, NotFoundError, type FieldIssue } from '@docket/errors';
import { checkSearchFilters, type SearchFilters } from './search-filters';

/**
 * Workspaces: a research context (name, description, default filters) shared by its members.
 *
 * Roles:
 * - owner: everything an editor can do, plus adding, re-roling and removing members, and deleting
 *   the workspace (with its log);
 * - editor: change the name, description and default filters; run searches and queries (each one
 *   is recorded in the workspace's log);
 * - viewer: read the workspace, its members and its log (every request's analysis, documents and
 *   figures), but not run searches or queries in it (the log is the record of the people doing the
 *   research; a viewer reading it does not add to it) and not change anything.
 * A non-member is told the workspace does not exist, so its existence does not leak. Administrators
 * may read any workspace (the BFF decides who is one), but not change it.
 */
export const WORKSPACE_ROLES = ['owner', 'editor', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export type WorkspaceAction = 'read' | 'run' | 'edit' | 'manage_members' | 'delete';

const PERMISSIONS: Record<WorkspaceRole, ReadonlySet<WorkspaceAction>> = {
  owner: new Set(['read', 'run', 'edit', 'manage_members', 'delete']),
  editor: new Set(['read', 'run', 'edit']),
  viewer: new Set(['read']),
};

const REFUSALS: Record<WorkspaceAction, string> = {
  read: 'you cannot read this workspace',
  run: 'viewers cannot run searches or queries in this workspace; ask an owner to make you an editor',
  edit: "only the workspace's owners and editors can change its settings",
  manage_members: "only the workspace's owners can manage its members",
  delete: "only the workspace's owners can delete it",
};

export const MAX_NAME_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 2_000;
export const MAX_MEMBERS = 200;

export interface WorkspaceMember {
  userId: string;
  role: WorkspaceRole;
  addedAt: Date;
}

export interface Workspace {
  id: string;
  name: string;
  description: string;
  defaultFilters: SearchFilters;
  members: WorkspaceMember[];
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  /** The last search or query in it; undefined until the first. */
  lastUsedAt?: Date | undefined;
  requestCount: number;
}

export interface WorkspaceSettings {
  name: string;
  description: string;
  defaultFilters: SearchFilters;
}

export function can(role: WorkspaceRole | undefined, action: WorkspaceAction): boolean {
  return role !== undefined && PERMISSIONS[role].has(action);
}

export function roleOf(workspace: Pick<Workspace, 'members'>, userId: string): WorkspaceRole | undefined {
  return workspace.members.find((m) => m.userId === userId)?.role;
}

/**
 * Checks that `userId` may do `action` and returns their role (undefined for an administrator
 * reading a workspace they are not a member of). Non-members get NotFound, members without the
 * right NotAllowed.
 */
export function authorise(
  workspace: Pick<Workspace, 'id' | 'members'>,
  userId: string,
  action: WorkspaceAction,
  options: { asAdmin?: boolean } = {},
): WorkspaceRole | undefined {
  const role = roleOf(workspace, userId);
  if (role === undefined) {
    if (options.asAdmin && action === 'read') return undefined;
    throw workspaceNotFound(workspace.id);
  }
  if (!can(role, action)) throw new NotAllowedError(REFUSALS[action]);
  return role;
}

export function workspaceNotFound(id: string): NotFoundError {
  return new NotFoundError(`no workspace ${id}`);
}

/**
 * Name 1–100 characters, description up to 2,000, filters as checkSearchFilters allows
 * (the search pipeline's own rules).
 */
export function validateSettings(input: {
  name: string;
  description: string;
  defaultFilters?: Partial<SearchFilters> | undefined;
}): WorkspaceSettings {
  const issues: FieldIssue[] = [];
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name.length === 0) issues.push({ path: 'name', message: 'must not be empty' });
  else if (name.length > MAX_NAME_LENGTH)
    issues.push({ path: 'name', message: `must be at most ${MAX_NAME_LENGTH} characters` });
  const description = input.description.trim();
  if (description.length > MAX_DESCRIPTION_LENGTH)
    issues.push({ path: 'description', message: `must be at most ${MAX_DESCRIPTION_LENGTH} characters` });
  const { filters, issues: filterIssues } = checkSearchFilters(input.defaultFilters, 'default_filters');
  issues.push(...filterIssues);
  if (issues.length > 0) throw new InputError('invalid workspace', issues);
  return { name, description, defaultFilters: filters };
}

export function requireUserId(userId: string, path = 'user_id'): string {
  const id = userId.trim();
  if (!id) throw new InputError(`${path} is required`, [{ path, message: 'must not be empty' }]);
  return id;
}

export function parseRole(value: string | undefined, path = 'role'): WorkspaceRole {
  if (value && (WORKSPACE_ROLES as readonly string[]).includes(value)) return value as WorkspaceRole;
  throw new InputError('invalid role', [{ path, message: `must be one of ${WORKSPACE_ROLES.join(', ')}` }]);
}

/**
 * The members after `actorId` gives `memberId` the role `role` (adding them when new). Owners
 * only; the last owner cannot be demoted, so a workspace always has someone who can manage it.
 */
export function withMember(
  workspace: Workspace,
  actorId: string,
  memberId: string,
  role: WorkspaceRole,
  now: Date,
): WorkspaceMember[] {
  authorise(workspace, actorId, 'manage_members');
  const existing = workspace.members.find((m) => m.userId === memberId);
  if (existing) {
    if (existing.role === role) return workspace.members;
    if (existing.role === 'owner' && role !== 'owner') assertAnotherOwner(workspace, memberId, 'demoted');
    return workspace.members.map((m) => (m.userId === memberId ? { ...m, role } : m));
  }
  if (workspace.members.length >= MAX_MEMBERS) {
    throw new InputError('the workspace is full', [
      { path: 'member_user_id', message: `a workspace has at most ${MAX_MEMBERS} members` },
    ]);
  }
  return [...workspace.members, { userId: memberId, role, addedAt: now }];
}

/**
 * The members after `actorId` removes `memberId`. Owners remove anyone; any member may remove
 * themselves (leave). The last owner can do neither.
 */
export function withoutMember(workspace: Workspace, actorId: string, memberId: string): WorkspaceMember[] {
  if (actorId === memberId) authorise(workspace, actorId, 'read');
  else authorise(workspace, actorId, 'manage_members');
  const existing = workspace.members.find((m) => m.userId === memberId);
  if (!existing) throw new NotFoundError(`${memberId} is not a member of this workspace`);
  if (existing.role === 'owner') assertAnotherOwner(workspace, memberId, 'removed');
  return workspace.members.filter((m) => m.userId !== memberId);
}

function assertAnotherOwner(workspace: Workspace, memberId: string, what: 'removed' | 'demoted'): void {
  if (!workspace.members.some((m) => m.role === 'owner' && m.userId !== memberId)) {
    throw new ConflictError(`the last owner cannot be ${what}: make another member an owner first`);
  }
}
