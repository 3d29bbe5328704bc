/**
 * Workspaces as the REST API shows them. The query-engine owns workspaces and knows users by id;
 * the BFF adds who they are (name, e-mail) and what the caller may do.
 */
import type { z } from 'zod';
import type { RequestKindName, RequestSortName, WorkspaceRoleName } from './workspace-vocabulary';
import type {
  Person,
  WorkspaceDetail,
  WorkspaceFilters,
  WorkspaceMember,
  WorkspaceRequest,
  WorkspaceSummary,
} from './workspaces.schemas';

export {
  requestKinds,
  requestSorts,
  workspaceRoles,
  type RequestKindName,
  type RequestSortName,
  type WorkspaceRoleName,
} from './workspace-vocabulary';

/** A workspace's default filters, or the filters a request ran with. */
export type WorkspaceFiltersView = z.output<typeof WorkspaceFilters>;

/** What the caller may do; mirrors the query-engine's rules (domain/workspace.ts there), which enforce them. */
export type WorkspacePermissions = WorkspaceSummaryView['can'];

export function permissionsOf(role: WorkspaceRoleName | null): WorkspacePermissions {
  return {
    run: role === 'owner' || role === 'editor',
    edit: role === 'owner' || role === 'editor',
    manageMembers: role === 'owner',
    delete: role === 'owner',
  };
}

/** A user as a workspace shows them (empty name when unknown to this organisation). */
export type PersonView = z.output<typeof Person>;

export interface WorkspaceMemberRecord {
  userId: string;
  role: WorkspaceRoleName;
  addedAt: string | null;
}

/** A workspace as the query-engine returns it (ids only). */
export interface WorkspaceRecord {
  id: string;
  name: string;
  description: string;
  defaultFilters: WorkspaceFiltersView;
  members: WorkspaceMemberRecord[];
  createdBy: string;
  createdAt: string | null;
  updatedAt: string | null;
  lastUsedAt: string | null;
  requestCount: number;
}

export interface WorkspaceRequestRecord {
  id: string;
  workspaceId: string;
  userId: string;
  kind: RequestKindName;
  text: string;
  filters: WorkspaceFiltersView;
  sort: RequestSortName;
  createdAt: string | null;
  tookMs: number;
  resultCount: number;
  resultCountIsLowerBound: boolean;
  queryId: string | null;
  /** A search's facets as counted when it ran; empty for a question. */
  facets: WorkspaceRequestView['facets'];
}

/** A workspace in a list: its settings, the caller's role and what the caller may do. */
export type WorkspaceSummaryView = z.output<typeof WorkspaceSummary>;

/** A member of a workspace, with who they are. */
export type WorkspaceMemberView = z.output<typeof WorkspaceMember>;

/** A workspace with its creator and members. */
export type WorkspaceDetailView = z.output<typeof WorkspaceDetail>;

/** A search or question of a workspace's log, with who ran it. */
export type WorkspaceRequestView = z.output<typeof WorkspaceRequest>;

export function roleOf(workspace: WorkspaceRecord, userId: string): WorkspaceRoleName | null {
  return workspace.members.find((m) => m.userId === userId)?.role ?? null;
}

export function toSummaryView(workspace: WorkspaceRecord, role: WorkspaceRoleName | null): WorkspaceSummaryView {
  const { members, createdBy: _createdBy, ...rest } = workspace;
  return { ...rest, role, can: permissionsOf(role), memberCount: members.length };
}

const ROLE_ORDER: Record<WorkspaceRoleName, number> = { owner: 0, editor: 1, viewer: 2 };

export function toDetailView(
  workspace: WorkspaceRecord,
  role: WorkspaceRoleName | null,
  people: Map<string, PersonView>,
): WorkspaceDetailView {
  const members = workspace.members
    .map((m) => {
      const person = personOf(m.userId, people);
      return { ...m, name: person.name, email: person.email, active: person.active };
    })
    .sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || (a.name || a.email).localeCompare(b.name || b.email));
  return { ...toSummaryView(workspace, role), createdBy: personOf(workspace.createdBy, people), members };
}

export function toRequestView(request: WorkspaceRequestRecord, people: Map<string, PersonView>): WorkspaceRequestView {
  const { userId, ...rest } = request;
  return { ...rest, user: personOf(userId, people) };
}

function personOf(id: string, people: Map<string, PersonView>): PersonView {
  return people.get(id) ?? { id, name: '', email: '', active: false };
}

/** The ids whose names a view needs. */
export function peopleIn(workspace: WorkspaceRecord | undefined, requests: WorkspaceRequestRecord[] = []): string[] {
  const ids = new Set<string>(requests.map((r) => r.userId));
  if (workspace) {
    ids.add(workspace.createdBy);
    for (const m of workspace.members) ids.add(m.userId);
  }
  ids.delete('');
  return [...ids];
}

/**
 * The query-engine names fields as its proto does (`default_filters.filed_to`, `parties[1]`);
 * the REST API as its JSON does (`defaultFilters.filedTo`, `parties.1`), like zod's own issues.
 */
export function toApiPath(path: string): string {
  return path.replace(/\[(\d+)\]/g, '.$1').replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}
