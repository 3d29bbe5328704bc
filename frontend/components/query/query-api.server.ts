// Server-side reads for the search, query and log pages: the BFF with the browser's cookies, never
// cached; 401 → /login, 404 → the not-found page, anything else → an ApiError for the error page.
import { cache } from 'react';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { toApiError } from '@/lib/api-error';
import { forwardedFor } from '@/lib/forwarded-for';
import { REQUEST_PATH_HEADER } from '@/lib/request-path';
import { loginPath } from '@/lib/safe-path';
import type { QuerySummary, QueryWithAuthor, Workspace, WorkspaceRequest } from './types';

function bffBaseUrl(): string {
  return (process.env.BFF_URL ?? 'http://127.0.0.1:4000').replace(/\/+$/, '');
}

/** GET from the BFF; `passThrough` statuses come back as `{ status }` for the caller to handle. */
export async function bffRead<T>(path: string, passThrough: number[] = []): Promise<{ ok: true; body: T } | { ok: false; status: number; body: unknown }> {
  const incoming = await headers();
  const forwarded: Record<string, string> = { accept: 'application/json' };
  for (const name of ['cookie', 'user-agent']) {
    const value = incoming.get(name);
    if (value) forwarded[name] = value;
  }
  Object.assign(forwarded, forwardedFor(incoming));
  const response = await fetch(`${bffBaseUrl()}${path}`, { headers: forwarded, cache: 'no-store' });
  if (response.ok) return { ok: true, body: (await response.json()) as T };
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON (a proxy's error page); toApiError falls back to a message per status
  }
  if (passThrough.includes(response.status)) return { ok: false, status: response.status, body };
  if (response.status === 401) redirect(loginPath(incoming.get(REQUEST_PATH_HEADER)));
  if (response.status === 404) notFound();
  throw toApiError(response.status, body, response.headers.get('retry-after'));
}

async function mustRead<T>(path: string): Promise<T> {
  const result = await bffRead<T>(path);
  if (!result.ok) throw toApiError(result.status, result.body);
  return result.body;
}

/** A workspace you may see, or null (404). Deduplicated per request (metadata and page both ask). */
export const findWorkspace = cache(async (workspaceId: string): Promise<Workspace | null> => {
  const result = await bffRead<{ workspace: Workspace }>(`/api/workspaces/${encodeURIComponent(workspaceId)}?recent=0`, [404]);
  return result.ok ? result.body.workspace : null;
});

/** A workspace you may see; the not-found page otherwise. (Metadata uses findWorkspace: notFound() there leaves a blank page.) */
export async function getWorkspace(workspaceId: string): Promise<Workspace> {
  return (await findWorkspace(workspaceId)) ?? notFound();
}

export async function listRequests(workspaceId: string, cursor: string, limit = 25): Promise<{ requests: WorkspaceRequest[]; nextCursor: string | null }> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return mustRead(`/api/workspaces/${encodeURIComponent(workspaceId)}/requests?${params.toString()}`);
}

export const findRequest = cache(async (workspaceId: string, requestId: string): Promise<WorkspaceRequest | null> => {
  const result = await bffRead<{ request: WorkspaceRequest }>(
    `/api/workspaces/${encodeURIComponent(workspaceId)}/requests/${encodeURIComponent(requestId)}`,
    [404],
  );
  return result.ok ? result.body.request : null;
});

export const findQuery = cache(async (queryId: string): Promise<QueryWithAuthor | null> => {
  const result = await bffRead<QueryWithAuthor>(`/api/queries/${encodeURIComponent(queryId)}`, [404]);
  return result.ok ? result.body : null;
});

export interface AdminQueryFilters {
  user?: string;
  workspace?: string;
  from?: string;
  to?: string;
  minMs?: string;
  mode?: string;
  cursor?: string;
}

/** The administrators' log; a 400 (a filter at fault) comes back as its field issues. */
export async function listAdminQueries(
  filters: AdminQueryFilters,
): Promise<{ ok: true; queries: QuerySummary[]; nextCursor: string | null } | { ok: false; message: string; issues: Record<string, string> }> {
  const params = new URLSearchParams({ limit: '25' });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const result = await bffRead<{ queries: QuerySummary[]; nextCursor: string | null }>(`/api/admin/queries?${params.toString()}`, [400]);
  if (result.ok) return { ok: true, ...result.body };
  const error = toApiError(result.status, result.body);
  return { ok: false, message: error.message, issues: error.fieldErrors() };
}
