// queries.completed.v1. Generated code in gen/ (npm run proto:gen).
export * from './gen/research/query_engine/events/v1/queries';
