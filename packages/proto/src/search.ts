// The query-engine's search: searches, index administration, volume estimates.
// Generated code in gen/ (npm run proto:gen).
export * from './gen/research/query_engine/v1/search';
