import type { CookieOptions, Response } from 'express';

export const SESSION_COOKIE = 'drs_session';
export const CSRF_COOKIE = 'drs_csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const BROWSER_COOKIE = 'drs_browser';
/** A browser id outlives sessions (it marks browsers that signed in before); 180 days. */
const BROWSER_COOKIE_SECONDS = 180 * 24 * 60 * 60;

export interface CookiePolicy {
  secure: boolean;
  ttlSeconds: number;
}

function base(policy: CookiePolicy): CookieOptions {
  return { sameSite: 'lax', secure: policy.secure, path: '/', maxAge: policy.ttlSeconds * 1000 };
}

export function setSessionCookie(res: Response, policy: CookiePolicy, sessionId: string): void {
  res.cookie(SESSION_COOKIE, sessionId, { ...base(policy), httpOnly: true });
}

/** Readable by the page's script on purpose: it copies the value into the x-csrf-token header. */
export function setCsrfCookie(res: Response, policy: CookiePolicy, token: string): void {
  res.cookie(CSRF_COOKIE, token, { ...base(policy), httpOnly: false });
}

/** Never readable by script: the page has no use for it, and an XSS must not be able to carry it elsewhere. */
export function setBrowserCookie(res: Response, policy: CookiePolicy, id: string): void {
  res.cookie(BROWSER_COOKIE, id, { ...base(policy), maxAge: BROWSER_COOKIE_SECONDS * 1000, httpOnly: true });
}

export function clearSessionCookie(res: Response, policy: CookiePolicy): void {
  res.clearCookie(SESSION_COOKIE, { sameSite: 'lax', secure: policy.secure, path: '/', httpOnly: true });
}
