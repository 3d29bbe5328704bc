/** What the alerts feature offers the rest of the service. */
export { AlertChangeMark } from './alert-change-mark';
export type { AlertRepository } from './alert.repository';
export type { HitRepository, NewHit } from './hit.repository';
