import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * Headers for every BFF response (JSON, event streams, files). Nothing the BFF sends is a page, so
 * its CSP allows nothing: a response opened directly can run no script, load nothing and be framed
 * by no one. Attachments replace the CSP with their own sandboxed one. HSTS only when cookies are
 * Secure, i.e. the app is served over HTTPS (on plain http it would be ignored or lock out a dev host).
 */
export function securityHeaders(options: { hsts: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.hsts ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}
