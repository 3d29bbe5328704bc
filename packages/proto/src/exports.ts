// The export service's exports. Generated code in gen/ (npm run proto:gen).
export * from './gen/research/export/v1/exports';
