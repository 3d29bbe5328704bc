import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy } from './lib/content-security-policy';
import { REQUEST_PATH_HEADER } from './lib/request-path';

// Pages only: /api never reaches Next.js (server.ts proxies it to the BFF). Each page gets a fresh
// nonce; Next.js reads it from the request's Content-Security-Policy and puts it on its scripts.
// X-Forwarded-For is already the socket's address (server.ts overwrote it); server components pass
// it on to the BFF as it is.
export function middleware(request: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const csp = contentSecurityPolicy(nonce, {
    dev: process.env.NODE_ENV === 'development',
    https: process.env.COOKIE_SECURE === 'true',
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', csp);
  requestHeaders.set('x-nonce', nonce);
  // The requested path (with query) for server components, for `/login?next=…` redirects.
  requestHeaders.set(REQUEST_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('content-security-policy', csp);
  return response;
}

export const config = {
  // Not the original files (documents/{id}/attachment): they keep the BFF's headers (a sandbox).
  matcher: ['/((?!api/|monitoring|_next/static|_next/image|favicon.ico|documents/[^/]+/attachment$).*)'],
};
