/** Where the BFF is: BFF_URL, read here and nowhere else (server.ts's proxy, server components, instrumentation). */
export function bffUrl(): string {
  return (process.env.BFF_URL ?? 'http://127.0.0.1:4000').replace(/\/+$/, '');
}
