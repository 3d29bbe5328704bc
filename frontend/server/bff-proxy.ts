import http, { type IncomingMessage, type ServerResponse } from 'node:http';

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection and are never passed on.
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
];

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.IncomingHttpHeaders {
  const out = { ...headers };
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  for (const name of [...HOP_BY_HOP, ...named]) delete out[name];
  return out;
}

/**
 * `/api/*` straight to the BFF: bodies streamed both ways (uploads, server-sent events), the
 * client address already overwritten by the caller, the BFF's headers (security headers included)
 * passed back. Next.js never sees these requests, so no `x-middleware-rewrite` header carries the
 * BFF's internal address back to the browser.
 */
export function bffProxy(bffUrl: string, sourceAddress?: string): (req: IncomingMessage, res: ServerResponse) => void {
  const target = new URL(bffUrl);
  // From BFF_SOURCE_ADDRESS when set: the BFF believes X-Forwarded-For only from that address.
  const agent = new http.Agent({ keepAlive: true, ...(sourceAddress ? { localAddress: sourceAddress } : {}) });
  return (req, res) => {
    const upstream = http.request(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        agent,
        method: req.method,
        path: req.url,
        headers: { ...withoutHopByHop(req.headers), host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ error: { code: 'unavailable', message: 'the API is unavailable; try again shortly' } }));
    });
    // A browser that goes away (a closed event stream, a cancelled upload) ends the BFF request too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };
}
