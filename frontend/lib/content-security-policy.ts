/**
 * The pages' CSP. Scripts: only Next.js's own, carrying this request's nonce ('strict-dynamic' lets
 * them load their chunks). Styles: 'unsafe-inline', because React renders style attributes (charts,
 * bars, widths) that no nonce can cover; injected CSS cannot run script. Images: data: and blob: for
 * the charts' PNG export. connect-src 'self': the API and the Sentry tunnel (/monitoring) are
 * same-origin. No framing by anyone.
 */
export function contentSecurityPolicy(nonce: string, options: { dev: boolean; https: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
