import type { RequestHandler } from 'express';
import { setAuth } from '../http/auth-context';
import { SESSION_COOKIE, setSessionCookie, type CookiePolicy } from '../http/cookies';
import { readCookie } from '../http/csrf';
import type { AuthService } from './auth.service';

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
