// The documents service: documents, attachments, imports, the catalog, dockets, entities.
// Generated code in gen/ (npm run proto:gen).
export * from './gen/research/documents/v1/documents';
