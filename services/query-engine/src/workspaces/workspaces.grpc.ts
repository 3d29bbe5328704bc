import type { Logger } from '@docket/observability';
import {
  WorkspaceServiceService,
  type CreateWorkspaceRequest,
  type CreateWorkspaceResponse,
  type DeleteWorkspaceRequest,
  type DeleteWorkspaceResponse,
  type GetRequestRequest,
  type GetRequestResponse,
  type GetWorkspaceRequest,
  type GetWorkspaceResponse,
  type ListRequestsRequest,
  type ListRequestsResponse,
  type ListWorkspacesRequest,
  type ListWorkspacesResponse,
  type RemoveMemberRequest,
  type RemoveMemberResponse,
  type SetMemberRequest,
  type SetMemberResponse,
  type UpdateWorkspaceRequest,
  type UpdateWorkspaceResponse,
} from '@docket/proto/src/workspaces';
import { unary, type GrpcServiceBinding } from '@docket/service-kit';
import { filtersFromProto } from '../ask';
import { requestToProto, roleFromProto, roleToProto, workspaceToProto } from './workspace.mapper';
import type { WorkspaceService } from './workspace.service';

/** research.query_engine.v1.WorkspaceService: a thin adapter; the rules live in WorkspaceService. */
export function workspaceServiceBinding(deps: { workspaces: WorkspaceService; logger: Logger }): GrpcServiceBinding {
  const { workspaces, logger } = deps;
  return {
    definition: WorkspaceServiceService,
    implementation: {
      createWorkspace: unary<CreateWorkspaceRequest, CreateWorkspaceResponse>(logger, async (request) => {
        const workspace = await workspaces.create(request.userId, {
          name: request.name,
          description: request.description,
          defaultFilters: filtersFromProto(request.defaultFilters),
        });
        logger.info({ workspaceId: workspace.id, userId: request.userId }, 'workspace created');
        return { workspace: workspaceToProto(workspace) };
      }),

      listWorkspaces: unary<ListWorkspacesRequest, ListWorkspacesResponse>(logger, async (request) => ({
        workspaces: (await workspaces.listFor(request.userId)).map(workspaceToProto),
      })),

      getWorkspace: unary<GetWorkspaceRequest, GetWorkspaceResponse>(logger, async (request) => {
        const view = await workspaces.get(request.userId, request.workspaceId, {
          asAdmin: request.asAdmin,
          recentRequests: request.recentRequests,
        });
        return {
          workspace: workspaceToProto(view.workspace),
          recentRequests: view.recentRequests.map(requestToProto),
          role: roleToProto(view.role),
        };
      }),

      updateWorkspace: unary<UpdateWorkspaceRequest, UpdateWorkspaceResponse>(logger, async (request) => {
        const workspace = await workspaces.update(request.userId, request.workspaceId, {
          name: request.name,
          description: request.description,
          defaultFilters: filtersFromProto(request.defaultFilters),
        });
        return { workspace: workspaceToProto(workspace) };
      }),

      setMember: unary<SetMemberRequest, SetMemberResponse>(logger, async (request) => {
        const workspace = await workspaces.setMember(
          request.userId,
          request.workspaceId,
          request.memberUserId,
          roleFromProto(request.role),
        );
        logger.info(
          { workspaceId: workspace.id, actorId: request.userId, memberId: request.memberUserId, role: request.role },
          'workspace member set',
        );
        return { workspace: workspaceToProto(workspace) };
      }),

      removeMember: unary<RemoveMemberRequest, RemoveMemberResponse>(logger, async (request) => {
        const workspace = await workspaces.removeMember(request.userId, request.workspaceId, request.memberUserId);
        logger.info(
          { workspaceId: workspace.id, actorId: request.userId, memberId: request.memberUserId },
          'workspace member removed',
        );
        return { workspace: workspaceToProto(workspace) };
      }),

      deleteWorkspace: unary<DeleteWorkspaceRequest, DeleteWorkspaceResponse>(logger, async (request) => {
        const removed = await workspaces.delete(request.userId, request.workspaceId);
        logger.info({ workspaceId: request.workspaceId, actorId: request.userId, ...removed }, 'workspace deleted');
        return {};
      }),

      listRequests: unary<ListRequestsRequest, ListRequestsResponse>(logger, async (request) => {
        const page = await workspaces.listRequests(request.userId, request.workspaceId, {
          limit: request.limit,
          cursor: request.cursor,
          asAdmin: request.asAdmin,
        });
        return { requests: page.requests.map(requestToProto), nextCursor: page.nextCursor };
      }),

      getRequest: unary<GetRequestRequest, GetRequestResponse>(logger, async (request) => ({
        request: requestToProto(
          await workspaces.getRequest(request.userId, request.workspaceId, request.requestId, {
            asAdmin: request.asAdmin,
          }),
        ),
      })),
    },
  };
}
