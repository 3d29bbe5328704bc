// The original file of a document, streamed from the BFF with the BFF's headers (type, length,
// disposition, ETag). Default: the document's primary file. `?page=N` on a PDF redirects to the same
// URL with `#page=N`, which the browser's PDF viewer opens at that page.
import { NextResponse, type NextRequest } from 'next/server';
import { bffUrl } from '@/lib/bff-url';
import { forwardedFor } from '@/lib/forwarded-for';
import { loginPath } from '@/lib/safe-path';
import { selfOrigin } from '@/lib/self-origin';
import type { DocumentDetail } from '@/lib/types';

export const dynamic = 'force-dynamic';

// The BFF's CSP for a file (a sandbox, whatever the file) replaces the page CSP; the rest come from server.ts.
const PASSED_THROUGH = [
  'content-type',
  'content-length',
  'content-disposition',
  'etag',
  'cache-control',
  'x-content-type-options',
  'content-security-policy',
];

function forwardedHeaders(request: NextRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['cookie', 'user-agent', 'if-none-match']) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  return { ...headers, ...forwardedFor(request.headers) };
}

function plain(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/**
 * No document, no file, or no such file: the app's own 404 page (../file-missing, in the app shell),
 * fetched from this server with the browser's session, with its status and its CSP (whose nonce its
 * scripts carry). Plain text only if that page cannot be had.
 */
async function fileMissing(request: NextRequest, documentId: string, message: string): Promise<Response> {
  try {
    const page = await fetch(`${selfOrigin()}/documents/${encodeURIComponent(documentId)}/file-missing`, {
      headers: { ...forwardedHeaders(request), accept: 'text/html' },
      cache: 'no-store',
      redirect: 'manual',
    });
    if (page.status === 404 && page.headers.get('content-type')?.startsWith('text/html')) {
      const headers = new Headers({ 'content-type': page.headers.get('content-type')!, 'cache-control': 'no-store' });
      const csp = page.headers.get('content-security-policy');
      if (csp) headers.set('content-security-policy', csp);
      return new Response(page.body, { status: 404, headers });
    }
    await page.body?.cancel();
  } catch {
    // The page could not be fetched: the plain answer below still says what is missing.
  }
  return plain(404, message);
}

export async function GET(request: NextRequest, { params }: { params: Promise<{ documentId: string }> }) {
  const { documentId } = await params;
  const url = request.nextUrl;
  const here = url.pathname + url.search;

  const page = url.searchParams.get('page');
  if (page !== null) {
    const target = url.clone();
    target.searchParams.delete('page');
    const n = Math.floor(Number(page));
    if (Number.isFinite(n) && n >= 1) target.hash = `page=${n}`;
    return NextResponse.redirect(target, 303);
  }

  const headers = forwardedHeaders(request);
  let attachmentId = url.searchParams.get('attachment');
  if (!attachmentId) {
    const response = await fetch(`${bffUrl()}/api/documents/${encodeURIComponent(documentId)}?pages=1`, {
      headers: { ...headers, accept: 'application/json' },
      cache: 'no-store',
    });
    if (response.status === 401) return NextResponse.redirect(new URL(loginPath(here), url), 303);
    if (response.status === 404) return fileMissing(request, documentId, 'No such document.');
    if (!response.ok) return plain(502, 'The document could not be loaded. Try again shortly.');
    const { document } = (await response.json()) as DocumentDetail;
    const primary = document.attachments.find((a) => a.primary) ?? document.attachments[0];
    if (!primary) return fileMissing(request, documentId, 'This document has no original file.');
    attachmentId = primary.id;
  }

  const file = await fetch(
    `${bffUrl()}/api/documents/${encodeURIComponent(documentId)}/attachments/${encodeURIComponent(attachmentId)}`,
    {
      headers,
      cache: 'no-store',
    },
  );
  if (file.status === 401) return NextResponse.redirect(new URL(loginPath(here), url), 303);
  if (file.status === 404) return fileMissing(request, documentId, 'No such file on this document.');
  if (file.status !== 200 && file.status !== 304) return plain(502, 'The file could not be loaded. Try again shortly.');

  const out = new Headers();
  for (const name of PASSED_THROUGH) {
    const value = file.headers.get(name);
    if (value) out.set(name, value);
  }
  // The body is passed on as it arrives: the file is never held in memory here.
  return new Response(file.status === 304 ? null : file.body, { status: file.status, headers: out });
}
