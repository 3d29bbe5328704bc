import type { Logger } from '@docket/observability';
import type { ApiRouter } from '../http/api-router';
import { authOf } from '../http/auth-context';
import { IdParams } from '../http/common.schemas';
import { sendAttachment } from './attachment-response';
import type { DocumentsGateway } from './documents.gateway';
import {
  AttachmentParams,
  CreateDocumentBody,
  CreateDocumentResponse,
  DocumentQuery,
  DocumentResponse,
} from './documents.schemas';

export function registerDocumentRoutes(api: ApiRouter, deps: { documents: DocumentsGateway; logger: Logger }): void {
  const { documents, logger } = deps;
  // The gateway answers a document it just read with the same object (RecentDocumentViews), so its
  // JSON is made once while it is kept: JSON.stringify of the text was the largest item of a
  // repeated document request's CPU in the BFF.
  const bodies = new WeakMap<object, Buffer>();
  const jsonOf = (view: object): Buffer => {
    let body = bodies.get(view);
    if (!body) {
      body = Buffer.from(JSON.stringify(view));
      bodies.set(view, body);
    }
    return body;
  };

  api.route(
    {
      method: 'post',
      path: '/api/documents',
      tag: 'documents',
      access: 'admin',
      body: CreateDocumentBody,
      summary: 'Add a document (identical title + text is stored once)',
      responses: {
        201: { description: 'Stored (created=false when it already existed)', schema: CreateDocumentResponse },
      },
    },
    async ({ body }, req, res) => {
      const { filedAt, ...rest } = body;
      const result = await documents.create(
        { ...rest, filedAt: filedAt ? new Date(filedAt) : undefined },
        authOf(req).user.id,
      );
      res.status(201).json(result);
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/documents/:id',
      tag: 'documents',
      access: 'user',
      params: IdParams,
      query: DocumentQuery,
      summary: 'One document with its docket, source and entities, and a range of pages of its text',
      responses: {
        200: { description: 'The document', schema: DocumentResponse },
        404: { description: 'No such document' },
      },
    },
    async ({ params, query }, _req, res) => {
      const view = await documents.get(params.id, query.page, query.pages);
      res.set('Content-Type', 'application/json; charset=utf-8').send(jsonOf(view));
    },
  );

  api.route(
    {
      method: 'delete',
      path: '/api/documents/:id',
      tag: 'documents',
      access: 'admin',
      params: IdParams,
      summary: 'Remove a document and its files (it also leaves the search index and alerts)',
      responses: { 204: { description: 'Removed' }, 404: { description: 'No such document' } },
    },
    async ({ params }, req, res) => {
      await documents.delete(params.id, authOf(req).user.id, 'deleted by an administrator');
      res.status(204).end();
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/documents/:id/attachments/:attachmentId',
      tag: 'documents',
      access: 'user',
      params: AttachmentParams,
      summary: 'The original file, streamed: inline for PDF, HTML and text, a download otherwise; ETag is its SHA-256',
      responses: {
        200: { description: "The file's bytes with its own Content-Type", contentType: 'application/octet-stream' },
        304: { description: 'Not modified (If-None-Match)' },
        404: { description: 'No such document or attachment (JSON, before any byte)' },
      },
    },
    async ({ params }, req, res) => {
      // Opened before any header is written, so "not found" is still an ordinary JSON 404.
      const opened = await documents.openAttachment(params.id, params.attachmentId);
      await sendAttachment(req, res, opened, logger);
    },
  );
}
