import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Headers for every BFF response (JSON, event streams, files). Nothing the BFF sends is a page, so
 * its CSP allows nothing: a response opened directly can run no script, load nothing and be framed
 * by no one. Attachments replace the CSP with their own sandboxed one. HSTS only when cookies are
 * Secure, i.e. the app is served over HTTPS (on plain http it would be ignored or lock out a dev host).
 *
 * helmet decides the headers; they depend on nothing in the request, so they are worked out once
 * and set by one middleware (helmet runs a dozen per request, 5 % of the BFF's CPU on a document).
 */
export function securityHeaders(options: { hsts: boolean }): RequestHandler {
  const headers = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: options.hsts ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
    }),
  );
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers a request-independent middleware sets, from one run against a recording response. */
export function headersOf(middleware: NodeMiddleware): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    finished = true;
  });
  if (!finished) throw new Error('the security headers middleware did not finish synchronously');
  return [...headers];
}
