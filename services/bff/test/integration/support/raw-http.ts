import http from 'node:http';
import { assertMatchesOpenApi } from './openapi-validator';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request exactly as given (node:http, not fetch): any method (fetch refuses TRACE), the
 * path's bytes untouched, any header, and optionally a local address to connect from (127.0.0.2 …),
 * so a test can be "another machine" on loopback.
 */
export function rawRequest(
  baseUrl: string,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    localAddress?: string;
  },
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: {
          ...(options.body !== undefined ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}),
          ...options.headers,
        },
        localAddress: options.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * A browser on its own address: keeps its cookies and copies drs_csrf into x-csrf-token like the app;
 * every response is checked against the BFF's OpenAPI document.
 */
export class AddressedBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    readonly localAddress: string,
  ) {}

  async request(
    method: string,
    path: string,
    json?: unknown,
    headers: Record<string, string> = {},
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read fields freely
  ): Promise<RawResponse & { json: () => any }> {
    const all: Record<string, string> = { ...headers };
    if (this.cookies.size > 0) all.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get('drs_csrf');
    if (method !== 'GET' && csrf && !('x-csrf-token' in all)) all['x-csrf-token'] = csrf;
    if (json !== undefined) all['content-type'] = 'application/json';
    const res = await rawRequest(this.baseUrl, {
      method,
      path,
      headers: all,
      body: json === undefined ? undefined : JSON.stringify(json),
      localAddress: this.localAddress,
    });
    const contentType = res.headers['content-type'] ?? null;
    assertMatchesOpenApi(
      method,
      path,
      res.status,
      contentType,
      contentType?.includes('application/json') ? JSON.parse(res.body) : undefined,
    );
    for (const cookie of res.headers['set-cookie'] ?? []) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const value = decodeURIComponent(pair!.slice(eq + 1));
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(pair!.slice(0, eq));
      else this.cookies.set(pair!.slice(0, eq), value);
    }
    return { ...res, json: () => JSON.parse(res.body) };
  }

  /** GET /api/auth/csrf (once) then POST /api/auth/login, like the login page. */
  async signIn(email: string, password: string, headers: Record<string, string> = {}) {
    if (!this.cookies.has('drs_csrf')) await this.request('GET', '/api/auth/csrf', undefined, headers);
    return this.request('POST', '/api/auth/login', { email, password }, headers);
  }
}
