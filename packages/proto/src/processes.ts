// Processes: long jobs and their live progress (served by the export service).
// Generated code in gen/ (npm run proto:gen).
export * from './gen/research/export/v1/processes';
