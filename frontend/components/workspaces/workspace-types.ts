// Shapes of the BFF's /api/workspaces: aliases of the types generated from its OpenAPI document
// (lib/api/schema.d.ts; services/bff/src/http/workspace.schemas.ts is the source).
import type { components, paths } from '@/lib/api/schema';

type Schemas = components['schemas'];

export type WorkspaceFilters = Schemas['WorkspaceFilters'];
export type WorkspacePermissions = Schemas['WorkspacePermissions'];
export type WorkspaceSummary = Schemas['WorkspaceSummary'];
export type WorkspaceRole = NonNullable<WorkspaceSummary['role']>;
export type Person = Schemas['Person'];
export type WorkspaceMember = Schemas['WorkspaceMember'];
export type WorkspaceDetail = Schemas['Workspace'];
export type WorkspaceRequest = Schemas['WorkspaceRequest'];
export type RequestKind = WorkspaceRequest['kind'];
export type RequestSort = WorkspaceRequest['sort'];
export type WorkspaceWithRequests =
  paths['/api/workspaces/{id}']['get']['responses'][200]['content']['application/json'];
export type WorkspaceRequestsPage =
  paths['/api/workspaces/{id}/requests']['get']['responses'][200]['content']['application/json'];
