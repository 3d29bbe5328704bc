import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { BROWSER_COOKIE, setBrowserCookie, type CookiePolicy } from './cookies';

const FORMAT = /^[A-Za-z0-9_-]{22,64}$/;

/**
 * A random id per browser (the httpOnly drs_browser cookie): it binds pre-sign-in CSRF tokens to the
 * browser they were issued to, and marks browsers that signed in to an account before (see
 * SignInThrottle). '' when the caller has none (or a malformed one).
 */
export function browserIdOf(req: Request, res?: Response): string {
  const issued = res?.locals.browserId as string | undefined;
  if (issued) return issued;
  const value = (req.cookies as Record<string, unknown> | undefined)?.[BROWSER_COOKIE];
  return typeof value === 'string' && FORMAT.test(value) ? value : '';
}

/** The caller's browser id, issuing one (as a cookie on `res`) when it has none. */
export function ensureBrowserId(req: Request, res: Response, policy: CookiePolicy): string {
  const existing = browserIdOf(req, res);
  if (existing) return existing;
  const id = randomBytes(24).toString('base64url');
  setBrowserCookie(res, policy, id);
  res.locals.browserId = id;
  return id;
}
