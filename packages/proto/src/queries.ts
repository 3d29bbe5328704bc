// The query-engine's questions: asking, stored queries, the query log. Generated code in gen/ (npm run proto:gen).
export * from './gen/research/query_engine/v1/queries';
