import type { Logger } from '@docket/observability';
import type { ApiRouter } from '../http/api-router';
import { authOf } from '../http/auth-context';
import { sendDownload } from './download-response';
import type { ExportView } from './export-view';
import type { ExportsGateway } from './exports.gateway';
import {
  DownloadParams,
  ExportEstimateResponse,
  ExportParams,
  ExportRequestBody,
  ExportResponse,
  ExportsQuery,
  ExportsResponse,
  StartedExportResponse,
} from './exports.schemas';

const NOT_YOURS = 'No such export, or you are not a member of its workspace';
const VIEWER = 'A viewer of the workspace: only those who may run what is exported (owners and editors) may export it';

/**
 * /api/exports: a workspace's requests (or the workspace) exported in the background by the export
 * service, which lets whoever may run what is exported export it (owners and editors; 403 for a
 * viewer, 404 for anyone else) within per-user limits (409 naming the limit). Files are downloaded
 * through signed, expiring links that also need the session of someone who may run it.
 */
export function registerExportRoutes(api: ApiRouter, deps: { exports: ExportsGateway; logger: Logger }): void {
  const { exports, logger } = deps;
  const userOf = (req: Parameters<typeof authOf>[0]) => authOf(req).user.id;
  const target = (body: { workspaceId: string; requestId: string | null }) => ({
    workspaceId: body.workspaceId,
    requestId: body.requestId,
  });

  api.route(
    {
      method: 'post',
      path: '/api/exports/estimate',
      tag: 'exports',
      access: 'user',
      body: ExportRequestBody,
      summary:
        'What an export would hold (rows, files), its expected size, ' +
        'and the formats its subject allows; nothing is started',
      responses: {
        200: { description: 'The estimate', schema: ExportEstimateResponse },
        403: { description: VIEWER },
        404: { description: NOT_YOURS },
      },
    },
    async ({ body }, req, res) => {
      res.json({ estimate: await exports.estimate(userOf(req), target(body), body) });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/exports',
      tag: 'exports',
      access: 'user',
      body: ExportRequestBody,
      summary:
        'Start an export of a search or question of a workspace’s log, or of the whole workspace; it runs as a process',
      responses: {
        201: { description: 'Queued; follow its process for progress', schema: StartedExportResponse },
        400: { description: 'A format or option its subject does not allow (issue on the field)' },
        403: { description: VIEWER },
        404: { description: 'No such workspace or request, or you are not a member' },
        409: {
          description: 'A per-user limit (exports running at once, exports kept) is reached; the message names it',
        },
      },
    },
    async ({ body }, req, res) => {
      res.status(201).json({ export: await exports.start(authOf(req).user, target(body), body) });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/exports',
      tag: 'exports',
      access: 'user',
      query: ExportsQuery,
      summary: 'Your exports, newest first (expired ones say so), with your limits and use of them',
      responses: { 200: { description: 'A page of exports', schema: ExportsResponse } },
    },
    async ({ query }, req, res) => {
      res.json(await exports.list(userOf(req), query));
    },
  );

  // Before /api/exports/:id/…: a token is never read as an export id.
  api.route(
    {
      method: 'get',
      path: '/api/exports/download/:token',
      tag: 'exports',
      access: 'user',
      params: DownloadParams,
      summary:
        'The file of a signed link, as a download; resumable ' +
        '(Range → 206, 416 past the end; If-Range), HEAD for its size',
      responses: {
        200: {
          description: 'The whole file, with its Content-Type and file name',
          contentType: 'application/octet-stream',
        },
        206: { description: 'The requested byte range (Content-Range)', contentType: 'application/octet-stream' },
        304: { description: 'Not modified (If-None-Match)' },
        404: {
          description:
            'A bad or expired link, an expired file, or you are not a member of its workspace (JSON, before any byte)',
        },
        416: { description: 'The range starts past the end of the file (Content-Range: bytes */size)' },
      },
    },
    async ({ params }, req, res) => {
      const userId = userOf(req);
      // Checked before any header is written, so a refused link is an ordinary JSON 404.
      const file = await exports.describeDownload(userId, params.token);
      await sendDownload(
        req,
        res,
        file,
        (offset, length) => exports.readDownload(userId, params.token, offset, length),
        logger,
      );
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/exports/:id',
      tag: 'exports',
      access: 'user',
      params: ExportParams,
      summary: 'One of your exports, with a signed download link while its file is there',
      responses: { 200: { description: 'The export', schema: ExportResponse }, 404: { description: NOT_YOURS } },
    },
    async ({ params }, req, res) => {
      const userId = userOf(req);
      const found = await exports.get(userId, params.id);
      res.json({
        export: found,
        download: found.status === 'succeeded' ? await exports.createLink(userId, found.id) : null,
      });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/exports/:id/download',
      tag: 'exports',
      access: 'user',
      params: ExportParams,
      summary: 'Redirects (302) to a fresh signed link of a finished export’s file (for lists that link every export)',
      responses: {
        302: { description: 'Location: the signed link' },
        404: { description: `${NOT_YOURS}, or its file has expired` },
        409: { description: 'The export has not finished' },
      },
    },
    async ({ params }, req, res) => {
      const link = await exports.createLink(userOf(req), params.id);
      res.redirect(302, link.url);
    },
  );

  api.route(
    {
      method: 'delete',
      path: '/api/exports/:id',
      tag: 'exports',
      access: 'user',
      params: ExportParams,
      summary: 'Remove a finished export and its file (frees a place among the exports you may keep)',
      responses: {
        204: { description: 'Removed' },
        404: { description: NOT_YOURS },
        409: { description: 'It is still running: cancel it first' },
      },
    },
    async ({ params }, req, res) => {
      await exports.delete(userOf(req), params.id);
      res.status(204).end();
    },
  );

  const change = (action: 'cancel' | 'retry', summary: string, conflict: string) =>
    api.route(
      {
        method: 'post',
        path: `/api/exports/:id/${action}`,
        tag: 'exports',
        access: 'user',
        params: ExportParams,
        summary,
        responses: {
          200: { description: 'The export now', schema: StartedExportResponse },
          404: { description: NOT_YOURS },
          409: { description: conflict },
        },
      },
      async ({ params }, req, res) => {
        const changed: ExportView =
          action === 'cancel'
            ? await exports.cancel(userOf(req), params.id)
            : await exports.retry(userOf(req), params.id);
        res.json({ export: changed });
      },
    );
  change('cancel', 'Stop a queued or running export; its partial file is discarded', 'It has finished already');
  change(
    'retry',
    'Run a failed or cancelled export again, as the same export and process',
    'It has not failed or been cancelled, or a limit is reached',
  );
}
