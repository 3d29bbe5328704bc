// Browser client: openapi-fetch over the generated lib/api/schema.d.ts, same-origin `/api/...`
// (rewritten to the BFF), cookies, and the double-submit CSRF token on every mutating request — with
// one retry under a fresh token when the BFF answers 403 `csrf_failed`. `unwrap` turns an answer into
// its JSON or the ApiError the components show.
import createClient, { type Middleware } from 'openapi-fetch';
import { ApiError, toApiError } from './api-error';
import type { components, paths } from './api/schema';

const CSRF_COOKIE = 'drs_csrf';
const CSRF_HEADER = 'x-csrf-token';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export type ApiClient = ReturnType<typeof createClient<paths>>;

/** The client over `baseUrl` ('' in the browser: same origin; a stand-in server's origin in tests). */
export function createApiClient(baseUrl = ''): ApiClient {
  const client = createClient<paths>({ baseUrl, credentials: 'same-origin', headers: { accept: 'application/json' } });

  async function csrfToken(forceRefresh: boolean): Promise<string> {
    const existing = forceRefresh ? null : readCookie(CSRF_COOKIE);
    if (existing) return existing;
    const { data, error, response } = await client.GET('/api/auth/csrf');
    if (!data) throw toApiError(response.status, error ?? null, response.headers.get('retry-after'));
    return readCookie(CSRF_COOKIE) ?? data.csrfToken;
  }

  // Each mutating request as sent, kept until its answer is in, to send it again under a fresh token.
  const sent = new Map<string, Request>();
  const csrf: Middleware = {
    async onRequest({ request, id }) {
      if (request.method === 'GET') return undefined;
      request.headers.set(CSRF_HEADER, await csrfToken(false));
      sent.set(id, request.clone());
      return request;
    },
    async onResponse({ response, id, options }) {
      const original = sent.get(id);
      sent.delete(id);
      if (!original || response.status !== 403) return undefined;
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => null);
      // A stale token (e.g. rotated by a sign-in in another tab): fetch a fresh one and try once more.
      if (toApiError(403, body).code !== 'csrf_failed') return undefined;
      original.headers.set(CSRF_HEADER, await csrfToken(true));
      const send = options.fetch; // called unbound, as openapi-fetch does (window.fetch refuses another `this`)
      return send(original);
    },
    onError({ id }) {
      sent.delete(id);
      return undefined;
    },
  };
  client.use(csrf);
  return client;
}

/** The browser's BFF client; pass its calls to `unwrap`. */
export const api = createApiClient();

/**
 * The answer's JSON (undefined for 204), or the ApiError of a failed answer (from the BFF's error
 * body, with Retry-After); a request that could not be sent at all becomes `unavailable`.
 */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let answer: { data?: T; error?: unknown; response: Response };
  try {
    answer = await call;
  } catch {
    throw new ApiError(0, 'unavailable', 'Cannot reach the server. Check your connection and try again.');
  }
  const { data, error, response } = answer;
  // openapi-fetch gives the parsed JSON error body, or its text when it is not JSON (a proxy's page)
  if (!response.ok) throw toApiError(response.status, error ?? null, response.headers.get('retry-after'));
  return data as T;
}

type UploadFields = Omit<components['schemas']['UploadForm'], 'files'>;

/**
 * POST /api/documents/upload's multipart body: the schema's fields first (the BFF applies them to the
 * files that follow), then the files in order. openapi-fetch sends FormData as it is, and the browser
 * sets the multipart content type with its boundary.
 */
export function uploadForm(fields: UploadFields, files: readonly File[]): components['schemas']['UploadForm'] {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  for (const file of files) form.append('files', file, file.name);
  // The generated type says `files: string[]` (binary); what goes over the wire is this FormData.
  return form as unknown as components['schemas']['UploadForm'];
}

/** POST /api/data-products/{id}/releases's multipart body: version and asOf first, then the file. */
export function releaseUploadForm(
  fields: { version?: string; asOf?: string },
  file: File,
): components['schemas']['ReleaseUpload'] {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
  form.append('file', file, file.name);
  return form as unknown as components['schemas']['ReleaseUpload'];
}
