import type { ApiRouter } from '../http/api-router';
import { authOf } from '../http/auth-context';
import type { SearchGateway } from '../search';
import { IndexStatsResponse, ReindexResponse } from './admin.schemas';

export function registerAdminRoutes(api: ApiRouter, deps: { search: SearchGateway }): void {
  const { search } = deps;

  api.route(
    {
      method: 'post',
      path: '/api/admin/reindex',
      tag: 'admin',
      access: 'admin',
      summary: 'Start rebuilding the search index; follow it at /api/processes/{processId}',
      responses: { 202: { description: 'Started', schema: ReindexResponse } },
    },
    async (_input, req, res) => {
      res.status(202).json({ processId: await search.startReindex(authOf(req).user.id) });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/admin/index-stats',
      tag: 'admin',
      access: 'admin',
      summary: 'How many documents the search index holds, and how many changes it has still to take in',
      responses: { 200: { description: 'Counts', schema: IndexStatsResponse } },
    },
    async (_input, _req, res) => {
      res.json(await search.indexStats());
    },
  );
}
