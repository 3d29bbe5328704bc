// Shapes of the BFF's /api/workspaces (services/bff/src/http/workspace.schemas.ts; /api/openapi.json).
export type WorkspaceRole = 'owner' | 'editor' | 'viewer';
export type RequestKind = 'search' | 'query';
export type RequestSort = 'relevance' | 'filed_newest' | 'filed_oldest';

export interface WorkspaceFilters {
  /** Source ids (the catalog's sources). */
  agencies: string[];
  filingTypes: string[];
  dockets: string[];
  parties: string[];
  /** YYYY-MM-DD, inclusive; null is an open end. */
  filedFrom: string | null;
  filedTo: string | null;
}

export interface WorkspacePermissions {
  /** Run searches and queries (owners, editors). */
  run: boolean;
  /** Change name, description, default filters (owners, editors). */
  edit: boolean;
  /** Add, re-role, remove members (owners). */
  manageMembers: boolean;
  /** Delete the workspace with its log (owners). */
  delete: boolean;
}

export interface WorkspaceSummary {
  id: string;
  name: string;
  description: string;
  defaultFilters: WorkspaceFilters;
  /** null for an administrator who is not a member. */
  role: WorkspaceRole | null;
  can: WorkspacePermissions;
  memberCount: number;
  createdAt: string | null;
  updatedAt: string | null;
  lastUsedAt: string | null;
  requestCount: number;
}

export interface Person {
  id: string;
  /** Empty when the account is unknown. */
  name: string;
  email: string;
  active: boolean;
}

export interface WorkspaceMember {
  userId: string;
  role: WorkspaceRole;
  addedAt: string | null;
  name: string;
  email: string;
  active: boolean;
}

export interface WorkspaceDetail extends WorkspaceSummary {
  createdBy: Person;
  /** Owners, editors, then viewers. */
  members: WorkspaceMember[];
}

export interface WorkspaceRequest {
  id: string;
  workspaceId: string;
  kind: RequestKind;
  text: string;
  filters: WorkspaceFilters;
  sort: RequestSort;
  createdAt: string | null;
  tookMs: number;
  resultCount: number;
  resultCountIsLowerBound: boolean;
  queryId: string | null;
  user: Person;
}

export interface WorkspaceWithRequests {
  workspace: WorkspaceDetail;
  recentRequests: WorkspaceRequest[];
}

export interface WorkspaceRequestsPage {
  requests: WorkspaceRequest[];
  nextCursor: string | null;
}
