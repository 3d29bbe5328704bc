import { InputError } from '@docket/errors';
import { SearchSort } from '@docket/proto/src/search';
import {
  WorkspaceRole as ProtoRole,
  RequestKind,
  type WorkspaceRequest as ProtoRequest,
  type Workspace as ProtoWorkspace,
} from '@docket/proto/src/workspaces';
import { filtersToProto } from '../ask';
import type { Workspace, WorkspaceRole } from '../domain/workspace';
import type { RequestSort, WorkspaceRequest } from '../domain/workspace-request';

const ROLE_TO_PROTO: Record<WorkspaceRole, ProtoRole> = {
  owner: ProtoRole.WORKSPACE_ROLE_OWNER,
  editor: ProtoRole.WORKSPACE_ROLE_EDITOR,
  viewer: ProtoRole.WORKSPACE_ROLE_VIEWER,
};

const SORT_TO_PROTO: Record<RequestSort, SearchSort> = {
  relevance: SearchSort.SEARCH_SORT_RELEVANCE,
  filed_newest: SearchSort.SEARCH_SORT_FILED_NEWEST,
  filed_oldest: SearchSort.SEARCH_SORT_FILED_OLDEST,
};

export function roleToProto(role: WorkspaceRole | undefined): ProtoRole {
  return role ? ROLE_TO_PROTO[role] : ProtoRole.WORKSPACE_ROLE_UNSPECIFIED;
}

export function roleFromProto(role: ProtoRole, path = 'role'): WorkspaceRole {
  switch (role) {
    case ProtoRole.WORKSPACE_ROLE_OWNER:
      return 'owner';
    case ProtoRole.WORKSPACE_ROLE_EDITOR:
      return 'editor';
    case ProtoRole.WORKSPACE_ROLE_VIEWER:
      return 'viewer';
    default:
      throw new InputError('invalid role', [{ path, message: 'must be owner, editor or viewer' }]);
  }
}

export function sortFromProto(sort: SearchSort): RequestSort {
  switch (sort) {
    case SearchSort.SEARCH_SORT_FILED_NEWEST:
      return 'filed_newest';
    case SearchSort.SEARCH_SORT_FILED_OLDEST:
      return 'filed_oldest';
    default:
      return 'relevance';
  }
}

export function workspaceToProto(workspace: Workspace): ProtoWorkspace {
  return {
    workspaceId: workspace.id,
    name: workspace.name,
    description: workspace.description,
    defaultFilters: filtersToProto(workspace.defaultFilters),
    members: workspace.members.map((m) => ({ userId: m.userId, role: roleToProto(m.role), addedAt: m.addedAt })),
    createdBy: workspace.createdBy,
    createdAt: workspace.createdAt,
    updatedAt: workspace.updatedAt,
    lastUsedAt: workspace.lastUsedAt,
    requestCount: String(workspace.requestCount),
  };
}

export function requestToProto(request: WorkspaceRequest): ProtoRequest {
  return {
    requestId: request.id,
    workspaceId: request.workspaceId,
    userId: request.userId,
    kind: request.kind === 'query' ? RequestKind.REQUEST_KIND_QUERY : RequestKind.REQUEST_KIND_SEARCH,
    text: request.text,
    filters: filtersToProto(request.filters),
    createdAt: request.createdAt,
    tookMs: request.tookMs,
    resultCount: String(request.resultCount),
    resultCountIsLowerBound: request.resultCountIsLowerBound,
    queryId: request.queryId,
    sort: SORT_TO_PROTO[request.sort],
    facets: request.facets.map((facet) => ({
      field: facet.field,
      buckets: facet.buckets.map((bucket) => ({
        value: bucket.value,
        label: bucket.label,
        count: String(bucket.count),
      })),
    })),
  };
}
