// The frontend's HTTP server: Next.js behind a thin edge that (1) replaces X-Forwarded-For with the
// socket's address (or a trusted proxy's word for it), (2) proxies /api to the BFF, (3) refuses odd
// methods and sets security headers. `next start` cannot do (1): Next.js keeps a client's own header.
//   node --import tsx server.ts [--dev]   (npm start runs dist/server.js, compiled by the launcher)
//   Environment: PORT (3000), HOST (127.0.0.1), BFF_URL, BFF_SOURCE_ADDRESS, COOKIE_SECURE, TRUST_PROXY
import http from 'node:http';
import path from 'node:path';
import next from 'next';
import { IdleHeapRelease } from '@docket/idle-release';
import { bffUrl } from './lib/bff-url';
import { bffProxy } from './server/bff-proxy';
import { clientAddressRewriter } from './server/client-address';
import { PAGE_METHODS, refuseMethod, setPageHeaders, setStaticPolicy } from './server/page-headers';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? '127.0.0.1';
const hsts = process.env.COOKIE_SECURE === 'true';

async function main(): Promise<void> {
  // Run as TypeScript from frontend/, or as the JavaScript the launcher compiles into frontend/dist/.
  const dir = path.basename(__dirname) === 'dist' ? path.dirname(__dirname) : __dirname;
  const app = next({ dev, dir, hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const toBff = bffProxy(bffUrl(), process.env.BFF_SOURCE_ADDRESS || undefined);
  const overwriteClientAddress = clientAddressRewriter(process.env.TRUST_PROXY);

  const server = http.createServer((req, res) => {
    overwriteClientAddress(req);
    // Liveness for Kubernetes: this event loop answering, without asking the BFF
    // (a BFF outage must not restart the frontend).
    if (req.url === '/healthz')
      return void res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('ok\n');
    if (req.url?.startsWith('/api/')) return toBff(req, res);
    if (!PAGE_METHODS.has(req.method ?? '')) return refuseMethod(res, req.method);
    setPageHeaders(res, { hsts });
    setStaticPolicy(res, req.url);
    void handle(req, res);
  });
  // Browsers, a load balancer in front and test runners keep idle connections to reuse. Node closes
  // them after 5 s by default, and a request sent on one just as it closes fails with ECONNRESET
  // (seen in the browser journey); so idle connections are kept longer than such clients keep them
  // (60 s at common load balancers).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(port, hostname, () => console.log(`frontend listening on http://${hostname}:${port}`));
  // Rendering pages leaves freed memory with glibc (13 MB on a settled stack): given back once quiet.
  const release = new IdleHeapRelease();
  release.start();
  const stop = () => {
    release.stop();
    server.close(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
