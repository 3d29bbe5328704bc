// The one server-side BFF client (openapi-fetch over the generated lib/api/schema.d.ts): forwards the
// browser's cookie, user agent and address (the one server.ts wrote; never a client's own
// X-Forwarded-For chain), never caches. 401 → /login, 404 → the not-found page, anything else → an
// ApiError for the error page; `find*` lookups return null on 404 instead, for pages (and metadata)
// that say so themselves.
import { cookies, headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import createClient from 'openapi-fetch';
import { cache } from 'react';
import type { QuerySummary, QueryWithAuthor, Workspace, WorkspaceRequest } from '@/lib/query-types';
import type { SearchPage } from '@/lib/search-types';
import { toApiError } from './api-error';
import type { components, paths } from './api/schema';
import { bffUrl } from './bff-url';
import { forwardedFor } from './forwarded-for';
import { REQUEST_PATH_HEADER } from './request-path';
import { loginPath } from './safe-path';
import type {
  ChangedRow,
  DataProductDetail,
  DocketDetail,
  DocketEntries,
  DocumentDetail,
  EntityProfile,
  Process,
  ProductSummary,
  ReleaseRows,
  StackStatus,
  User,
} from './types';

const client = createClient<paths>({ baseUrl: bffUrl(), cache: 'no-store' });
/** The double-submit CSRF cookie the BFF sets; a write carries its value in `x-csrf-token`. */
const CSRF_COOKIE = 'drs_csrf';

type RecordedSearchRequest = components['schemas']['RecordedSearchRequest'];

client.use({
  async onRequest({ request }) {
    const incoming = await headers();
    const forwarded = new Headers(request.headers);
    forwarded.set('accept', 'application/json');
    for (const name of ['cookie', 'user-agent']) {
      const value = incoming.get(name);
      if (value) forwarded.set(name, value);
    }
    for (const [name, value] of Object.entries(forwardedFor(incoming))) forwarded.set(name, value);
    return new Request(request, { headers: forwarded });
  },
});

export type Outcome<T> = { ok: true; body: T } | { ok: false; status: number; body: unknown };

/** An answer of the client; `passThrough` statuses come back for the caller to handle. */
async function outcome<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
  passThrough: readonly number[] = [],
): Promise<Outcome<T>> {
  const { data, error, response } = await call;
  if (response.ok && data !== undefined) return { ok: true, body: data };
  // openapi-fetch gives the parsed JSON error body, or its text when it is not JSON (a proxy's page)
  const body = error ?? null;
  if (passThrough.includes(response.status)) return { ok: false, status: response.status, body };
  if (response.status === 401) redirect(loginPath((await headers()).get(REQUEST_PATH_HEADER)));
  if (response.status === 404) notFound();
  throw toApiError(response.status, body, response.headers.get('retry-after'));
}

async function must<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const result = await outcome(call);
  if (!result.ok) throw toApiError(result.status, result.body);
  return result.body;
}

async function orNull<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T | null> {
  const result = await outcome(call, [404]);
  return result.ok ? result.body : null;
}

/** The signed-in user; redirects to /login when there is no session. Deduplicated per request. */
export const getSessionUser = cache(async (): Promise<User> => (await must(client.GET('/api/auth/session'))).user);

/** The signed-in user, or null (for /login itself). */
export const getOptionalSessionUser = cache(async (): Promise<User | null> => {
  const result = await outcome(client.GET('/api/auth/session'), [401]);
  return result.ok ? result.body.user : null;
});

/**
 * A search page's first page (inside a workspace when the query string names one); a 400 (the query
 * at fault) comes back for the page to show.
 */
export async function searchWorkspace(query: URLSearchParams): Promise<Outcome<SearchPage>> {
  return outcome(client.GET('/api/search', { querySerializer: () => query.toString() }), [400]);
}

/**
 * A workspace search run and added to the workspace's log in one request (POST /api/search), with the
 * CSRF token of the browser's own cookie, as its client would send it; a 400 comes back for the page to show.
 */
export async function searchAndLog(body: RecordedSearchRequest): Promise<Outcome<SearchPage>> {
  const csrf = (await cookies()).get(CSRF_COOKIE)?.value ?? '';
  return outcome(client.POST('/api/search', { body, headers: { 'x-csrf-token': csrf } }), [400]);
}

/** A document with `pages` pages of text from `page` on, or null when it does not exist. Deduplicated per request. */
export const findDocument = cache(async (documentId: string, page = 1, pages = 5): Promise<DocumentDetail | null> =>
  orNull(client.GET('/api/documents/{id}', { params: { path: { id: documentId }, query: { page, pages } } })),
);

export const listSources = async () => (await must(client.GET('/api/catalog/sources'))).sources;
export const listDataProducts = async () => (await must(client.GET('/api/catalog/data-products'))).dataProducts;
/** Every source's health, and the default corpus's load while it is not yet searchable (else null). */
export const getCatalogStatus = async () => must(client.GET('/api/catalog/status'));

/** The launcher's report of the stack's processes, or null where none reports them (e.g. Kubernetes). */
export async function getStackStatus(): Promise<StackStatus | null> {
  return (await orNull(client.GET('/api/stack/status')))?.stack ?? null;
}

/** An entity profile, or null when there is no such entity. */
export async function findEntity(entityId: string): Promise<EntityProfile | null> {
  return orNull(client.GET('/api/entities/{id}', { params: { path: { id: entityId } } }));
}

/** A data product with its columns and releases (newest first), or null (404). */
export async function findDataProduct(id: string): Promise<DataProductDetail | null> {
  return orNull(client.GET('/api/data-products/{id}', { params: { path: { id } } }));
}

/** A data product's totals, coverage and figures per release, or null (404). */
export async function getProductSummary(id: string): Promise<ProductSummary | null> {
  return orNull(client.GET('/api/data-products/{id}/summary', { params: { path: { id } } }));
}

/** A page of a release's rows; the query is the page's own (release, filter, sort, desc, offset, limit). */
export async function getReleaseRows(id: string, query: URLSearchParams): Promise<Outcome<ReleaseRows>> {
  const filter = query.getAll('filter');
  const number = (name: string) => (query.get(name) ? Number(query.get(name)) : undefined);
  return outcome(
    client.GET('/api/data-products/{id}/rows', {
      params: {
        path: { id },
        query: {
          release: query.get('release') ?? undefined,
          filter: filter.length > 0 ? filter : undefined,
          sort: query.get('sort') ?? undefined,
          desc: query.get('desc') === 'true' ? 'true' : undefined,
          offset: number('offset'),
          limit: number('limit'),
        },
      },
    }),
    [400],
  );
}

/** The rows a release added, removed or changed, a page of them. */
export async function listChangedRows(
  id: string,
  releaseId: string,
  kind: 'added' | 'removed' | 'changed',
  offset: number,
): Promise<ChangedRow[]> {
  const query = { kind, offset, limit: 50 };
  return (
    await must(
      client.GET('/api/data-products/{id}/releases/{releaseId}/changes', {
        params: { path: { id, releaseId }, query },
      }),
    )
  ).rows;
}

/** A docket with its court header, parties and source, or null (404). */
export async function findDocket(docketId: string): Promise<DocketDetail | null> {
  return orNull(client.GET('/api/dockets/{docketId}', { params: { path: { docketId } } }));
}

/** Page `page` (1-based) of a docket's entries in court order (an agency's docket: its filings by date). */
export async function listDocketEntries(docketId: string, page: number): Promise<DocketEntries> {
  return must(client.GET('/api/dockets/{docketId}/entries', { params: { path: { docketId }, query: { page } } }));
}

/** A process, or null while the BFF does not know it yet (404 right after it was started). */
export async function getProcess(processId: string): Promise<Process | null> {
  return (await orNull(client.GET('/api/processes/{id}', { params: { path: { id: processId } } })))?.process ?? null;
}

/** The answer modes a question may ask for (generative only when a language model is configured) and the default. */
export const getAnswerModes = async () => must(client.GET('/api/answer-modes'));

/** How many of the collection's documents the search index holds (`behind` while it catches up). */
export const getSearchCoverage = cache(async () => must(client.GET('/api/search/coverage')));

export const listProcesses = async () => (await must(client.GET('/api/processes'))).processes;
export const getIndexStats = async () => must(client.GET('/api/admin/index-stats'));
export const listUsers = async () => (await must(client.GET('/api/users'))).users;

/** The signed-in user's workspaces, most recently used first. */
export const listMyWorkspaces = async () => (await must(client.GET('/api/workspaces'))).workspaces;

/** A workspace you may see, or null (404). Deduplicated per request (metadata and page both ask). */
export const findWorkspace = cache(
  async (workspaceId: string): Promise<Workspace | null> =>
    (await orNull(client.GET('/api/workspaces/{id}', { params: { path: { id: workspaceId }, query: { recent: 0 } } })))
      ?.workspace ?? null,
);

/**
 * A workspace you may see; the not-found page otherwise. (Metadata uses findWorkspace: notFound()
 * there leaves a blank page.)
 */
export async function getWorkspace(workspaceId: string): Promise<Workspace> {
  return (await findWorkspace(workspaceId)) ?? notFound();
}

/** A page of a workspace's log, newest first. */
export async function listRequests(
  workspaceId: string,
  cursor: string,
  limit = 25,
): Promise<{ requests: WorkspaceRequest[]; nextCursor: string | null }> {
  return must(
    client.GET('/api/workspaces/{id}/requests', {
      params: { path: { id: workspaceId }, query: { limit, ...(cursor ? { cursor } : {}) } },
    }),
  );
}

export const findRequest = cache(
  async (workspaceId: string, requestId: string): Promise<WorkspaceRequest | null> =>
    (
      await orNull(
        client.GET('/api/workspaces/{id}/requests/{requestId}', { params: { path: { id: workspaceId, requestId } } }),
      )
    )?.request ?? null,
);

export const findQuery = cache(async (queryId: string): Promise<QueryWithAuthor | null> =>
  orNull(client.GET('/api/queries/{queryId}', { params: { path: { queryId } } })),
);

/** The log's filters as typed into its form (strings): the BFF checks them and names the one at fault. */
export type AdminQueryFilters = Partial<
  Record<keyof NonNullable<paths['/api/admin/queries']['get']['parameters']['query']>, string>
>;

/** The administrators' log; a 400 (a filter at fault) comes back as its field issues. */
export async function listAdminQueries(
  filters: AdminQueryFilters,
): Promise<
  | { ok: true; queries: QuerySummary[]; nextCursor: string | null }
  | { ok: false; message: string; issues: Record<string, string> }
> {
  const query = new URLSearchParams({ limit: '25' });
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  const result = await outcome(client.GET('/api/admin/queries', { querySerializer: () => query.toString() }), [400]);
  if (result.ok) return { ok: true, ...result.body };
  const error = toApiError(result.status, result.body);
  return { ok: false, message: error.message, issues: error.fieldErrors() };
}

/** Your alerts (saved searches and docket follows; `kind` for one of them). */
export const listAlerts = async (kind?: 'search' | 'docket') =>
  (await must(client.GET('/api/alerts', { params: { query: kind ? { kind } : {} } }))).alerts;

/** One of your alerts; the not-found page for anyone else's (the BFF answers 404). Deduplicated per request. */
export const getAlert = cache(
  async (alertId: string) => (await must(client.GET('/api/alerts/{id}', { params: { path: { id: alertId } } }))).alert,
);

/** An alert of yours, or null (metadata says "not found" itself). */
export const findAlert = cache(
  async (alertId: string) =>
    (await orNull(client.GET('/api/alerts/{id}', { params: { path: { id: alertId } } })))?.alert ?? null,
);

export const listAlertHits = async (alertId: string, limit = 50) =>
  (await must(client.GET('/api/alerts/{id}/hits', { params: { path: { id: alertId }, query: { limit } } }))).hits;

export const listAlertDeliveries = async (alertId: string, limit = 50) =>
  (await must(client.GET('/api/alerts/{id}/deliveries', { params: { path: { id: alertId }, query: { limit } } })))
    .deliveries;

export const listDocketFollows = async () => (await must(client.GET('/api/docket-follows'))).alerts;

/** A page of your notifications, newest first, with the unread count. */
export const listNotifications = async (cursor: string, limit = 30) =>
  must(client.GET('/api/notifications', { params: { query: { limit, ...(cursor ? { cursor } : {}) } } }));

export const listWebhookEndpoints = async () => (await must(client.GET('/api/webhook-endpoints'))).endpoints;

/** The signed-in user's data subscriptions (to one product only, when named). */
export const listDataSubscriptions = async (dataProductId?: string) =>
  (await must(client.GET('/api/data-subscriptions', { params: { query: dataProductId ? { dataProductId } : {} } })))
    .subscriptions;

/** What an e-mail's unsubscribe token stops; a bad or stale token comes back as its status for the page to say so. */
export async function describeUnsubscribe(token: string) {
  return outcome(client.GET('/api/unsubscribe', { params: { query: { token } } }), [400, 404]);
}

/**
 * One of your exports with its signed download link while its file is there, or null (not yours, or
 * no such export).
 */
export const findExport = cache(async (exportId: string) =>
  orNull(client.GET('/api/exports/{id}', { params: { path: { id: exportId } } })),
);

/** Your exports, newest first (of one workspace when given), with your limits. */
export const listExports = async (workspaceId = '', limit = 100) =>
  must(client.GET('/api/exports', { params: { query: { limit, ...(workspaceId ? { workspaceId } : {}) } } }));
