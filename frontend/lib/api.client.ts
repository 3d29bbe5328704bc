// Browser client: same-origin `/api/...` (rewritten to the BFF), with the double-submit CSRF token.
import { ApiError, toApiError } from './api-error';

const CSRF_COOKIE = 'drs_csrf';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

async function fetchCsrfToken(): Promise<string> {
  const response = await fetch('/api/auth/csrf', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) throw await errorFrom(response);
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return readCookie(CSRF_COOKIE) ?? csrfToken;
}

async function csrfToken(forceRefresh: boolean): Promise<string> {
  const existing = forceRefresh ? null : readCookie(CSRF_COOKIE);
  return existing ?? fetchCsrfToken();
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON
  }
  return toApiError(response.status, body, response.headers.get('retry-after'));
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function send(method: Method, path: string, body: unknown, retryOnCsrf: boolean): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const form = body instanceof FormData;
  // FormData sets its own multipart content type (with the boundary).
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = await csrfToken(!retryOnCsrf);
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  if (response.status === 403 && method !== 'GET' && retryOnCsrf) {
    const error = await errorFrom(response.clone());
    // A stale token (e.g. rotated by a sign-in in another tab): fetch a fresh one and try once more.
    if (error.code === 'csrf_failed') return send(method, path, body, false);
  }
  return response;
}

async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await send(method, path, body, true);
  } catch {
    throw new ApiError(0, 'unavailable', 'Cannot reach the server. Check your connection and try again.');
  }
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  delete: <T = void>(path: string) => request<T>('DELETE', path),
  /** multipart/form-data: fields first, then files, in the order appended. */
  postForm: <T>(path: string, form: FormData) => request<T>('POST', path, form),
};
