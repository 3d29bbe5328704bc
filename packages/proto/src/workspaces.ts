// The query-engine's workspaces: members, default filters, the request log. Generated code in gen/ (npm run proto:gen).
export * from './gen/research/query_engine/v1/workspaces';
