import type { Logger } from '@docket/observability';
import type { ApiRouter } from '../http/api-router';
import { authOf } from '../http/auth-context';
import type { DocumentsGateway } from './documents.gateway';
import { ImportBody, ImportResponse, UploadForm, UploadResponse } from './documents.schemas';
import { receiveUpload, type UploadLimits } from './multipart-upload';

export function registerIngestionRoutes(
  api: ApiRouter,
  deps: { documents: DocumentsGateway; uploadLimits: UploadLimits; logger: Logger },
): void {
  const { documents } = deps;

  api.route(
    {
      method: 'post',
      path: '/api/documents/upload',
      tag: 'documents',
      access: 'admin',
      streamedBody: { contentType: 'multipart/form-data', schema: UploadForm },
      summary: 'Upload files (PDF, DOCX, HTML, TXT); each is streamed to the documents service and reported on its own',
      responses: {
        200: {
          description: 'One outcome per file: new, updated, duplicate or failed (with the reason)',
          schema: UploadResponse,
        },
      },
    },
    async (_input, req, res) => {
      const results = await receiveUpload(
        req,
        { documents, limits: deps.uploadLimits, logger: deps.logger },
        authOf(req).user.id,
      );
      res.json({ results });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/imports',
      tag: 'documents',
      access: 'admin',
      body: ImportBody,
      summary:
        "Import a directory on the documents service's machine as a long job; follow it at /api/processes/{processId}",
      responses: { 202: { description: 'Started', schema: ImportResponse } },
    },
    async ({ body }, req, res) => {
      res.status(202).json(await documents.startImport(body.path, body.sourceId, authOf(req).user.id));
    },
  );
}
