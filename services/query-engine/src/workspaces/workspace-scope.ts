import { randomUUID } from 'node:crypto';
import { NotFoundError } from '@docket/errors';
import type { SearchFilters } from '../domain/search-filters';
import {
  authorise,
  requireUserId,
  workspaceNotFound,
  type WorkspaceAction,
  type WorkspaceRole,
} from '../domain/workspace';
import { validateRecordRequest, type RecordRequestInput } from '../domain/workspace-request';
import type { WorkspaceRequestRepository } from './workspace-request.repository';
import type { WorkspaceRepository } from './workspace.repository';
import type { WorkspaceService } from './workspace.service';

export interface ResolvedWorkspace {
  workspaceId: string;
  /** The workspace's default filters, to combine (AND) with the request's own. */
  defaultFilters: SearchFilters;
  /** The caller's role; undefined for an administrator reading a workspace they are not in. */
  role: WorkspaceRole | undefined;
}

/**
 * What the search and ask pipelines need from workspaces, and nothing more:
 *
 * - `resolve(userId, workspaceId)` before running: checks that the caller may run searches and
 *   queries there (owners and editors; viewers get NotAllowedError, non-members NotFoundError so
 *   that a workspace's existence does not leak) and returns its default filters. Pass
 *   `{ access: 'read' }` to check reading instead (viewers too; administrators with `asAdmin`),
 *   e.g. before showing a stored query that belongs to a workspace.
 * - `recordRequest(...)` after running: appends the request to the workspace's log (newest
 *   first), bumps the workspace's lastUsedAt and requestCount, and returns the request id. The
 *   `filters` to record are the ones in force (defaults combined with the request's own).
 * - `linkQuery(...)`: attaches the stored query built later for a request (e.g. when a search's
 *   analysis is first opened).
 *
 * Errors are the house kinds (InputError for a malformed record, naming the field), so a gRPC
 * handler can let them through unchanged.
 */
export class WorkspaceScope {
  constructor(
    private readonly service: WorkspaceService,
    private readonly workspaces: WorkspaceRepository,
    private readonly requests: WorkspaceRequestRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async resolve(
    userId: string,
    workspaceId: string,
    options: { access?: Extract<WorkspaceAction, 'run' | 'read'>; asAdmin?: boolean } = {},
  ): Promise<ResolvedWorkspace> {
    const workspace = await this.service.load(workspaceId);
    const role = authorise(workspace, requireUserId(userId), options.access ?? 'run', { asAdmin: options.asAdmin });
    return { workspaceId: workspace.id, defaultFilters: workspace.defaultFilters, role };
  }

  async recordRequest(input: RecordRequestInput): Promise<string> {
    const request = validateRecordRequest(input);
    const workspace = await this.service.load(request.workspaceId);
    const id = randomUUID();
    const now = this.now();
    await this.requests.insert({ ...request, workspaceId: workspace.id, id, createdAt: now });
    // A second write: a crash between the two leaves the count one short, never a lost request.
    if (!(await this.workspaces.markUsed(workspace.id, now))) {
      // Deleted since it was loaded: the deletion's removal of the log may have run already, so
      // the request this call added is removed here (WorkspaceService.delete marks first).
      await this.requests.remove(workspace.id, id);
      throw workspaceNotFound(workspace.id);
    }
    return id;
  }

  async linkQuery(workspaceId: string, requestId: string, queryId: string): Promise<void> {
    if (!(await this.requests.setQueryId(workspaceId, requestId, queryId))) {
      throw new NotFoundError(`no request ${requestId} in workspace ${workspaceId}`);
    }
  }
}
