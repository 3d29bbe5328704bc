/** What the identity feature offers the rest of the service. */
export type { QueryUserLookup } from './query-user-lookup';
export type { UserRepository } from './user.repository';
