// documents.ingested / updated / deleted.v1 and catalog.release-published.v1.
// Generated code in gen/ (npm run proto:gen).
export * from './gen/research/documents/events/v1/documents';
