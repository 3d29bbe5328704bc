import type { ServerResponse } from 'node:http';

/** The methods pages and route handlers answer (POST: server actions, the upload route). */
export const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST']);

/**
 * Headers for everything the frontend serves itself (pages, scripts, styles, the Sentry tunnel); the
 * CSP with its per-request nonce is set by middleware.ts, which is where Next.js reads the nonce.
 * HSTS only over HTTPS (COOKIE_SECURE=true, as for the BFF's cookies).
 */
export function setPageHeaders(res: ServerResponse, options: { hsts: boolean }): void {
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (options.hsts) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

/**
 * What middleware.ts never sees (scripts, styles, images, the favicon, the Sentry tunnel) gets a
 * policy that allows nothing, so that their answers, a 404 included, carry one too; pages get
 * middleware's policy with its nonce instead.
 */
const OUTSIDE_MIDDLEWARE = /^\/(_next\/(static|image)\/|favicon\.ico|monitoring)/;
const NOTHING_ALLOWED = "default-src 'none'; frame-ancestors 'none'";

export function setStaticPolicy(res: ServerResponse, url: string | undefined): void {
  if (url && OUTSIDE_MIDDLEWARE.test(url)) res.setHeader('Content-Security-Policy', NOTHING_ALLOWED);
}

/** TRACE, CONNECT, PUT, made-up methods on a page: 405 with a message, before Next.js sees them. */
export function refuseMethod(res: ServerResponse, method: string | undefined): void {
  res.writeHead(405, {
    allow: [...PAGE_METHODS].join(', '),
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(`Method ${method ?? ''} is not allowed here.\n`);
}
