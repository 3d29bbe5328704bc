import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bffProxy } from '../../server/bff-proxy';
import { clientAddressRewriter } from '../../server/client-address';

// frontend/server.ts's edge, over real loopback HTTP: a stand-in BFF records what reaches it.
describe('frontend edge server', () => {
  const seen: http.IncomingHttpHeaders[] = [];
  /** The address each request reached the stand-in BFF from. */
  const seenFrom: (string | undefined)[] = [];
  let bff: http.Server;
  let bffUrl: string;
  const servers: http.Server[] = [];

  const listen = async (server: http.Server): Promise<string> => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  /** The edge as server.ts wires it, with a given frontend TRUST_PROXY. */
  const edge = (trustProxy?: string, target = bffUrl, sourceAddress?: string) => {
    const rewrite = clientAddressRewriter(trustProxy);
    const proxy = bffProxy(target, sourceAddress);
    return listen(
      http.createServer((req, res) => {
        rewrite(req);
        proxy(req, res);
      }),
    );
  };

  /** node:http from a chosen loopback address, so the socket's address is known. */
  const send = (
    url: string,
    headers: Record<string, string>,
    localAddress = '127.0.0.9',
    method = 'GET',
    body?: string,
  ) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = http.request(`${url}/api/echo`, { method, headers, localAddress, agent: false }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });

  beforeAll(async () => {
    bff = http.createServer((req, res) => {
      seen.push(req.headers);
      seenFrom.push(req.socket.remoteAddress);
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'x-frame-options': 'DENY',
          connection: 'keep-alive, x-bff-hop',
          'x-bff-hop': '1',
        });
        res.end(JSON.stringify({ method: req.method, path: req.url, body }));
      });
    });
    bffUrl = await listen(bff);
  });

  afterAll(async () => {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      ),
    );
  });

  it("overwrites a made-up X-Forwarded-For (and drops Forwarded, X-Real-IP) with the socket's address", async () => {
    const url = await edge();
    const res = await send(url, {
      'x-forwarded-for': '198.51.100.1, 203.0.113.9',
      forwarded: 'for=198.51.100.2',
      'x-real-ip': '198.51.100.3',
    });
    expect(res.status).toBe(200);
    const headers = seen.at(-1)!;
    expect(headers['x-forwarded-for']).toBe('127.0.0.9');
    expect(headers.forwarded).toBeUndefined();
    expect(headers['x-real-ip']).toBeUndefined();
  });

  it('walks X-Forwarded-For only through a proxy named in TRUST_PROXY, and still sends one address', async () => {
    const url = await edge('127.0.0.9');
    await send(url, { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' });
    expect(seen.at(-1)!['x-forwarded-for']).toBe('203.0.113.9');
    await send(url, { 'x-forwarded-for': '203.0.113.9' }, '127.0.0.8'); // not the named proxy
    expect(seen.at(-1)!['x-forwarded-for']).toBe('127.0.0.8');
  });

  it('connects to the BFF from BFF_SOURCE_ADDRESS, the only address whose X-Forwarded-For it believes', async () => {
    await send(await edge(undefined, bffUrl, '127.0.0.2'), {});
    expect(seenFrom.at(-1)).toBe('127.0.0.2');
    await send(await edge(), {});
    expect(seenFrom.at(-1)).toBe('127.0.0.1');
  });

  it("passes method, path, body and the BFF's headers through, minus hop-by-hop and x-middleware-rewrite", async () => {
    const url = await edge();
    const res = await send(
      url,
      { 'content-type': 'application/json', connection: 'keep-alive, x-secret', 'x-secret': 'hop' },
      undefined,
      'POST',
      '{"a":1}',
    );
    expect(JSON.parse(res.body)).toEqual({ method: 'POST', path: '/api/echo', body: '{"a":1}' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-middleware-rewrite']).toBeUndefined();
    expect(res.headers['x-bff-hop']).toBeUndefined();
    expect(seen.at(-1)!['x-secret']).toBeUndefined();
    expect(seen.at(-1)!.host).toBe(new URL(bffUrl).host);
  });

  it('answers 502 with a message when the BFF cannot be reached', async () => {
    const url = await edge(undefined, 'http://127.0.0.1:1');
    const res = await send(url, {});
    expect(res.status).toBe(502);
    expect(JSON.parse(res.body).error.code).toBe('unavailable');
  });

  it('refuses a TRUST_PROXY entry it cannot read when the server starts', () => {
    expect(() => clientAddressRewriter('not-an-address')).toThrow();
  });
});
