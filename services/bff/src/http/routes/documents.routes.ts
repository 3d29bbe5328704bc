import type { DocumentsGateway } from '../../grpc/documents.gateway';
import type { SearchGateway } from '../../grpc/search.gateway';
import type { ApiRouter } from '../api-router';
import { authOf } from '../auth-context';
import { CreateDocumentBody, CreateDocumentResponse, DocumentResponse, IdParams, SearchQuery, SearchResponse } from '../schemas';

export function registerDocumentRoutes(api: ApiRouter, deps: { documents: DocumentsGateway; search: SearchGateway }): void {
  const { documents, search } = deps;

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
      method: 'get', path: '/api/documents/:id', tag: 'documents', access: 'user', params: IdParams,
      summary: 'One document with its full text',
      responses: { 200: { description: 'The document', schema: DocumentResponse }, 404: { description: 'No such document' } },
    },
    async ({ params }, _req, res) => {
      res.json({ document: await documents.get(params.id) });
    },
  );

  api.route(
    {
      method: 'get', path: '/api/search', tag: 'search', access: 'user', query: SearchQuery,
      summary: 'Keyword search over the documents',
      responses: { 200: { description: 'Hits, best first', schema: SearchResponse } },
    },
    async ({ query }, _req, res) => {
      res.json(await search.search(query.q, query.limit, query.offset));
    },
  );
}
