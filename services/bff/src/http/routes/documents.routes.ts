import type { Logger } from '@docket/observability';
import type { DocumentsGateway } from '../../grpc/documents.gateway';
import type { SearchGateway } from '../../grpc/search.gateway';
import type { ApiRouter } from '../api-router';
import { sendAttachment } from '../attachment-response';
import { authOf } from '../auth-context';
import { clientGoneSignal } from '../client-gone';
import { AttachmentParams, CreateDocumentBody, CreateDocumentResponse, DocumentQuery, DocumentResponse, IdParams } from '../schemas';
import { RecordedSearchBody, SearchQuery, SearchResponse } from '../search.schemas';

export function registerDocumentRoutes(api: ApiRouter, deps: { documents: DocumentsGateway; search: SearchGateway; logger: Logger }): void {
  const { documents, search, logger } = deps;

  api.route(
    {
      method: 'post', path: '/api/documents', tag: 'documents', access: 'admin', body: CreateDocumentBody,
      summary: 'Add a document (identical title + text is stored once)',
      responses: { 201: { description: 'Stored (created=false when it already existed)', schema: CreateDocumentResponse } },
    },
    async ({ body }, req, res) => {
      const { filedAt, ...rest } = body;
      const result = await documents.create({ ...rest, filedAt: filedAt ? new Date(filedAt) : undefined }, authOf(req).user.id);
      res.status(201).json(result);
    },
  );

  api.route(
    {
      method: 'get', path: '/api/documents/:id', tag: 'documents', access: 'user', params: IdParams, query: DocumentQuery,
      summary: 'One document with its docket, source and entities, and a range of pages of its text',
      responses: { 200: { description: 'The document', schema: DocumentResponse }, 404: { description: 'No such document' } },
    },
    async ({ params, query }, _req, res) => {
      res.json(await documents.get(params.id, query.page, query.pages));
    },
  );

  api.route(
    {
      method: 'delete', path: '/api/documents/:id', tag: 'documents', access: 'admin', params: IdParams,
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
      method: 'get', path: '/api/documents/:id/attachments/:attachmentId', tag: 'documents', access: 'user', params: AttachmentParams,
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

  api.route(
    {
      method: 'get', path: '/api/search', tag: 'search', access: 'user', query: SearchQuery,
      summary: 'Search the documents with the query language, filters, facets, sort and cursor paging (a read: nothing is logged)',
      responses: { 200: { description: 'Hits in the order asked for, with total, facets and the next page\'s cursor', schema: SearchResponse } },
    },
    async ({ query }, req, res) => {
      res.json(await search.search({
        q: query.q, agencies: query.agency, filingTypes: query.type, dockets: query.docket, parties: query.party, from: query.from, to: query.to,
        sort: query.sort, cursor: query.cursor, facets: query.facets, limit: query.limit, offset: query.offset,
        workspaceId: query.workspace, userId: authOf(req).user.id,
      }, clientGoneSignal(res)));
    },
  );

  api.route(
    {
      method: 'post', path: '/api/search', tag: 'search', access: 'user', body: RecordedSearchBody,
      summary: 'Run a search inside a workspace and add it to the workspace\'s log (its first page); later pages are GET /api/search with the cursor',
      responses: { 201: { description: 'The first page, with requestId: the log entry it became', schema: SearchResponse } },
    },
    async ({ body }, req, res) => {
      res.status(201).json(await search.search({
        q: body.q, agencies: body.agency, filingTypes: body.type, dockets: body.docket, parties: body.party, from: body.from, to: body.to,
        sort: body.sort, facets: body.facets, limit: body.limit, offset: 0,
        workspaceId: body.workspace, record: true, userId: authOf(req).user.id,
      }, clientGoneSignal(res)));
    },
  );
}
