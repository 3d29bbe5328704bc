import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/**
 * The frontend is the edge: X-Forwarded-For becomes one address, the socket's, and whatever a client
 * said there (or in Forwarded, X-Real-IP) is dropped. Next.js would keep a client's own header, and
 * the BFF believes the frontend's (its TRUST_PROXY), so passing it on would let anyone name any
 * address. Only when the operator puts a proxy in front of the frontend and names it in the
 * frontend's TRUST_PROXY (same syntax as the BFF's: loopback, 10.0.0.0/8, …) is that proxy's
 * X-Forwarded-For walked, as far as the trusted hops go.
 */
export function clientAddressRewriter(trustProxy: string | undefined): (req: IncomingMessage) => void {
  const entries = (trustProxy ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && entry !== 'false');
  // compile throws on a bad entry: fail at start.
  const trusted = entries.length > 0 ? proxyAddr.compile(entries) : () => false;
  return (req) => {
    const address = req.socket.remoteAddress ? proxyAddr(req, trusted) : undefined;
    delete req.headers.forwarded;
    delete req.headers['x-real-ip'];
    if (address) req.headers['x-forwarded-for'] = address;
    else delete req.headers['x-forwarded-for'];
  };
}
