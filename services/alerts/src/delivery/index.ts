/** What the delivery feature offers the rest of the service. */
export { exportPagePath, humanSize } from './email/export-email';
export type { ExportEmailPlanner, FinishedExport } from './export-email-planner';
export type { ReleaseRecipient } from './release-delivery-planner';
