import type { RequestHandler } from 'express';
import { findAuth } from '../auth-context';

/**
 * API paths that are not a user asking for something: what the catalog-status page reloads every
 * few seconds while the corpus loads (the session's user, the load's and the stack's progress: the
 * load must not slow itself down for a page watching it), and event streams held open by every page.
 */
const NOT_USER_REQUESTS = [/^\/api\/auth\/session$/, /^\/api\/catalog\/status$/, /^\/api\/stack\/status$/, /\/events$/];

/**
 * Notes each API request of a signed-in user (see UserActivitySignal), before it is routed; after
 * loadSession, so that requests without a session cannot hold the corpus load back.
 */
export function noteUserRequests(activity: { note(): void }): RequestHandler {
  return (req, _res, next) => {
    if (req.path.startsWith('/api/') && findAuth(req) && !NOT_USER_REQUESTS.some((pattern) => pattern.test(req.path)))
      activity.note();
    next();
  };
}
