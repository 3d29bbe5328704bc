// Streams a multipart upload to the BFF as it arrives (see middleware.ts for why this is not the
// generic /api proxy). The BFF checks the session, the CSRF token and the role.
import type { NextRequest } from 'next/server';

export const dynamic = 'force-dynamic';

export async function POST(request: NextRequest) {
  const bff = (process.env.BFF_URL ?? 'http://127.0.0.1:4000').replace(/\/+$/, '');
  const headers: Record<string, string> = {};
  for (const name of ['cookie', 'content-type', 'content-length', 'x-csrf-token', 'user-agent', 'accept']) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  const init: RequestInit & { duplex: 'half' } = { method: 'POST', headers, body: request.body, duplex: 'half', cache: 'no-store' };
  const response = await fetch(`${bff}/api/documents/upload`, init);
  return new Response(response.body, {
    status: response.status,
    headers: { 'content-type': response.headers.get('content-type') ?? 'application/json', 'cache-control': 'no-store' },
  });
}
