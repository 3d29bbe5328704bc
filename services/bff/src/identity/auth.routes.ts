import type { ApiRouter } from '../http/api-router';
import { authOf, findAuth } from '../http/auth-context';
import { browserIdOf } from '../http/browser-id';
import { clearSessionCookie, setSessionCookie, type CookiePolicy } from '../http/cookies';
import type { CsrfProtection } from '../http/csrf';
import type { AuthService } from './auth.service';
import { CsrfResponse, LoginBody, LoginResponse, SessionResponse } from './identity.schemas';
import type { UserDirectory } from './user-directory';

export function registerAuthRoutes(
  api: ApiRouter,
  deps: { auth: AuthService; directory: UserDirectory; csrf: CsrfProtection; cookies: CookiePolicy },
): void {
  const { auth, directory, csrf, cookies } = deps;

  api.route(
    {
      method: 'get',
      path: '/api/auth/csrf',
      tag: 'auth',
      access: 'public',
      summary:
        'Get a CSRF token (also set as the drs_csrf cookie; ' +
        'before sign-in bound to the httpOnly drs_browser cookie, set if missing); ' +
        'send it as x-csrf-token on every mutating request',
      responses: { 200: { description: 'The token', schema: CsrfResponse } },
    },
    async (_input, req, res) => {
      res.json({ csrfToken: csrf.current(req, res) });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/auth/login',
      tag: 'auth',
      access: 'public',
      body: LoginBody,
      summary: 'Sign in with e-mail and password; sets drs_session and rotates drs_csrf',
      responses: {
        200: { description: 'Signed in', schema: LoginResponse },
        401: { description: 'E-mail or password is incorrect (one message for both)' },
        429: { description: 'Too many failed attempts; see Retry-After' },
      },
    },
    async ({ body }, req, res) => {
      const { user, sessionId } = await auth.signIn(body.email, body.password, {
        ip: req.ip ?? 'unknown',
        browserId: browserIdOf(req),
      });
      // A new session id on every sign-in: a planted (fixated) session cookie is worthless.
      const previous = findAuth(req)?.sessionId;
      if (previous) await auth.signOut(previous);
      setSessionCookie(res, cookies, sessionId);
      const csrfToken = csrf.issue(req, res, sessionId);
      res.json({ user: await directory.view(user), csrfToken });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/auth/logout',
      tag: 'auth',
      access: 'user',
      allowedBeforePasswordChange: true,
      summary: 'Sign out: ends the session and rotates drs_csrf',
      responses: { 204: { description: 'Signed out' } },
    },
    async (_input, req, res) => {
      await auth.signOut(authOf(req).sessionId);
      clearSessionCookie(res, cookies);
      csrf.issue(req, res); // bound to this browser, ready for its next sign-in
      res.status(204).end();
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/auth/session',
      tag: 'auth',
      access: 'user',
      allowedBeforePasswordChange: true,
      summary: 'The signed-in user and the CSRF token for this session',
      responses: { 200: { description: 'The session', schema: SessionResponse } },
    },
    async (_input, req, res) => {
      res.json({ user: await directory.view(authOf(req).user), csrfToken: csrf.current(req, res) });
    },
  );
}
