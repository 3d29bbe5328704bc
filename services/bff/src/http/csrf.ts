import type { Request, Response } from 'express';
import { findAuth } from './auth-context';
import { browserIdOf, ensureBrowserId } from './browser-id';
import { CSRF_COOKIE, CSRF_HEADER, setCsrfCookie, type CookiePolicy } from './cookies';
import { createCsrfToken, safeEqual, verifyCsrfToken } from './csrf-token';
import { CsrfError } from './http-errors';

/**
 * Issues and checks the double-submit token, bound to the caller's session id, or before sign-in to
 * the browser's own random drs_browser cookie (so a token issued to one anonymous client is worthless
 * to another).
 */
export class CsrfProtection {
  constructor(
    private readonly secret: string,
    private readonly cookies: CookiePolicy,
  ) {}

  /** For POST/PUT/PATCH/DELETE: header must equal cookie, and the cookie must be ours for this session or browser. */
  check(req: Request): void {
    const header = req.get(CSRF_HEADER);
    const cookie = readCookie(req, CSRF_COOKIE);
    const binding = bindingOf(req);
    if (
      !header ||
      !cookie ||
      binding === undefined ||
      !safeEqual(header, cookie) ||
      !verifyCsrfToken(this.secret, binding, cookie)
    ) {
      throw new CsrfError();
    }
  }

  /** The caller's current token when still valid, else a fresh one (set as the cookie). */
  current(req: Request, res: Response): string {
    const cookie = readCookie(req, CSRF_COOKIE);
    const binding = bindingOf(req);
    if (cookie && binding !== undefined && verifyCsrfToken(this.secret, binding, cookie)) return cookie;
    return this.issue(req, res);
  }

  /**
   * A new token bound to `sessionId`, or, without one, to this browser (given an id if it has none).
   * Sign-in and sign-out rotate it.
   */
  issue(req: Request, res: Response, sessionId?: string): string {
    const binding = sessionId ?? browserBinding(ensureBrowserId(req, res, this.cookies));
    const token = createCsrfToken(this.secret, binding);
    setCsrfCookie(res, this.cookies, token);
    return token;
  }
}

/** What a token of this caller must be bound to; undefined before sign-in without a browser id. */
function bindingOf(req: Request): string | undefined {
  const sessionId = findAuth(req)?.sessionId;
  if (sessionId) return sessionId;
  const browserId = browserIdOf(req);
  return browserId ? browserBinding(browserId) : undefined;
}

// Prefixed so a browser id can never be mistaken for a session id.
function browserBinding(browserId: string): string {
  return `browser:${browserId}`;
}

export function readCookie(req: Request, name: string): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
