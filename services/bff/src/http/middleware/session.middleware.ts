import type { RequestHandler } from 'express';
import type { AuthService } from '../../identity/auth.service';
import { setAuth } from '../auth-context';
import { SESSION_COOKIE, setSessionCookie, type CookiePolicy } from '../cookies';
import { readCookie } from '../csrf';

/**
 * Resolves the `drs_session` cookie to the signed-in user (fresh from the store, so role changes
 * apply at once) and slides the session's expiry, in Redis and in the cookie's Max-Age.
 */
export function loadSession(auth: AuthService, cookies: CookiePolicy): RequestHandler {
  return async (req, res, next) => {
    const sessionId = readCookie(req, SESSION_COOKIE);
    if (sessionId) {
      const user = await auth.resolveSession(sessionId);
      if (user) {
        setAuth(req, { user, sessionId });
        setSessionCookie(res, cookies, sessionId);
      }
    }
    next();
  };
}
