// Server-side BFF client for server components: forwards the browser's cookies and address (never a
// client's own X-Forwarded-For), never caches,
// turns 401 into a redirect to /login and 404 into the not-found page.
import { cache } from 'react';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { ApiError, toApiError } from './api-error';
import { forwardedFor } from './forwarded-for';
import { loginPath } from './safe-path';
import { REQUEST_PATH_HEADER } from './request-path';
import type { DataProduct, DocumentDetail, EntityProfile, Process, SearchResult, Source, SourceStatus, StackStatus, User } from './types';

function bffBaseUrl(): string {
  return (process.env.BFF_URL ?? 'http://127.0.0.1:4000').replace(/\/+$/, '');
}

interface GetOptions {
  /** Statuses handled by the caller (returned as `null`) instead of redirect / not-found / throw. */
  passThrough?: number[];
}

async function bffGet<T>(path: string, options: GetOptions = {}): Promise<T | null> {
  const incoming = await headers();
  const forwarded: Record<string, string> = { accept: 'application/json' };
  const cookie = incoming.get('cookie');
  if (cookie) forwarded.cookie = cookie;
  const userAgent = incoming.get('user-agent');
  if (userAgent) forwarded['user-agent'] = userAgent;
  Object.assign(forwarded, forwardedFor(incoming));

  const response = await fetch(`${bffBaseUrl()}${path}`, { headers: forwarded, cache: 'no-store' });
  if (response.ok) return (await response.json()) as T;
  if (options.passThrough?.includes(response.status)) return null;

  if (response.status === 401) redirect(loginPath(incoming.get(REQUEST_PATH_HEADER)));
  if (response.status === 404) notFound();
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON (e.g. a proxy error page); toApiError falls back to a message per status
  }
  throw toApiError(response.status, body, response.headers.get('retry-after'));
}

async function mustGet<T>(path: string): Promise<T> {
  const result = await bffGet<T>(path);
  if (result === null) throw new ApiError(500, 'internal', `Empty answer from ${path}`);
  return result;
}

/** The signed-in user; redirects to /login when there is no session. Deduplicated per request. */
export const getSessionUser = cache(async (): Promise<User> => {
  const { user } = await mustGet<{ user: User }>('/api/auth/session');
  return user;
});

/** The signed-in user, or null (for /login itself). */
export const getOptionalSessionUser = cache(async (): Promise<User | null> => {
  const result = await bffGet<{ user: User }>('/api/auth/session', { passThrough: [401] });
  return result?.user ?? null;
});

export async function search(q: string, limit: number, offset: number): Promise<SearchResult> {
  const params = new URLSearchParams({ q, limit: String(limit), offset: String(offset) });
  return mustGet<SearchResult>(`/api/search?${params.toString()}`);
}

/** A document with `pages` pages of text from `page` on, or null when it does not exist. Deduplicated per request. */
export const findDocument = cache(async (documentId: string, page = 1, pages = 5): Promise<DocumentDetail | null> => {
  const params = new URLSearchParams({ page: String(page), pages: String(pages) });
  return bffGet<DocumentDetail>(`/api/documents/${encodeURIComponent(documentId)}?${params.toString()}`, { passThrough: [404] });
});

export async function listSources(): Promise<Source[]> {
  const { sources } = await mustGet<{ sources: Source[] }>('/api/catalog/sources');
  return sources;
}

export async function listDataProducts(): Promise<DataProduct[]> {
  const { dataProducts } = await mustGet<{ dataProducts: DataProduct[] }>('/api/catalog/data-products');
  return dataProducts;
}

export async function getCatalogStatus(): Promise<SourceStatus[]> {
  const { sources } = await mustGet<{ sources: SourceStatus[] }>('/api/catalog/status');
  return sources;
}

/** The launcher's report of the stack's processes, or null where none reports them (e.g. Kubernetes). */
export async function getStackStatus(): Promise<StackStatus | null> {
  const result = await bffGet<{ stack: StackStatus | null }>('/api/stack/status', { passThrough: [404] });
  return result?.stack ?? null;
}

/** An entity profile, or null when there is no such entity. */
export async function findEntity(entityId: string): Promise<EntityProfile | null> {
  return bffGet<EntityProfile>(`/api/entities/${encodeURIComponent(entityId)}`, { passThrough: [404] });
}

/** A process, or null while the BFF does not know it yet (404 right after it was started). */
export async function getProcess(processId: string): Promise<Process | null> {
  const result = await bffGet<{ process: Process }>(`/api/processes/${encodeURIComponent(processId)}`, { passThrough: [404] });
  return result?.process ?? null;
}

export async function listProcesses(): Promise<Process[]> {
  const { processes } = await mustGet<{ processes: Process[] }>('/api/processes');
  return processes;
}

export async function getIndexStats(): Promise<{ documents: number }> {
  return mustGet<{ documents: number }>('/api/admin/index-stats');
}

export async function listUsers(): Promise<User[]> {
  const { users } = await mustGet<{ users: User[] }>('/api/users');
  return users;
}
