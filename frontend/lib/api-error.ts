// The BFF answers every failure with `{ error: { code, message, issues } }`; this turns it into one typed error.
export type ApiErrorCode =
  | 'invalid_input'
  | 'unauthenticated'
  | 'forbidden'
  | 'csrf_failed'
  | 'not_found'
  | 'conflict'
  | 'too_many_requests'
  | 'unavailable'
  | 'internal';

export interface FieldIssue {
  path: string;
  message: string;
}

const KNOWN_CODES: ReadonlySet<string> = new Set<ApiErrorCode>([
  'invalid_input',
  'unauthenticated',
  'forbidden',
  'csrf_failed',
  'not_found',
  'conflict',
  'too_many_requests',
  'unavailable',
  'internal',
]);

const CODE_BY_STATUS: Record<number, ApiErrorCode> = {
  400: 'invalid_input',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'too_many_requests',
  503: 'unavailable',
};

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly issues: FieldIssue[] = [],
    /** Seconds from a Retry-After header (throttling), when the server sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** Field issues keyed by path (first message per field wins), for rendering next to form inputs. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const issue of this.issues) {
      if (!(issue.path in out)) out[issue.path] = issue.message;
    }
    return out;
  }
}

function defaultMessage(status: number): string {
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status === 503 || status === 502 || status === 504)
    return 'The service is temporarily unavailable. Please try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return `Request failed (HTTP ${status}).`;
}

function parseIssues(raw: unknown): FieldIssue[] {
  if (!Array.isArray(raw)) return [];
  const issues: FieldIssue[] = [];
  for (const item of raw) {
    if (item && typeof item === 'object') {
      const { path, message } = item as { path?: unknown; message?: unknown };
      const p = Array.isArray(path) ? path.join('.') : typeof path === 'string' ? path : '';
      if (typeof message === 'string') issues.push({ path: p, message });
    }
  }
  return issues;
}

export function parseRetryAfter(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Builds an ApiError from a failed response's status and (possibly non-JSON) body. */
export function toApiError(status: number, body: unknown, retryAfter?: string | null): ApiError {
  const envelope = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  const fallbackCode = CODE_BY_STATUS[status] ?? 'internal';
  if (envelope && typeof envelope === 'object') {
    const { code, message, issues } = envelope as { code?: unknown; message?: unknown; issues?: unknown };
    const typedCode = typeof code === 'string' && KNOWN_CODES.has(code) ? (code as ApiErrorCode) : fallbackCode;
    const text = typeof message === 'string' && message.trim() ? message : defaultMessage(status);
    return new ApiError(status, typedCode, text, parseIssues(issues), parseRetryAfter(retryAfter));
  }
  return new ApiError(status, fallbackCode, defaultMessage(status), [], parseRetryAfter(retryAfter));
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
