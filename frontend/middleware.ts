import { NextResponse, type NextRequest } from 'next/server';
import { REQUEST_PATH_HEADER } from './lib/request-path';

// next.config rewrites are frozen into the build (routes-manifest.json), so `/api/*` is proxied here
// with the BFF_URL of the running server: one build works against any BFF address.
function proxyToBff(request: NextRequest) {
  const bff = process.env.BFF_URL ?? 'http://127.0.0.1:4000';
  const target = new URL(request.nextUrl.pathname + request.nextUrl.search, bff);
  return NextResponse.rewrite(target);
}

// Pages: pass the requested path (with query) to server components, for `/login?next=…` redirects.
export function middleware(request: NextRequest) {
  if (request.nextUrl.pathname.startsWith('/api/')) return proxyToBff(request);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(REQUEST_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers: requestHeaders } });
}

export const config = {
  // Uploads skip middleware: it would copy the body into memory and cut it at 10 MB
  // (middlewareClientMaxBodySize); app/api/documents/upload/route.ts streams them to the BFF instead.
  matcher: ['/api/((?!documents/upload$).*)', '/((?!api/|monitoring|_next/|favicon.ico).*)'],
};
