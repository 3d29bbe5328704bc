import { assertMatchesOpenApi } from './openapi-validator';

/**
 * A tiny browser stand-in over real HTTP (fetch): keeps cookies like a browser would and, unless told
 * otherwise, copies the drs_csrf cookie into the x-csrf-token header on mutating requests. Every
 * response is checked against the BFF's OpenAPI document (status documented, JSON body matches).
 */
export class BrowserClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  async request(
    method: string,
    path: string,
    options: {
      json?: unknown;
      rawBody?: string;
      body?: FormData;
      csrf?: 'auto' | 'none' | string;
      headers?: Record<string, string>;
    } = {},
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response fields freely and assert them
  ): Promise<{ status: number; body: any; headers: Headers }> {
    const res = await this.fetch(method, path, options);
    const text = await res.text();
    let body: unknown = text;
    if (res.headers.get('content-type')?.includes('application/json')) body = JSON.parse(text);
    return { status: res.status, body, headers: res.headers };
  }

  async fetch(
    method: string,
    path: string,
    options: {
      json?: unknown;
      rawBody?: string;
      /** FormData (fetch sets the multipart boundary) or a stream sent as it is produced. */
      body?: FormData | ReadableStream<Uint8Array>;
      csrf?: 'auto' | 'none' | string;
      headers?: Record<string, string>;
      signal?: AbortSignal;
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = options.csrf ?? 'auto';
    if (!['GET', 'HEAD'].includes(method)) {
      if (csrf === 'auto') {
        const token = this.cookies.get('drs_csrf');
        if (token) headers['x-csrf-token'] = token;
      } else if (csrf !== 'none') {
        headers['x-csrf-token'] = csrf;
      }
    }
    let body: string | FormData | ReadableStream<Uint8Array> | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.rawBody !== undefined) {
      headers['content-type'] = 'application/json';
      body = options.rawBody;
    }
    // A streamed body needs half-duplex mode in undici.
    const init: RequestInit & { duplex?: 'half' } = { method, headers, body, signal: options.signal };
    if (body instanceof ReadableStream) init.duplex = 'half';
    const res = await fetch(this.baseUrl + path, init);
    this.storeCookies(res.headers.getSetCookie());
    const contentType = res.headers.get('content-type');
    // A streamed (event-stream) body is the test's to read; its status is still checked.
    const json: unknown = contentType?.includes('application/json') ? JSON.parse(await res.clone().text()) : undefined;
    assertMatchesOpenApi(method, path, res.status, contentType, json);
    return res;
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, json?: unknown) => this.request('POST', path, json === undefined ? {} : { json });
  patch = (path: string, json: unknown) => this.request('PATCH', path, { json });

  /** GET /api/auth/csrf then POST /api/auth/login, like the login page does. */
  async signIn(email: string, password: string) {
    if (!this.cookies.has('drs_csrf')) await this.get('/api/auth/csrf');
    return this.post('/api/auth/login', { email, password });
  }

  private storeCookies(setCookies: string[]): void {
    for (const header of setCookies) {
      const [pair, ...attributes] = header.split(';').map((s) => s.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = decodeURIComponent(pair!.slice(eq + 1));
      const expired = attributes.some((a) => {
        const [key, val] = a.split('=');
        if (key!.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key!.toLowerCase() === 'expires') return new Date(val!).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/** Reads a text/event-stream response to its end, collecting events and comment lines. */
export async function readEventStream(
  res: Response,
  onEvent?: (event: SseEvent) => void,
): Promise<{ events: SseEvent[]; comments: string[] }> {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = res.body!.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let boundary: number;
    while ((boundary = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const event: SseEvent = { event: 'message', data: '' };
      let isEvent = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          comments.push(line.slice(1).trim());
        } else if (line.startsWith('event: ')) {
          event.event = line.slice(7);
          isEvent = true;
        } else if (line.startsWith('data: ')) {
          event.data += line.slice(6);
          isEvent = true;
        } else if (line.startsWith('id: ')) {
          event.id = line.slice(4);
        }
      }
      if (isEvent) {
        events.push(event);
        onEvent?.(event);
      }
    }
  }
  return { events, comments };
}
