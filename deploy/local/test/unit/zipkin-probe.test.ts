import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { probeZipkin } from '../../src/zipkin';

/** A server whose /health answers as `respond` says; closed after each test. */
async function serve(
  respond: (res: http.ServerResponse) => void,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => respond(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections(); // the stalled response's connection too
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('probeZipkin', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('is true when /health says UP', async () => {
    const server = await serve((res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"UP"}'),
    );
    close = server.close;
    expect(await probeZipkin(server.url)).toBe(true);
  });

  it('is false, not pending for ever, when the headers come and the body stalls past the timeout', async () => {
    const server = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"status":'); // and nothing more
    });
    close = server.close;
    expect(await probeZipkin(server.url, 200)).toBe(false);
  });
});
