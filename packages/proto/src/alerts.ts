// The alerts service: alerts, docket follows, notifications, webhooks, deliveries.
// Generated code in gen/ (npm run proto:gen).
export * from './gen/research/alerts/v1/alerts';
