// Browser side of POST /api/workspaces/:id/queries: sends the question through the browser's BFF client
// (its CSRF token and the retry on `csrf_failed` included) and reads the server-sent events as they
// arrive (EventSource cannot POST, so openapi-fetch's `parseAs: 'stream'` + eventsource-parser). And of
// GET /api/queries/:queryId/events: the same events for an answer the page's address names.
import { createParser } from 'eventsource-parser';
import { ApiError, toApiError } from '@/lib/api-error';
import { api } from '@/lib/api.client';
import type { components } from '@/lib/api/schema';
import type { AnalysisSection, Figures, Query, QueryDocument } from '@/lib/query-types';

type AskEvents = components['schemas']['AskEvents'];
export type AskRequest = components['schemas']['AskRequest'];

export interface AskHandlers {
  started(data: AskEvents['started']): void;
  documents(documents: QueryDocument[]): void;
  section(section: AnalysisSection): void;
  figures(figures: Figures): void;
  completed(query: Query): void;
}

/**
 * Asks and dispatches each event to its handler until the stream ends. Throws an ApiError for a
 * refusal (400 with field issues, 403, 404, 503) or for an `error` event mid-stream; an abort
 * (the user asked again or left) ends quietly.
 */
export async function askQuestion(
  workspaceId: string,
  body: AskRequest,
  handlers: AskHandlers,
  signal: AbortSignal,
): Promise<void> {
  const ask = () =>
    api.POST('/api/workspaces/{id}/queries', {
      params: { path: { id: workspaceId } },
      body,
      headers: { accept: 'text/event-stream' },
      parseAs: 'stream',
      signal,
    });
  await readAnswer(ask, handlers, signal);
}

/**
 * Follows the answer `queryId` names: while it is being written, its events so far and then the rest;
 * once stored, started and completed at once. A 404 (no such answer, never stored, or not yours) or a
 * 400 (an id no answer can have) comes at once as an ApiError; an abort ends quietly.
 */
export async function watchAnswer(queryId: string, handlers: AskHandlers, signal: AbortSignal): Promise<void> {
  await readAnswer(
    () =>
      api.GET('/api/queries/{queryId}/events', {
        params: { path: { queryId } },
        headers: { accept: 'text/event-stream' },
        parseAs: 'stream',
        signal,
      }),
    handlers,
    signal,
  );
}

type AnswerResponse = { data?: ReadableStream | null | undefined; error?: unknown; response: Response };

/** Opens the event stream and dispatches each event to its handler until the stream ends. */
async function readAnswer(
  open: () => Promise<AnswerResponse>,
  handlers: AskHandlers,
  signal: AbortSignal,
): Promise<void> {
  let answer: AnswerResponse;
  try {
    answer = await open();
  } catch (error) {
    if (signal.aborted) return;
    throw error instanceof ApiError
      ? error
      : new ApiError(0, 'unavailable', 'Cannot reach the server. Check your connection and try again.');
  }
  const { data: stream, error, response } = answer;
  if (!response.ok || !stream) {
    throw toApiError(response.status, error ?? null, response.headers.get('retry-after'));
  }

  let failure: ApiError | null = null;
  const parser = createParser({
    onEvent: (event) => {
      const data = JSON.parse(event.data) as unknown;
      switch (event.event) {
        case 'started':
          return handlers.started(data as AskEvents['started']);
        case 'documents':
          return handlers.documents((data as AskEvents['documents']).documents);
        case 'section':
          return handlers.section(data as AskEvents['section']);
        case 'figures':
          return handlers.figures(data as AskEvents['figures']);
        case 'completed':
          return handlers.completed((data as AskEvents['completed']).query);
        case 'error': {
          const { code, message } = data as AskEvents['error'];
          failure = toApiError(code === 'unavailable' ? 503 : 500, { error: { code, message } });
          return;
        }
        case 'session-ended': {
          const { message } = data as AskEvents['session-ended'];
          failure = toApiError(401, { error: { code: 'unauthenticated', message } });
          return;
        }
      }
    },
  });
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
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
