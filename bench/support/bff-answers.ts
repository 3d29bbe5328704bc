/** Questions asked as the query page asks them, and their stored answers read back as the page reads them. */
import { performance } from 'node:perf_hooks';
import type { components } from '../../frontend/lib/api/schema';
import { postJson, type BffSession } from './bff-session';
import type { StoredQuery } from './page-answer';

type AskRequest = components['schemas']['AskRequest'];
type CreateWorkspace = components['schemas']['CreateWorkspace'];

const ASK_TIMEOUT_MS = 180_000;

/** The server-sent events of a response, as (event, data) pairs, each when it arrives. */
async function readEvents(response: Response, onEvent: (name: string, data: string) => void): Promise<void> {
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value.replace(/\r\n/g, '\n');
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) onEvent(name, data.join('\n'));
    }
  }
}

/** Asks as the query page does (POST, server-sent events), then reads the stored answer as the page does. */
export async function askInWorkspace(
  bffUrl: string,
  session: BffSession,
  workspaceId: string,
  body: AskRequest,
): Promise<{ query: StoredQuery; completedMs: number; storedMs: number }> {
  const started = performance.now();
  const signal = AbortSignal.timeout(ASK_TIMEOUT_MS);
  const response = await postJson(bffUrl, session, `/api/workspaces/${workspaceId}/queries`, body, signal);
  if (!response.ok) throw new Error(`ask: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
  let queryId = '';
  let completedMs = NaN;
  let failure = '';
  await readEvents(response, (name, data) => {
    if (name === 'started') queryId = (JSON.parse(data) as { queryId: string }).queryId;
    else if (name === 'completed') completedMs = performance.now() - started;
    else if (name === 'error' || name === 'session-ended') failure = `${name}: ${data.slice(0, 200)}`;
  });
  if (failure) throw new Error(failure);
  if (!queryId || Number.isNaN(completedMs)) throw new Error('the answer stream ended without completing');
  const stored = await fetch(`${bffUrl}/api/queries/${encodeURIComponent(queryId)}`, {
    headers: { cookie: session.cookie },
    signal,
  });
  if (!stored.ok) throw new Error(`GET /api/queries/${queryId}: HTTP ${stored.status}`);
  const { query } = (await stored.json()) as components['schemas']['QueryWithAuthor'];
  return { query, completedMs, storedMs: performance.now() - started };
}

export async function createWorkspace(bffUrl: string, session: BffSession, body: CreateWorkspace): Promise<string> {
  const response = await postJson(bffUrl, session, '/api/workspaces', body);
  if (!response.ok) throw new Error(`create workspace: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { workspace: { id: string } }).workspace.id;
}
