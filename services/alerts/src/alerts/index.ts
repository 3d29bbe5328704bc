/** What the alerts feature offers the rest of the service. */
export type { AlertRepository } from './alert.repository';
export type { HitRepository } from './hit.repository';
