import type { Request } from 'express';
import { ConflictError, InputError, NotAllowedError, NotFoundError } from '@docket/errors';
import type { ApiRouter } from '../http/api-router';
import { authOf } from '../http/auth-context';
import type { UserRecord } from '../http/user';
import type { WorkspacePeople } from './workspace-people';
import {
  peopleIn,
  roleOf,
  toDetailView,
  toRequestView,
  toSummaryView,
  type WorkspaceFiltersView,
  type WorkspaceRecord,
  type WorkspaceRequestRecord,
  type WorkspaceRoleName,
} from './workspace-view';
import type { Caller, WorkspacesGateway } from './workspaces.gateway';
import {
  AddMemberBody,
  ChangeMemberBody,
  CreateWorkspaceBody,
  MemberParams,
  RequestParams,
  RequestsQuery,
  UpdateWorkspaceBody,
  WorkspaceParams,
  WorkspaceQuery,
  WorkspaceRequestResponse,
  WorkspaceRequestsResponse,
  WorkspaceResponse,
  WorkspacesResponse,
  WorkspaceWithRequestsResponse,
} from './workspaces.schemas';

type FiltersInput = {
  agencies: string[];
  filingTypes: string[];
  dockets: string[];
  parties: string[];
  filedFrom?: string | null | undefined;
  filedTo?: string | null | undefined;
};

/**
 * /api/workspaces: the query-engine's workspaces for the signed-in user. Membership and roles are
 * enforced by the query-engine; this layer adds people (names, e-mails; add-by-e-mail within the
 * organisation) and lets administrators read any workspace.
 */
export function registerWorkspaceRoutes(
  api: ApiRouter,
  deps: { workspaces: WorkspacesGateway; people: WorkspacePeople },
): void {
  const { workspaces, people } = deps;

  const caller = (req: Request): Caller => {
    const { user } = authOf(req);
    return { userId: user.id, asAdmin: user.role === 'admin' };
  };
  async function detail(
    viewer: UserRecord,
    workspace: WorkspaceRecord,
    role: WorkspaceRoleName | null,
    requests: WorkspaceRequestRecord[] = [],
  ) {
    const known = await people.byIds(viewer, peopleIn(workspace, requests));
    return { workspace: toDetailView(workspace, role, known), requests: requests.map((r) => toRequestView(r, known)) };
  }
  /** The workspace as a member sees it (no administrator reading), for checks before a change. */
  async function asMember(req: Request, workspaceId: string) {
    return workspaces.get({ userId: authOf(req).user.id, asAdmin: false }, workspaceId, 0);
  }

  api.route(
    {
      method: 'post',
      path: '/api/workspaces',
      tag: 'workspaces',
      access: 'user',
      body: CreateWorkspaceBody,
      summary: 'Create a workspace; you become its owner',
      responses: { 201: { description: 'Created', schema: WorkspaceResponse } },
    },
    async ({ body }, req, res) => {
      const { user } = authOf(req);
      const created = await workspaces.create(user.id, {
        name: body.name,
        description: body.description,
        defaultFilters: filtersOf(body.defaultFilters),
      });
      res.status(201).json({ workspace: (await detail(user, created, 'owner')).workspace });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/workspaces',
      tag: 'workspaces',
      access: 'user',
      summary: 'Your workspaces (those you are a member of), most recently used first',
      responses: { 200: { description: 'The workspaces', schema: WorkspacesResponse } },
    },
    async (_input, req, res) => {
      const { user } = authOf(req);
      const mine = await workspaces.listMine(user.id);
      res.json({ workspaces: mine.map((w) => toSummaryView(w, roleOf(w, user.id))) });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/workspaces/:id',
      tag: 'workspaces',
      access: 'user',
      params: WorkspaceParams,
      query: WorkspaceQuery,
      summary:
        'A workspace with its members (names, roles), your role and permissions, and its recent requests (the preview)',
      responses: {
        200: { description: 'The workspace', schema: WorkspaceWithRequestsResponse },
        404: { description: 'No such workspace, or you are not a member (administrators may read any)' },
      },
    },
    async ({ params, query }, req, res) => {
      const found = await workspaces.get(caller(req), params.id, query.recent);
      const view = await detail(authOf(req).user, found.workspace, found.role, found.recentRequests);
      res.json({ workspace: view.workspace, recentRequests: view.requests });
    },
  );

  api.route(
    {
      method: 'patch',
      path: '/api/workspaces/:id',
      tag: 'workspaces',
      access: 'user',
      params: WorkspaceParams,
      body: UpdateWorkspaceBody,
      summary: 'Change the name, description or default filters (owners and editors)',
      responses: {
        200: { description: 'The updated workspace', schema: WorkspaceResponse },
        403: { description: 'You are a viewer' },
        404: { description: 'No such workspace, or you are not a member' },
      },
    },
    async ({ params, body }, req, res) => {
      const { user } = authOf(req);
      const { workspace: current, role } = await asMember(req, params.id);
      const updated = await workspaces.update(user.id, params.id, {
        name: body.name ?? current.name,
        description: body.description ?? current.description,
        defaultFilters: body.defaultFilters ? filtersOf(body.defaultFilters) : current.defaultFilters,
      });
      res.json({ workspace: (await detail(user, updated, role)).workspace });
    },
  );

  api.route(
    {
      method: 'delete',
      path: '/api/workspaces/:id',
      tag: 'workspaces',
      access: 'user',
      params: WorkspaceParams,
      summary:
        "Delete the workspace with its whole log (owners). Questions asked in it stay in the administrators' query log",
      responses: {
        204: { description: 'Deleted; its pages and API answer 404 from now on' },
        403: { description: 'You are an editor or viewer' },
        404: { description: 'No such workspace, or you are not a member' },
      },
    },
    async ({ params }, req, res) => {
      await workspaces.delete(authOf(req).user.id, params.id);
      res.status(204).end();
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/workspaces/:id/members',
      tag: 'workspaces',
      access: 'user',
      params: WorkspaceParams,
      body: AddMemberBody,
      summary: 'Add a person of your organisation by e-mail, with a role (owners)',
      responses: {
        201: { description: 'Added; the updated workspace', schema: WorkspaceResponse },
        400: { description: 'No active account of your organisation has this e-mail (issue on `email`)' },
        403: { description: 'You are not an owner' },
        404: { description: 'No such workspace, or you are not a member' },
        409: { description: 'The person is a member already' },
      },
    },
    async ({ params, body }, req, res) => {
      const { user } = authOf(req);
      const { workspace, role } = await asMember(req, params.id);
      // Checked before the e-mail is looked up, so non-owners cannot probe who has an account.
      if (role !== 'owner') throw new NotAllowedError("only the workspace's owners can manage its members");
      const person = await people.byEmail(user, body.email);
      if (!person)
        throw new InputError('no such person', [
          { path: 'email', message: 'no one in your organisation has this e-mail address' },
        ]);
      if (!person.active)
        throw new InputError('account deactivated', [
          { path: 'email', message: "this person's account is deactivated" },
        ]);
      const existing = workspace.members.find((m) => m.userId === person.id);
      if (existing)
        throw new ConflictError(
          `${person.email} is already a member (${existing.role}); change their role in the list instead`,
        );
      const updated = await workspaces.setMember(user.id, params.id, person.id, body.role);
      res.status(201).json({ workspace: (await detail(user, updated, role)).workspace });
    },
  );

  api.route(
    {
      method: 'patch',
      path: '/api/workspaces/:id/members/:userId',
      tag: 'workspaces',
      access: 'user',
      params: MemberParams,
      body: ChangeMemberBody,
      summary: "Change a member's role (owners); the last owner cannot be demoted",
      responses: {
        200: { description: 'The updated workspace', schema: WorkspaceResponse },
        403: { description: 'You are not an owner' },
        404: { description: 'No such workspace or member' },
        409: { description: 'That would leave the workspace without an owner' },
      },
    },
    async ({ params, body }, req, res) => {
      const { user } = authOf(req);
      const { workspace } = await asMember(req, params.id);
      // SetMember also adds; here only existing members (people are added by e-mail, within the organisation).
      if (!workspace.members.some((m) => m.userId === params.userId))
        throw new NotFoundError('no such member in this workspace');
      const updated = await workspaces.setMember(user.id, params.id, params.userId, body.role);
      res.json({ workspace: (await detail(user, updated, roleOf(updated, user.id))).workspace });
    },
  );

  api.route(
    {
      method: 'delete',
      path: '/api/workspaces/:id/members/:userId',
      tag: 'workspaces',
      access: 'user',
      params: MemberParams,
      summary: 'Remove a member (owners), or leave (any member, your own id); the last owner cannot be removed',
      responses: {
        204: { description: 'Removed' },
        403: { description: 'You are not an owner (and not removing yourself)' },
        404: { description: 'No such workspace or member' },
        409: { description: 'That would leave the workspace without an owner' },
      },
    },
    async ({ params }, req, res) => {
      await workspaces.removeMember(authOf(req).user.id, params.id, params.userId);
      res.status(204).end();
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/workspaces/:id/requests',
      tag: 'workspaces',
      access: 'user',
      params: WorkspaceParams,
      query: RequestsQuery,
      summary: "The workspace's log: every search and query run in it, newest first, a page at a time",
      responses: {
        200: { description: 'A page of the log', schema: WorkspaceRequestsResponse },
        404: { description: 'No such workspace, or you are not a member' },
      },
    },
    async ({ params, query }, req, res) => {
      const page = await workspaces.listRequests(caller(req), params.id, query.limit, query.cursor);
      const known = await people.byIds(authOf(req).user, peopleIn(undefined, page.requests));
      res.json({ requests: page.requests.map((r) => toRequestView(r, known)), nextCursor: page.nextCursor });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/workspaces/:id/requests/:requestId',
      tag: 'workspaces',
      access: 'user',
      params: RequestParams,
      summary: 'One request of the log (its queryId leads to the analysis, documents and figures)',
      responses: {
        200: { description: 'The request', schema: WorkspaceRequestResponse },
        404: { description: 'No such workspace or request, or you are not a member' },
      },
    },
    async ({ params }, req, res) => {
      const request = await workspaces.getRequest(caller(req), params.id, params.requestId);
      const known = await people.byIds(authOf(req).user, peopleIn(undefined, [request]));
      res.json({ request: toRequestView(request, known) });
    },
  );
}

function filtersOf(input: FiltersInput | undefined): WorkspaceFiltersView {
  return {
    agencies: input?.agencies ?? [],
    filingTypes: input?.filingTypes ?? [],
    dockets: input?.dockets ?? [],
    parties: input?.parties ?? [],
    filedFrom: input?.filedFrom || null,
    filedTo: input?.filedTo || null,
  };
}
