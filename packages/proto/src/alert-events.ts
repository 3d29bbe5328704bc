// alerts.triggered.v1. Generated code in gen/ (npm run proto:gen).
export * from './gen/research/alerts/events/v1/alerts';
