import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './address-guard';

/**
 * POSTs a body to a URL over a connection to one given address (the one the SSRF guard checked),
 * whatever DNS would answer now: the request keeps the URL's host for its Host header and TLS name.
 * Resolves with the response's status as soon as it arrives (the body is drained and ignored);
 * rejects with the network error, or an AbortError when `timeoutMs` passes. Redirects are not followed.
 */
export function postPinned(
  url: URL,
  address: ResolvedAddress,
  request: { headers: Record<string, string>; body: string; timeoutMs: number },
): Promise<number> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    // Node asks for every address when it may try several (autoSelectFamily), else for one.
    if ((options as { all?: boolean }).all)
      (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const outgoing = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup: pinned,
        // A fresh connection each time: a pooled one might have been opened to another address.
        agent: false,
        signal: AbortSignal.timeout(request.timeoutMs),
      },
      (response) => {
        response.resume();
        response.on('error', () => undefined);
        resolve(response.statusCode ?? 0);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
