import type { Request, Response } from 'express';
import { createCsrfToken, safeEqual, verifyCsrfToken } from '../domain/csrf-token';
import { findAuth } from './auth-context';
import { CSRF_COOKIE, CSRF_HEADER, setCsrfCookie, type CookiePolicy } from './cookies';
import { CsrfError } from './http-errors';

/** Issues and checks the double-submit token, bound to the caller's session id ('' when signed out). */
export class CsrfProtection {
  constructor(
    private readonly secret: string,
    private readonly cookies: CookiePolicy,
  ) {}

  /** For POST/PUT/PATCH/DELETE: header must equal cookie, and the cookie must be ours for this session. */
  check(req: Request): void {
    const header = req.get(CSRF_HEADER);
    const cookie = readCookie(req, CSRF_COOKIE);
    if (!header || !cookie || !safeEqual(header, cookie) || !verifyCsrfToken(this.secret, bindingOf(req), cookie)) {
      throw new CsrfError();
    }
  }

  /** The caller's current token when still valid, else a fresh one (set as the cookie). */
  current(req: Request, res: Response): string {
    const cookie = readCookie(req, CSRF_COOKIE);
    if (cookie && verifyCsrfToken(this.secret, bindingOf(req), cookie)) return cookie;
    return this.issue(res, bindingOf(req));
  }

  /** A new token bound to `sessionId`; used at sign-in and sign-out, which rotate it. */
  issue(res: Response, sessionId: string): string {
    const token = createCsrfToken(this.secret, sessionId);
    setCsrfCookie(res, this.cookies, token);
    return token;
  }
}

function bindingOf(req: Request): string {
  return findAuth(req)?.sessionId ?? '';
}

export function readCookie(req: Request, name: string): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
