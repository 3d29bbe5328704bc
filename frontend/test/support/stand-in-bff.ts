import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the stand-in BFF received it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A stand-in BFF on loopback for the browser client's tests: it records every request with its whole
 * body, then lets `answer` reply. `document` is given a cookie jar the tests set (the CSRF cookie).
 */
export type StandInBff = Awaited<ReturnType<typeof startStandInBff>>;

export async function startStandInBff(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: SeenRequest[] = [];
  const cookies = { cookie: '' };
  (globalThis as { document?: unknown }).document = cookies;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    cookies,
    stop: async () => {
      delete (globalThis as { document?: unknown }).document;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
