// processes.updated.v1 and exports.completed.v1. Generated code in gen/ (npm run proto:gen).
export * from './gen/research/export/events/v1/processes';
