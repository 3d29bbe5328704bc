import type { ApiRouter } from '../http/api-router';
import { StackStatusResponse } from './admin.schemas';
import type { StackStatusSource } from './stack-status.file';

export function registerStackStatusRoutes(api: ApiRouter, deps: { stackStatus: StackStatusSource }): void {
  api.route(
    {
      method: 'get',
      path: '/api/stack/status',
      tag: 'health',
      access: 'admin',
      summary:
        'Process health of the stack when `npm start` runs it: every part, its restarts and recent crashes ' +
        "(null elsewhere); administrators only (process ids and crash logs are operators' business)",
      responses: { 200: { description: "The launcher's last report, or null", schema: StackStatusResponse } },
    },
    async (_input, _req, res) => {
      res.json({ stack: await deps.stackStatus.read() });
    },
  );
}
