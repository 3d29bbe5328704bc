import { isAppError } from '@docket/errors';
import type * as workspacesV1 from '@docket/proto/src/workspaces';
import { grpcCall } from '@docket/service-kit';

/**
 * Workspace names for the administrators' query log: one GetWorkspace (as administrator) per
 * distinct id on the page. A workspace that is gone (or unreadable) simply has no name.
 */
export class QueryWorkspaceNames {
  constructor(private readonly client: workspacesV1.WorkspaceServiceClient) {}

  async names(workspaceIds: string[], adminId: string): Promise<Map<string, string>> {
    const unique = [...new Set(workspaceIds.filter(Boolean))];
    const entries = await Promise.all(
      unique.map(async (workspaceId): Promise<[string, string] | undefined> => {
        try {
          const response = await grpcCall(this.client, 'getWorkspace', {
            workspaceId,
            userId: adminId,
            asAdmin: true,
            recentRequests: 0,
          });
          return response.workspace ? [workspaceId, response.workspace.name] : undefined;
        } catch (error) {
          // Not found / not allowed: show the id alone. Anything else (unavailable) is the caller's to report.
          if (isAppError(error) && (error.kind === 'not_found' || error.kind === 'not_allowed')) return undefined;
          throw error;
        }
      }),
    );
    return new Map(entries.filter((e): e is [string, string] => e !== undefined));
  }
}
