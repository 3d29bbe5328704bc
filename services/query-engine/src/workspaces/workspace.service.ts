import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError } from '@docket/errors';
import type { SearchFilters } from '../domain/search-filters';
import {
  authorise,
  requireUserId,
  roleOf,
  validateSettings,
  withMember,
  withoutMember,
  workspaceNotFound,
  type Workspace,
  type WorkspaceMember,
  type WorkspaceRole,
} from '../domain/workspace';
import {
  decodeCursor,
  DEFAULT_PAGE_SIZE,
  DEFAULT_RECENT,
  encodeCursor,
  MAX_PAGE_SIZE,
  MAX_RECENT,
  pageSize,
  type WorkspaceRequest,
} from '../domain/workspace-request';
import type { WorkspaceRequestRepository } from './workspace-request.repository';
import type { StoredWorkspace, WorkspaceRepository } from './workspace.repository';

export interface WorkspaceInput {
  name: string;
  description: string;
  defaultFilters?: Partial<SearchFilters> | undefined;
}

export interface WorkspaceView {
  workspace: Workspace;
  /** The caller's role; undefined for an administrator who is not a member. */
  role: WorkspaceRole | undefined;
  recentRequests: WorkspaceRequest[];
}

/** The stored queries behind a workspace's searches (store/query.repository.ts). */
export interface WorkspaceSearchQueries {
  removeSearchesOf(workspaceId: string): Promise<number>;
}

/** Concurrent changes to one workspace are rare; a few re-reads settle them. */
const MAX_ATTEMPTS = 5;

/**
 * Workspaces and their logs as the WorkspaceService exposes them. Every call names the caller;
 * membership and role are checked here (domain/workspace.ts), never trusted from the caller.
 */
export class WorkspaceService {
  constructor(
    private readonly workspaces: WorkspaceRepository,
    private readonly requests: WorkspaceRequestRepository,
    private readonly searchQueries: WorkspaceSearchQueries,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(userId: string, input: WorkspaceInput): Promise<Workspace> {
    const creator = requireUserId(userId);
    const settings = validateSettings(input);
    const now = this.now();
    const workspace: Workspace = {
      id: randomUUID(),
      ...settings,
      members: [{ userId: creator, role: 'owner', addedAt: now }],
      createdBy: creator,
      createdAt: now,
      updatedAt: now,
      requestCount: 0,
    };
    return strip(await this.workspaces.insert(workspace));
  }

  /** The caller's workspaces, most recently used first. */
  async listFor(userId: string): Promise<Workspace[]> {
    return (await this.workspaces.listForMember(requireUserId(userId))).map(strip);
  }

  async get(
    userId: string,
    id: string,
    options: { asAdmin?: boolean; recentRequests?: number } = {},
  ): Promise<WorkspaceView> {
    const recent = pageSize(options.recentRequests ?? 0, 'recent_requests', DEFAULT_RECENT, MAX_RECENT);
    const workspace = await this.load(id);
    const role = authorise(workspace, requireUserId(userId), 'read', options);
    return { workspace: strip(workspace), role, recentRequests: await this.requests.page(workspace.id, recent) };
  }

  async update(userId: string, id: string, input: WorkspaceInput): Promise<Workspace> {
    const actor = requireUserId(userId);
    const settings = validateSettings(input);
    return this.change(id, async (workspace, now) => {
      authorise(workspace, actor, 'edit');
      return this.workspaces.replaceSettings(workspace.id, workspace.revision, settings, now);
    });
  }

  async setMember(userId: string, id: string, memberUserId: string, role: WorkspaceRole): Promise<Workspace> {
    const actor = requireUserId(userId);
    const member = requireUserId(memberUserId, 'member_user_id');
    return this.changeMembers(id, (workspace, now) => withMember(workspace, actor, member, role, now));
  }

  async removeMember(userId: string, id: string, memberUserId: string): Promise<Workspace> {
    const actor = requireUserId(userId);
    const member = requireUserId(memberUserId, 'member_user_id');
    return this.changeMembers(id, (workspace) => withoutMember(workspace, actor, member));
  }

  /**
   * Deletes a workspace with its log: owners only (editors and viewers get NotAllowed, anyone else
   * NotFound). There are no multi-document transactions (DESIGN.md §3), so it goes in steps that a
   * repeat can always finish:
   * 1. mark the workspace deleted (one write, guarded by revision like every change): from then on
   *    it is gone for every reader, it leaves its members' lists, and nothing is added to its log
   *    (WorkspaceScope.recordRequest refuses it);
   * 2. remove the stored queries behind its searches, then its log;
   * 3. remove the workspace itself.
   * A crash after step 1 leaves a marked workspace that nobody sees: the owner's repeated call
   * finishes it, and purgeDeleted (run at every start) finishes whatever is left.
   *
   * Stored queries that name the workspace: a search's stored query exists only to give its log
   * entry the analysis, documents and figures views, so it goes with the log. A question's stored
   * query stays: it is the record of a question asked, which administrators review in their query
   * log (/admin/queries/log, "every query ever run") and its author can still open; with the
   * workspace gone, its other members no longer can (AskService reads membership from here).
   */
  async delete(userId: string, id: string): Promise<{ requests: number; searches: number }> {
    const actor = requireUserId(userId);
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
      const workspace = id.trim() ? await this.workspaces.findIncludingDeleted(id.trim()) : undefined;
      if (!workspace) throw workspaceNotFound(id);
      if (workspace.deletedAt) {
        // An interrupted deletion: its owners may finish it; for everyone else it is gone already.
        if (roleOf(workspace, actor) !== 'owner') throw workspaceNotFound(id);
        return this.purge(workspace.id);
      }
      authorise(workspace, actor, 'delete');
      if (await this.workspaces.markDeleted(workspace.id, workspace.revision, this.now()))
        return this.purge(workspace.id);
    }
    throw new ConflictError('the workspace is being changed by someone else; try again');
  }

  /** Finishes every deletion a crash interrupted (steps 2 and 3 of delete); returns how many. */
  async purgeDeleted(): Promise<number> {
    const ids = await this.workspaces.listDeleted();
    for (const id of ids) await this.purge(id);
    return ids.length;
  }

  private async purge(id: string): Promise<{ requests: number; searches: number }> {
    const searches = await this.searchQueries.removeSearchesOf(id);
    const requests = await this.requests.removeAllOf(id);
    await this.workspaces.remove(id);
    return { requests, searches };
  }

  /** The log, newest first, `limit` at a time; `nextCursor` is empty on the last page. */
  async listRequests(
    userId: string,
    id: string,
    options: { limit?: number; cursor?: string; asAdmin?: boolean } = {},
  ): Promise<{ requests: WorkspaceRequest[]; nextCursor: string }> {
    const limit = pageSize(options.limit ?? 0, 'limit', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const after = decodeCursor(options.cursor ?? '');
    const workspace = await this.load(id);
    authorise(workspace, requireUserId(userId), 'read', options);
    // One more than asked tells whether another page exists without counting.
    const page = await this.requests.page(workspace.id, limit + 1, after);
    const requests = page.slice(0, limit);
    const last = requests.at(-1);
    return { requests, nextCursor: page.length > limit && last ? encodeCursor(last) : '' };
  }

  async getRequest(
    userId: string,
    id: string,
    requestId: string,
    options: { asAdmin?: boolean } = {},
  ): Promise<WorkspaceRequest> {
    const workspace = await this.load(id);
    authorise(workspace, requireUserId(userId), 'read', options);
    const request = await this.requests.find(workspace.id, requestId.trim());
    if (!request) throw new NotFoundError(`no request ${requestId} in workspace ${workspace.id}`);
    return request;
  }

  async load(id: string): Promise<StoredWorkspace> {
    const workspace = id.trim() ? await this.workspaces.find(id.trim()) : undefined;
    if (!workspace) throw workspaceNotFound(id);
    return workspace;
  }

  private changeMembers(
    id: string,
    next: (workspace: StoredWorkspace, now: Date) => WorkspaceMember[],
  ): Promise<Workspace> {
    return this.change(id, async (workspace, now) => {
      const members = next(workspace, now);
      if (members === workspace.members) return true; // nothing to change (same role again)
      return this.workspaces.replaceMembers(workspace.id, workspace.revision, members, now);
    });
  }

  /**
   * Read, check, write-if-unchanged, and read again when someone else wrote in between: the rules
   * (who may, the last owner) are always checked against the state the write replaces.
   */
  private async change(
    id: string,
    attempt: (workspace: StoredWorkspace, now: Date) => Promise<boolean>,
  ): Promise<Workspace> {
    for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
      const workspace = await this.load(id);
      if (await attempt(workspace, this.now())) return strip(await this.load(id));
    }
    throw new ConflictError('the workspace is being changed by someone else; try again');
  }
}

function strip(workspace: StoredWorkspace): Workspace {
  const { revision: _revision, ...rest } = workspace;
  return rest;
}
