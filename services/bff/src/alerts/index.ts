/** What the alerts feature offers the rest of the service. */
export type { AlertOwner } from './alerts.gateway';
export { ownerOf } from './alerts.routes';
