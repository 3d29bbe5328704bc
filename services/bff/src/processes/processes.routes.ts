import { NotFoundError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import type { ApiRouter } from '../http/api-router';
import { authOf } from '../http/auth-context';
import { IdParams } from '../http/common.schemas';
import type { SessionEnds } from '../http/event-stream';
import type { UserRecord } from '../http/user';
import { relayProcessEvents } from './process-events.relay';
import { canSeeProcess, type ProcessRecord } from './process-view';
import type { ProcessesGateway } from './processes.gateway';
import { ProcessesQuery, ProcessesResponse, ProcessResponse } from './processes.schemas';

export function registerProcessRoutes(
  api: ApiRouter,
  deps: { processes: ProcessesGateway; logger: Logger; heartbeatMs: number; sessionEnds: SessionEnds },
): void {
  const { processes } = deps;

  /** Someone else's process is reported as missing, so ids of others' jobs cannot be probed. */
  const visibleProcess = async (id: string, viewer: UserRecord): Promise<ProcessRecord> => {
    const process = await processes.get(id);
    if (!canSeeProcess(process, viewer)) throw new NotFoundError(`no process ${id}`);
    return process;
  };

  api.route(
    {
      method: 'get',
      path: '/api/processes',
      tag: 'processes',
      access: 'user',
      query: ProcessesQuery,
      summary: 'Recent processes: your own, or everyone’s for administrators',
      responses: { 200: { description: 'Newest first', schema: ProcessesResponse } },
    },
    async ({ query }, req, res) => {
      const { user } = authOf(req);
      const list = await processes.list(user.role === 'admin' ? '' : user.id, query.limit);
      res.json({ processes: list.filter((p) => canSeeProcess(p, user)).map((p) => p.view) });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/processes/:id',
      tag: 'processes',
      access: 'user',
      params: IdParams,
      summary: 'One process',
      responses: {
        200: { description: 'The process', schema: ProcessResponse },
        404: { description: 'Unknown (yet), or not yours' },
      },
    },
    async ({ params }, req, res) => {
      res.json({ process: (await visibleProcess(params.id, authOf(req).user)).view });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/processes/:id/events',
      tag: 'processes',
      access: 'user',
      params: IdParams,
      summary: 'Live updates as server-sent events (`event: process`, data = the process); ends after a final state',
      responses: {
        200: {
          description: 'text/event-stream of process states',
          contentType: 'text/event-stream',
          schema: ProcessResponse.shape.process,
        },
        404: { description: 'Unknown (yet), or not yours' },
      },
    },
    async ({ params }, req, res) => {
      // Checked before any byte is streamed, so a missing process is an ordinary JSON 404.
      const initial = await visibleProcess(params.id, authOf(req).user);
      relayProcessEvents(req, res, deps, initial);
    },
  );
}
