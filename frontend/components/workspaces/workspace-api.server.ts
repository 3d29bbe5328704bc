// Server-side reads of /api/workspaces for the workspace pages: the browser's cookies are
// forwarded, nothing is cached, 401 leads to /login; a 404 comes back as null for the page to
// decide (a workspace you are not in is "not found", so nothing about it leaks).
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { toApiError } from '@/lib/api-error';
import { forwardedFor } from '@/lib/forwarded-for';
import { REQUEST_PATH_HEADER } from '@/lib/request-path';
import { loginPath } from '@/lib/safe-path';
import type { WorkspaceRequestsPage, WorkspaceSummary, WorkspaceWithRequests } from './workspace-types';

function bffBaseUrl(): string {
  return (process.env.BFF_URL ?? 'http://127.0.0.1:4000').replace(/\/+$/, '');
}

async function get<T>(path: string): Promise<T | null> {
  const incoming = await headers();
  const forwarded: Record<string, string> = { accept: 'application/json' };
  for (const name of ['cookie', 'user-agent']) {
    const value = incoming.get(name);
    if (value) forwarded[name] = value;
  }
  Object.assign(forwarded, forwardedFor(incoming));
  const response = await fetch(`${bffBaseUrl()}${path}`, { headers: forwarded, cache: 'no-store' });
  if (response.ok) return (await response.json()) as T;
  if (response.status === 404) return null;
  if (response.status === 401) redirect(loginPath(incoming.get(REQUEST_PATH_HEADER)));
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON (a proxy error page): toApiError falls back to a message per status
  }
  throw toApiError(response.status, body, response.headers.get('retry-after'));
}

/** The signed-in user's workspaces, most recently used first. */
export async function listMyWorkspaces(): Promise<WorkspaceSummary[]> {
  const result = await get<{ workspaces: WorkspaceSummary[] }>('/api/workspaces');
  return result?.workspaces ?? [];
}

/** A workspace with its members and `recent` newest requests, or null when there is none you may see. */
export async function findWorkspace(workspaceId: string, recent = 10): Promise<WorkspaceWithRequests | null> {
  return get<WorkspaceWithRequests>(`/api/workspaces/${encodeURIComponent(workspaceId)}?recent=${recent}`);
}

/** A page of a workspace's log, newest first, or null when there is no workspace you may see. */
export async function listWorkspaceRequests(workspaceId: string, limit = 20, cursor = ''): Promise<WorkspaceRequestsPage | null> {
  const params = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  return get<WorkspaceRequestsPage>(`/api/workspaces/${encodeURIComponent(workspaceId)}/requests?${params.toString()}`);
}
