// Browser side of POST /api/workspaces/:id/queries: sends the question with the CSRF token and reads
// the server-sent events as they arrive (EventSource cannot POST, so fetch + eventsource-parser).
import { createParser } from 'eventsource-parser';
import { ApiError, toApiError } from '@/lib/api-error';
import type { AnalysisMode, AnalysisSection, Figures, Filters, Query, QueryDocument } from './types';

export interface AskHandlers {
  started(data: { queryId: string; requestId: string | null }): void;
  documents(documents: QueryDocument[]): void;
  section(section: AnalysisSection): void;
  figures(figures: Figures): void;
  completed(query: Query): void;
}

const CSRF_COOKIE = 'drs_csrf';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

async function csrfToken(fresh: boolean): Promise<string> {
  const existing = fresh ? null : readCookie(CSRF_COOKIE);
  if (existing) return existing;
  const response = await fetch('/api/auth/csrf', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => null));
  const { csrfToken: token } = (await response.json()) as { csrfToken: string };
  return readCookie(CSRF_COOKIE) ?? token;
}

async function post(workspaceId: string, body: unknown, signal: AbortSignal, fresh: boolean): Promise<Response> {
  return fetch(`/api/workspaces/${encodeURIComponent(workspaceId)}/queries`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-csrf-token': await csrfToken(fresh) },
    body: JSON.stringify(body),
    signal,
  });
}

/**
 * Asks and dispatches each event to its handler until the stream ends. Throws an ApiError for a
 * refusal (400 with field issues, 403, 404, 503) or for an `error` event mid-stream; an abort
 * (the user asked again or left) ends quietly.
 */
export async function askQuestion(
  workspaceId: string,
  body: { question: string; filters?: Filters; mode?: AnalysisMode },
  handlers: AskHandlers,
  signal: AbortSignal,
): Promise<void> {
  let response: Response;
  try {
    response = await post(workspaceId, body, signal, false);
    if (response.status === 403) {
      const error = toApiError(403, await response.clone().json().catch(() => null));
      // A stale token (rotated by a sign-in in another tab): fetch a fresh one and try once more.
      if (error.code === 'csrf_failed') response = await post(workspaceId, body, signal, true);
    }
  } catch (error) {
    if (signal.aborted) return;
    throw error instanceof ApiError ? error : new ApiError(0, 'unavailable', 'Cannot reach the server. Check your connection and try again.');
  }
  if (!response.ok || !response.body) {
    throw toApiError(response.status, await response.json().catch(() => null), response.headers.get('retry-after'));
  }

  let failure: ApiError | null = null;
  const parser = createParser({
    onEvent: (event) => {
      const data = JSON.parse(event.data) as unknown;
      switch (event.event) {
        case 'started': return handlers.started(data as { queryId: string; requestId: string | null });
        case 'documents': return handlers.documents((data as { documents: QueryDocument[] }).documents);
        case 'section': return handlers.section(data as AnalysisSection);
        case 'figures': return handlers.figures(data as Figures);
        case 'completed': return handlers.completed((data as { query: Query }).query);
        case 'error': {
          const { code, message } = data as { code: string; message: string };
          failure = toApiError(code === 'unavailable' ? 503 : 500, { error: { code, message } });
          return;
        }
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } catch {
    if (signal.aborted) return;
    throw new ApiError(0, 'unavailable', 'The connection dropped before the answer was complete. Try again.');
  }
  if (failure) throw failure;
}
