/** What the sessions feature offers the rest of the service. */
export type { SessionStore } from './session.store';
export type { Attempt, SignInThrottle } from './sign-in-throttle';
