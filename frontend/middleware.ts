import { NextResponse, type NextRequest } from 'next/server';
import { REQUEST_PATH_HEADER } from './lib/request-path';

// Passes the requested path (with query) to server components, for `/login?next=…` redirects.
export function middleware(request: NextRequest) {
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(REQUEST_PATH_HEADER, request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.next({ request: { headers: requestHeaders } });
}

export const config = {
  matcher: ['/((?!api/|monitoring|_next/|favicon.ico).*)'],
};
