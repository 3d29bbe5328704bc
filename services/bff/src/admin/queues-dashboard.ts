import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Queue } from 'bullmq';
import express, { type Express, type RequestHandler, type Router } from 'express';
import type { Redis } from 'ioredis';
import { NotAllowedError } from '@docket/errors';
import { authOf } from '../http/auth-context';
import { PasswordChangeRequiredError } from '../http/http-errors';

/** Where the dashboard is served (through the frontend's /api proxy too). */
export const QUEUES_DASHBOARD_PATH = '/api/admin/queues';

/**
 * The BullMQ queues of the services, by the name and key prefix each service gives its queue
 * (services/documents/src/imports/import.queue.ts, services/query-engine/src/indexing/reindex.queue.ts).
 * The BFF imports no service code, so the names are repeated here; a queue renamed there shows up
 * here as an empty queue, and bff/test/integration/queues-dashboard.test.ts lists what it expects.
 */
export const SERVICE_QUEUES = [
  {
    name: 'documents.import',
    prefix: '{documents}',
    description: 'Imports of uploaded files and sources (documents service)',
  },
  { name: 'query-engine.reindex', prefix: '{query-engine}', description: 'Search index rebuilds (query engine)' },
] as const;

/**
 * Queue handles on the services' Redis, for reading only (no worker runs here). BullMQ re-emits its
 * connection's errors on each queue (also "Connection is closed" when the BFF stops), and an
 * EventEmitter error nobody listens to would crash the process: they are reported, not thrown.
 */
export function openServiceQueues(connection: Redis, onError: (queue: string, error: Error) => void): Queue[] {
  return SERVICE_QUEUES.map((q) => {
    const queue = new Queue(q.name, { connection, prefix: q.prefix });
    queue.on('error', (error) => onError(q.name, error));
    return queue;
  });
}

/**
 * bull-board's page is the one HTML page the BFF serves. It loads its own scripts and styles from
 * this path and styles elements inline, so it gets a CSP of its own (only here; every other response
 * keeps the BFF's CSP that allows nothing). Google Fonts stay blocked: system fonts are fine.
 */
const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The queues dashboard (@bull-board/express), administrators only. Read-only: its write actions
 * (retry, clean, promote, add) would bypass the BFF's CSRF check, and the services retry their own
 * jobs. Not in the OpenAPI document: it is a page with bull-board's own private JSON API, not part
 * of the contract.
 */
export function queuesDashboard(queues: Queue[]): Router {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUES_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => {
      const known = SERVICE_QUEUES.find((q) => q.name === queue.name);
      return new BullMQAdapter(queue, {
        readOnlyMode: true,
        allowRetries: false,
        description: known?.description ?? '',
      });
    }),
    // @bull-board/express 9.10.1 pins @bull-board/api 9.10.1 (nested) while the BFF has 9.10.2: the
    // same interface from two copies, which TypeScript tells apart by their private fields.
    serverAdapter: serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
    options: { uiConfig: { boardTitle: 'Docket queues' } },
  });

  const adminsOnly: RequestHandler = (req, _res, next) => {
    const { user } = authOf(req); // 401 without a session
    if (user.mustChangePassword) throw new PasswordChangeRequiredError();
    if (user.role !== 'admin') throw new NotAllowedError('administrators only');
    next();
  };
  const readOnly: RequestHandler = (req, _res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new NotAllowedError('the queues dashboard is read-only');
    next();
  };
  const ownCsp: RequestHandler = (_req, res, next) => {
    res.setHeader('Content-Security-Policy', DASHBOARD_CSP);
    next();
  };

  // bull-board serves from an express app of its own, which would announce itself in X-Powered-By.
  const board = serverAdapter.getRouter() as Express;
  board.disable('x-powered-by');
  const router = express.Router();
  router.use(QUEUES_DASHBOARD_PATH, adminsOnly, readOnly, ownCsp, board);
  return router;
}
