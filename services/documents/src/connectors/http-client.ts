import { z } from 'zod';
import { UnavailableError, type FieldIssue } from '@docket/errors';

/** The source answered with a status we will not (or no longer) retry. */
export class SourceHttpError extends UnavailableError {
  constructor(
    readonly url: string,
    readonly status: number | undefined,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The source answered 2xx but the body is not JSON or lacks a field we rely on. */
export class SourceResponseError extends UnavailableError {
  constructor(
    readonly url: string,
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
  }
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface HttpClientOptions {
  /** Sent with every request, e.g. `Authorization: Token …`. */
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Retries after the first attempt, for 429, 5xx, timeouts and network errors. */
  maxRetries?: number;
  /** Delay before retry `attempt` (1-based) when the source gives no Retry-After. */
  backoffMs?: (attempt: number) => number;
  /** Upper bound for any wait, including a Retry-After the source asks for. */
  maxDelayMs?: number;
  /** Injectable so tests never wait for real time. */
  sleep?: Sleep;
  fetch?: typeof fetch;
}

const defaultBackoff = (attempt: number): number =>
  Math.min(30_000, 500 * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function formatZodIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(root)', message: issue.message }));
}

export class HttpClient {
  private readonly headers: Record<string, string>;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly backoffMs: (attempt: number) => number;
  private readonly maxDelayMs: number;
  private readonly sleep: Sleep;
  private readonly fetchFn: typeof fetch;

  constructor(options: HttpClientOptions = {}) {
    this.headers = { accept: 'application/json', ...options.headers };
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetries = options.maxRetries ?? 4;
    this.backoffMs = options.backoffMs ?? defaultBackoff;
    this.maxDelayMs = options.maxDelayMs ?? 120_000;
    this.sleep = options.sleep ?? realSleep;
    this.fetchFn = options.fetch ?? fetch;
  }

  /** GET a JSON document and validate the fields we use; everything else is kept as is. */
  async getJson<T>(url: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
    const text = await this.fetchBody(url, signal, (res) => res.text());
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (err) {
      throw new SourceResponseError(url, `GET ${url} returned malformed JSON: ${(err as Error).message}`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issues = formatZodIssues(parsed.error);
      const summary = issues.map((i) => `${i.path}: ${i.message}`).join('; ');
      throw new SourceResponseError(url, `GET ${url} returned an unexpected response: ${summary}`, issues);
    }
    return parsed.data;
  }

  /** The body of a file (a PDF, a full-text page) with its content type, with the same retries as getJson. */
  getBytes(url: string, signal?: AbortSignal): Promise<{ bytes: Buffer; contentType: string }> {
    return this.fetchBody(url, signal, async (res) => ({
      bytes: Buffer.from(await res.arrayBuffer()),
      contentType: res.headers.get('content-type') ?? '',
    }));
  }

  private async fetchBody<T>(
    url: string,
    signal: AbortSignal | undefined,
    read: (res: Response) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      let retryReason: string;
      let retryAfterMs: number | undefined;
      let status: number | undefined;
      const timeout = AbortSignal.timeout(this.timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      try {
        const res = await this.fetchFn(url, { headers: this.headers, signal: combined });
        if (res.ok) return await read(res);
        status = res.status;
        const body = await res.text().catch(() => '');
        if (res.status !== 429 && res.status < 500) {
          throw new SourceHttpError(
            url,
            res.status,
            `GET ${url} failed: HTTP ${res.status} ${res.statusText}${bodyHint(body)}`,
          );
        }
        retryReason = `HTTP ${res.status} ${res.statusText}${bodyHint(body)}`;
        retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
      } catch (err) {
        if (err instanceof SourceHttpError) throw err;
        if (signal?.aborted) throw signal.reason;
        // A timeout, a reset connection or a body cut off mid-way: worth another try.
        retryReason = timeout.aborted
          ? `timed out after ${this.timeoutMs} ms`
          : `network error: ${(err as Error).message}`;
        if (attempt >= this.maxRetries) {
          throw new SourceHttpError(url, status, `GET ${url} failed after ${attempt + 1} attempts: ${retryReason}`, {
            cause: err,
          });
        }
      }
      if (attempt >= this.maxRetries) {
        throw new SourceHttpError(url, status, `GET ${url} failed after ${attempt + 1} attempts: ${retryReason}`);
      }
      const delay = Math.min(this.maxDelayMs, retryAfterMs ?? this.backoffMs(attempt + 1));
      await this.sleep(delay, signal);
    }
  }
}

function bodyHint(body: string): string {
  const compact = body.replace(/\s+/g, ' ').trim();
  return compact ? ` (${compact.slice(0, 200)})` : '';
}
