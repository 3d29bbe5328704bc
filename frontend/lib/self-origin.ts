// Where this frontend's own server answers on this machine (server.ts: HOST, PORT), for a route
// handler that needs one of the app's pages (it cannot render them itself).

export function selfOrigin(env: Record<string, string | undefined> = process.env): string {
  const port = env.PORT || '3000';
  const host = env.HOST && !['0.0.0.0', '::', 'localhost'].includes(env.HOST) ? env.HOST : '127.0.0.1';
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
