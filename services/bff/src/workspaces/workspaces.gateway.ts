import { InputError, NotFoundError } from '@docket/errors';
import * as searchV1 from '@docket/proto/src/search';
import * as workspacesV1 from '@docket/proto/src/workspaces';
import { grpcCall } from '@docket/service-kit';
import { isoOrNull } from '../grpc/timestamps';
import type { SearchFacetField } from '../search';
import {
  toApiPath,
  type RequestSortName,
  type WorkspaceFiltersView,
  type WorkspaceRecord,
  type WorkspaceRequestRecord,
  type WorkspaceRoleName,
} from './workspace-view';

const { WorkspaceRole, RequestKind } = workspacesV1;
const { SearchSort } = searchV1;
type ProtoRole = workspacesV1.WorkspaceRole;

export interface WorkspaceSettingsInput {
  name: string;
  description: string;
  defaultFilters: WorkspaceFiltersView;
}

/** Who asks: the query-engine checks membership for `userId`; `asAdmin` lets an administrator read any workspace. */
export interface Caller {
  userId: string;
  asAdmin: boolean;
}

/** The BFF's view of the query-engine's WorkspaceService. */
export class WorkspacesGateway {
  constructor(private readonly client: workspacesV1.WorkspaceServiceClient) {}

  async create(userId: string, settings: WorkspaceSettingsInput): Promise<WorkspaceRecord> {
    const response = await this.call(() =>
      grpcCall(this.client, 'createWorkspace', { userId, ...settingsToProto(settings) }),
    );
    return workspaceOf(response.workspace);
  }

  async listMine(userId: string): Promise<WorkspaceRecord[]> {
    const response = await grpcCall(this.client, 'listWorkspaces', { userId });
    return response.workspaces.map(toWorkspaceRecord);
  }

  async get(
    caller: Caller,
    workspaceId: string,
    recentRequests: number,
  ): Promise<{ workspace: WorkspaceRecord; role: WorkspaceRoleName | null; recentRequests: WorkspaceRequestRecord[] }> {
    const response = await grpcCall(this.client, 'getWorkspace', {
      workspaceId,
      userId: caller.userId,
      asAdmin: caller.asAdmin,
      recentRequests,
    });
    return {
      workspace: workspaceOf(response.workspace),
      role: roleFromProto(response.role),
      recentRequests: response.recentRequests.map(toRequestRecord),
    };
  }

  async update(userId: string, workspaceId: string, settings: WorkspaceSettingsInput): Promise<WorkspaceRecord> {
    const response = await this.call(() =>
      grpcCall(this.client, 'updateWorkspace', { workspaceId, userId, ...settingsToProto(settings) }),
    );
    return workspaceOf(response.workspace);
  }

  async setMember(
    userId: string,
    workspaceId: string,
    memberUserId: string,
    role: WorkspaceRoleName,
  ): Promise<WorkspaceRecord> {
    const response = await this.call(() =>
      grpcCall(this.client, 'setMember', { workspaceId, userId, memberUserId, role: roleToProto(role) }),
    );
    return workspaceOf(response.workspace);
  }

  async removeMember(userId: string, workspaceId: string, memberUserId: string): Promise<void> {
    await grpcCall(this.client, 'removeMember', { workspaceId, userId, memberUserId });
  }

  /** Owners only; the query-engine removes the workspace with its log. */
  async delete(userId: string, workspaceId: string): Promise<void> {
    await grpcCall(this.client, 'deleteWorkspace', { workspaceId, userId });
  }

  async listRequests(
    caller: Caller,
    workspaceId: string,
    limit: number,
    cursor: string,
  ): Promise<{ requests: WorkspaceRequestRecord[]; nextCursor: string | null }> {
    const response = await this.call(() =>
      grpcCall(this.client, 'listRequests', {
        workspaceId,
        userId: caller.userId,
        asAdmin: caller.asAdmin,
        limit,
        cursor,
      }),
    );
    return { requests: response.requests.map(toRequestRecord), nextCursor: response.nextCursor || null };
  }

  async getRequest(caller: Caller, workspaceId: string, requestId: string): Promise<WorkspaceRequestRecord> {
    const response = await grpcCall(this.client, 'getRequest', {
      workspaceId,
      requestId,
      userId: caller.userId,
      asAdmin: caller.asAdmin,
    });
    if (!response.request) throw new NotFoundError(`no request ${requestId}`);
    return toRequestRecord(response.request);
  }

  /** Field issues from the query-engine, renamed to the REST API's field paths. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof InputError)
        throw new InputError(
          error.message,
          error.issues.map((i) => ({ ...i, path: toApiPath(i.path) })),
        );
      throw error;
    }
  }
}

function settingsToProto(settings: WorkspaceSettingsInput) {
  const f = settings.defaultFilters;
  return {
    name: settings.name,
    description: settings.description,
    defaultFilters: {
      agencies: f.agencies,
      filingTypes: f.filingTypes,
      dockets: f.dockets,
      parties: f.parties,
      filedFrom: f.filedFrom ?? '',
      filedTo: f.filedTo ?? '',
    },
  };
}

function workspaceOf(workspace: workspacesV1.Workspace | undefined): WorkspaceRecord {
  if (!workspace) throw new Error('the query-engine answered without a workspace');
  return toWorkspaceRecord(workspace);
}

export function toFiltersView(filters: searchV1.SearchFilters | undefined): WorkspaceFiltersView {
  return {
    agencies: filters?.agencies ?? [],
    filingTypes: filters?.filingTypes ?? [],
    dockets: filters?.dockets ?? [],
    parties: filters?.parties ?? [],
    filedFrom: filters?.filedFrom || null,
    filedTo: filters?.filedTo || null,
  };
}

export function toWorkspaceRecord(workspace: workspacesV1.Workspace): WorkspaceRecord {
  return {
    id: workspace.workspaceId,
    name: workspace.name,
    description: workspace.description,
    defaultFilters: toFiltersView(workspace.defaultFilters),
    members: workspace.members.flatMap((m) => {
      const role = roleFromProto(m.role);
      return role ? [{ userId: m.userId, role, addedAt: isoOrNull(m.addedAt) }] : [];
    }),
    createdBy: workspace.createdBy,
    createdAt: isoOrNull(workspace.createdAt),
    updatedAt: isoOrNull(workspace.updatedAt),
    lastUsedAt: isoOrNull(workspace.lastUsedAt),
    requestCount: Number(workspace.requestCount),
  };
}

export function toRequestRecord(request: workspacesV1.WorkspaceRequest): WorkspaceRequestRecord {
  return {
    id: request.requestId,
    workspaceId: request.workspaceId,
    userId: request.userId,
    kind: request.kind === RequestKind.REQUEST_KIND_QUERY ? 'query' : 'search',
    text: request.text,
    filters: toFiltersView(request.filters),
    sort: sortFromProto(request.sort),
    createdAt: isoOrNull(request.createdAt),
    tookMs: request.tookMs,
    resultCount: Number(request.resultCount),
    resultCountIsLowerBound: request.resultCountIsLowerBound,
    queryId: request.queryId || null,
    facets: request.facets.map((facet) => ({
      field: facet.field as SearchFacetField,
      buckets: facet.buckets.map((bucket) => ({
        value: bucket.value,
        label: bucket.label,
        count: Number(bucket.count),
      })),
    })),
  };
}

function roleFromProto(role: ProtoRole): WorkspaceRoleName | null {
  switch (role) {
    case WorkspaceRole.WORKSPACE_ROLE_OWNER:
      return 'owner';
    case WorkspaceRole.WORKSPACE_ROLE_EDITOR:
      return 'editor';
    case WorkspaceRole.WORKSPACE_ROLE_VIEWER:
      return 'viewer';
    default:
      return null;
  }
}

function roleToProto(role: WorkspaceRoleName): ProtoRole {
  return {
    owner: WorkspaceRole.WORKSPACE_ROLE_OWNER,
    editor: WorkspaceRole.WORKSPACE_ROLE_EDITOR,
    viewer: WorkspaceRole.WORKSPACE_ROLE_VIEWER,
  }[role];
}

function sortFromProto(sort: searchV1.SearchSort): RequestSortName {
  if (sort === SearchSort.SEARCH_SORT_FILED_NEWEST) return 'filed_newest';
  if (sort === SearchSort.SEARCH_SORT_FILED_OLDEST) return 'filed_oldest';
  return 'relevance';
}
