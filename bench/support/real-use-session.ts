/**
 * A user's first hour with the product, scripted: through the frontend's server (which serves the
 * pages and proxies /api to the BFF, as for a browser) they sign in with the one-time password and
 * change it, create a workspace, search (reading results and documents), ask questions, set up
 * alerts, export a search and a question, and look at their notifications. Run back to back, as fast
 * as the stack answers; what it does, not how long it takes, is what the memory figures depend on.
 */
import { performance } from 'node:perf_hooks';
import type { components } from '../../frontend/lib/api/schema';
import { askInWorkspace, createWorkspace } from './bff-answers';
import { postJson, signInForWrites, type BffSession } from './bff-session';

type SearchPage = components['schemas']['SearchPage'];
type Export = components['schemas']['Export'];

const SEARCHES = [
  'rate increase',
  'revenue requirement',
  'return on equity',
  'interconnection',
  'tariff revision',
  'motion to intervene',
  'depreciation',
  'settlement agreement',
  'transmission',
  'protest',
  'rulemaking comments',
  'energy efficiency',
];
const QUESTIONS = [
  'What rate increase was requested?',
  'What return on equity was proposed?',
  'When are comments due on the proposed rule?',
  'What are the positions of the parties on the settlement?',
  'What did the Commission decide about the interconnection request?',
];
const NEW_PASSWORD = 'real-use bench password';
const EXPORT_TIMEOUT_MS = 10 * 60_000;

export interface RealUseReport {
  seconds: number;
  searches: number;
  documentsRead: number;
  questions: number;
  alerts: number;
  exports: { format: string; status: string; bytes: number }[];
  pages: number;
  /** When the last search or question was sent (ms since the epoch): the question workers' idle timer starts there. */
  lastUserSearchAt: number;
}

/** Signs in as a first-time administrator does: the one-time password, then a password of their own. */
export async function signInFirstTime(url: string, email: string, oneTimePassword: string): Promise<BffSession> {
  const first = await signInForWrites(url, email, oneTimePassword);
  const changed = await postJson(url, first, '/api/me/password', {
    currentPassword: oneTimePassword,
    newPassword: NEW_PASSWORD,
  });
  if (changed.status !== 204) throw new Error(`password change: HTTP ${changed.status} ${await changed.text()}`);
  return first;
}

async function ok(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${(await response.text()).slice(0, 300)}`);
  return response;
}

export async function runRealUse(
  url: string,
  session: BffSession,
  say: (message: string) => void,
): Promise<RealUseReport> {
  const started = performance.now();
  const get = (route: string) => fetch(`${url}${route}`, { headers: { cookie: session.cookie } });
  const getJson = async <T>(route: string): Promise<T> => (await (await ok(await get(route), route)).json()) as T;
  let pages = 0;
  const page = async (route: string) => {
    await (await ok(await get(route), `page ${route}`)).text();
    pages++;
  };
  let lastUserSearchAt = Date.now();

  await page('/');
  const workspaceId = await createWorkspace(url, session, { name: 'Rate cases', description: 'real-use bench' });
  say(`workspace ${workspaceId}`);

  let documentsRead = 0;
  let searchRequestId: string | null = null;
  for (const q of SEARCHES) {
    await page(`/workspaces/${workspaceId}/search?q=${encodeURIComponent(q)}`);
    const response = await postJson(url, session, '/api/search', { workspace: workspaceId, q, facets: true });
    const result = (await (await ok(response, `search "${q}"`)).json()) as SearchPage;
    lastUserSearchAt = Date.now();
    searchRequestId ??= result.hits.length > 0 ? result.requestId : null;
    if (result.nextCursor)
      await getJson<SearchPage>(`/api/search?${new URLSearchParams({ q, cursor: result.nextCursor })}`);
    for (const hit of result.hits.slice(0, 2)) {
      await getJson(`/api/documents/${encodeURIComponent(hit.documentId)}`);
      documentsRead++;
    }
  }
  say(`${SEARCHES.length} searches, ${documentsRead} documents read`);

  let questionRequestId: string | null = null;
  for (const question of QUESTIONS) {
    await page(`/workspaces/${workspaceId}/query`);
    const { query } = await askInWorkspace(url, session, workspaceId, { question });
    lastUserSearchAt = Date.now();
    questionRequestId ??= query.requestId;
  }
  say(`${QUESTIONS.length} questions answered`);

  const alerts = [
    { name: 'Rate increases', query: 'rate increase', schedule: { cadence: 'realtime' }, channels: { email: true } },
    { name: 'Interconnection', query: 'interconnection', schedule: { cadence: 'daily' }, channels: {} },
    {
      name: 'Weekly ROE digest',
      query: 'return on equity',
      question: 'What return on equity was proposed?',
      schedule: { cadence: 'weekly' },
      channels: { email: true },
    },
  ];
  for (const alert of alerts) await ok(await postJson(url, session, '/api/alerts', alert), `alert ${alert.name}`);
  await getJson('/api/alerts');
  await page('/alerts');
  say(`${alerts.length} alerts`);

  const exportRequests = [
    ...(searchRequestId ? [{ workspaceId, requestId: searchRequestId, format: 'csv' }] : []),
    ...(questionRequestId ? [{ workspaceId, requestId: questionRequestId, format: 'docx' }] : []),
  ];
  const exports: RealUseReport['exports'] = [];
  for (const body of exportRequests) {
    const created = await ok(await postJson(url, session, '/api/exports', body), `export ${body.format}`);
    const { export: made } = (await created.json()) as { export: Export };
    const done = await exportFinished(getJson, made.id);
    let bytes = 0;
    if (done.status === 'succeeded') {
      const download = await getJson<{ download: { url: string } | null }>(`/api/exports/${made.id}`);
      if (download.download) {
        const file = await ok(await get(download.download.url), 'download');
        bytes = (await file.arrayBuffer()).byteLength;
      }
    }
    exports.push({ format: body.format, status: done.status, bytes });
  }
  await page('/exports');
  say(`exports: ${exports.map((e) => `${e.format} ${e.status} ${e.bytes} B`).join(', ')}`);

  await getJson('/api/notifications');
  await page('/notifications');
  await page(`/workspaces/${workspaceId}/log`);
  return {
    seconds: (performance.now() - started) / 1000,
    searches: SEARCHES.length,
    documentsRead,
    questions: QUESTIONS.length,
    alerts: alerts.length,
    exports,
    pages,
    lastUserSearchAt,
  };
}

/** Polls the export as the exports page does (every 2 s) until it has finished one way or another. */
async function exportFinished(getJson: <T>(route: string) => Promise<T>, id: string): Promise<Export> {
  const deadline = Date.now() + EXPORT_TIMEOUT_MS;
  for (;;) {
    const { export: current } = await getJson<{ export: Export }>(`/api/exports/${id}`);
    if (!['queued', 'running'].includes(current.status)) return current;
    if (Date.now() > deadline)
      throw new Error(`export ${id} still ${current.status} after ${EXPORT_TIMEOUT_MS / 60_000} min`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
