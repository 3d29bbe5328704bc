import http from 'node:http';
import { askQuestion, watchAnswer, type AskHandlers } from '../../components/query/ask-stream';
import type { ApiError } from '../../lib/api-error';
import { startStandInBff, type SeenRequest, type StandInBff } from '../support/stand-in-bff';

// components/query/ask-stream.ts against a stand-in BFF over loopback HTTP: the question goes through
// the browser's client (CSRF token, one retry on csrf_failed) and the server-sent events reach their handlers.
let origin = '';
jest.mock('@/lib/api.client', () => {
  const actual = jest.requireActual<typeof import('../../lib/api.client')>('../../lib/api.client');
  let client: ReturnType<typeof actual.createApiClient> | null = null;
  return {
    ...actual,
    get api() {
      return (client ??= actual.createApiClient(origin));
    },
  };
});

describe('askQuestion', () => {
  let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void = () => undefined;
  let bff: StandInBff;
  let seen: SeenRequest[];
  let doc: { cookie: string };

  beforeAll(async () => {
    bff = await startStandInBff((req, res) => answer(req, res));
    ({ seen, cookies: doc } = bff);
    origin = bff.origin;
  });
  afterAll(() => bff.stop());
  beforeEach(() => {
    seen.length = 0;
    doc.cookie = 'drs_csrf=t1';
  });

  function recorder() {
    const events: string[] = [];
    const handlers: AskHandlers = {
      started: ({ queryId }) => events.push(`started ${queryId}`),
      documents: (documents) => events.push(`documents ${documents.length}`),
      section: (section) => events.push(`section ${section.heading}`),
      figures: () => events.push('figures'),
      completed: (query) => events.push(`completed ${query.queryId}`),
    };
    return { events, handlers };
  }

  const sse = (res: http.ServerResponse, events: [string, unknown][]) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const [event, data] of events) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    res.end();
  };

  it('posts the question with the token and dispatches each event', async () => {
    answer = (_req, res) =>
      sse(res, [
        ['started', { queryId: 'q1', requestId: 'r1' }],
        ['documents', { documents: [] }],
        ['section', { heading: 'Summary', sentences: [] }],
        ['completed', { query: { queryId: 'q1' } }],
      ]);
    const { events, handlers } = recorder();
    await askQuestion('w/1', { question: 'rates?', mode: 'extractive' }, handlers, new AbortController().signal);
    expect(events).toEqual(['started q1', 'documents 0', 'section Summary', 'completed q1']);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/workspaces/w%2F1/queries' });
    expect(seen[0]!.headers).toMatchObject({
      'x-csrf-token': 't1',
      accept: 'text/event-stream',
      'content-type': 'application/json',
    });
    expect(JSON.parse(seen[0]!.body)).toEqual({ question: 'rates?', mode: 'extractive' });
  });

  it('a stale token: a fresh one, and the question once more', async () => {
    answer = (req, res) => {
      if (req.url === '/api/auth/csrf') {
        doc.cookie = 'drs_csrf=fresh';
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ csrfToken: 'fresh' }));
      } else if (req.headers['x-csrf-token'] !== 'fresh') {
        res
          .writeHead(403, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { code: 'csrf_failed', message: 'invalid CSRF token' } }));
      } else sse(res, [['completed', { query: { queryId: 'q2' } }]]);
    };
    const { events, handlers } = recorder();
    await askQuestion('w1', { question: 'again?' }, handlers, new AbortController().signal);
    expect(events).toEqual(['completed q2']);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/workspaces/w1/queries',
      'GET /api/auth/csrf',
      'POST /api/workspaces/w1/queries',
    ]);
    expect(JSON.parse(seen[2]!.body)).toEqual({ question: 'again?' });
  });

  it('a refusal before the stream is an ApiError with its field issues; an error event mid-stream too', async () => {
    answer = (_req, res) =>
      res.writeHead(400, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: {
            code: 'invalid_input',
            message: 'invalid request body',
            issues: [{ path: ['question'], message: 'Too long' }],
          },
        }),
      );
    const refused = await askQuestion('w1', { question: 'x' }, recorder().handlers, new AbortController().signal).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ name: 'ApiError', status: 400, code: 'invalid_input' });
    expect((refused as ApiError).fieldErrors()).toEqual({ question: 'Too long' });

    answer = (_req, res) =>
      sse(res, [
        ['started', { queryId: 'q3', requestId: null }],
        ['error', { code: 'unavailable', message: 'the query engine is down' }],
      ]);
    await expect(
      askQuestion('w1', { question: 'x' }, recorder().handlers, new AbortController().signal),
    ).rejects.toMatchObject({
      status: 503,
      code: 'unavailable',
      message: 'the query engine is down',
    });
  });

  it('follows an answer the address names: its events so far and the rest, through GET without a token', async () => {
    answer = (_req, res) =>
      sse(res, [
        ['started', { queryId: 'q 4', requestId: null, question: 'What was approved?' }],
        ['documents', { documents: [] }],
        ['completed', { query: { queryId: 'q 4' } }],
      ]);
    const { events, handlers } = recorder();
    await watchAnswer('q 4', handlers, new AbortController().signal);
    expect(events).toEqual(['started q 4', 'documents 0', 'completed q 4']);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/queries/q%204/events' });
    expect(seen[0]!.headers).toMatchObject({ accept: 'text/event-stream' });
  });

  it('says at once that an address names no answer: a 404 (or 400) is an ApiError, no waiting', async () => {
    answer = (_req, res) =>
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: 'not_found', message: 'no query q-x' } }));
    const started = Date.now();
    await expect(watchAnswer('q-x', recorder().handlers, new AbortController().signal)).rejects.toMatchObject({
      name: 'ApiError',
      status: 404,
      code: 'not_found',
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(seen).toHaveLength(1);
  });

  it('an abort before the answer ends quietly', async () => {
    const controller = new AbortController();
    answer = () => controller.abort(); // never answers
    await expect(askQuestion('w1', { question: 'x' }, recorder().handlers, controller.signal)).resolves.toBeUndefined();
  });
});
