import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../../lib/api-error';
import { createApiClient, unwrap, uploadForm, type ApiClient } from '../../lib/api.client';
import { startStandInBff, type SeenRequest, type StandInBff } from '../support/stand-in-bff';

// lib/api.client.ts (the browser's client) against a stand-in BFF over real loopback HTTP: the CSRF
// header, the one retry on `csrf_failed`, and what each failure becomes.
// `csrfCookie`: what the browser's cookie jar would hold after the answer's Set-Cookie
type Answer = { status: number; body?: unknown; headers?: Record<string, string>; csrfCookie?: string };

describe('browser BFF client', () => {
  // per "METHOD path": answers in order (the last one repeats)
  const answers = new Map<string, Answer[]>();
  let bff: StandInBff;
  let seen: SeenRequest[];
  let doc: { cookie: string };
  let api: ApiClient;

  beforeAll(async () => {
    bff = await startStandInBff((req, res) => {
      const key = `${req.method} ${(req.url ?? '').split('?')[0]}`;
      const queue = answers.get(key) ?? [
        { status: 404, body: { error: { code: 'not_found', message: 'no such route' } } },
      ];
      const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
      if (answer.csrfCookie) doc.cookie = `drs_csrf=${answer.csrfCookie}`;
      if (answer.body === undefined) res.writeHead(answer.status, answer.headers ?? {}).end();
      else
        res
          .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
          .end(JSON.stringify(answer.body));
    });
    ({ seen, cookies: doc } = bff);
    api = createApiClient(bff.origin);
  });
  afterAll(() => bff.stop());
  beforeEach(() => {
    seen.length = 0;
    answers.clear();
    doc.cookie = 'drs_csrf=t1; other=x';
  });

  const csrfFailed = { status: 403, body: { error: { code: 'csrf_failed', message: 'invalid CSRF token' } } };

  it('a GET asks for JSON and sends no CSRF token', async () => {
    answers.set('GET /api/workspaces', [{ status: 200, body: { workspaces: [] } }]);
    await expect(unwrap(api.GET('/api/workspaces'))).resolves.toEqual({ workspaces: [] });
    expect(seen[0]!.headers.accept).toBe('application/json');
    expect(seen[0]!.headers['x-csrf-token']).toBeUndefined();
  });

  it('a mutating request sends the drs_csrf cookie as x-csrf-token, a JSON body, encoded path parameters', async () => {
    answers.set('PATCH /api/workspaces/w%2F1/members/u1', [{ status: 200, body: { member: {} } }]);
    await unwrap(
      api.PATCH('/api/workspaces/{id}/members/{userId}', {
        params: { path: { id: 'w/1', userId: 'u1' } },
        body: { role: 'editor' },
      }),
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers).toMatchObject({
      'x-csrf-token': 't1',
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(JSON.parse(seen[0]!.body)).toEqual({ role: 'editor' });
  });

  it('without the cookie, the token comes from GET /api/auth/csrf first', async () => {
    doc.cookie = '';
    answers.set('GET /api/auth/csrf', [{ status: 200, body: { csrfToken: 'fetched' } }]);
    answers.set('DELETE /api/documents/d1', [{ status: 204 }]);
    await expect(
      unwrap(api.DELETE('/api/documents/{id}', { params: { path: { id: 'd1' } } })),
    ).resolves.toBeUndefined();
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/auth/csrf', 'DELETE /api/documents/d1']);
    expect(seen[1]!.headers['x-csrf-token']).toBe('fetched');
  });

  it('403 csrf_failed: fetches a fresh token and sends the same request once more', async () => {
    answers.set('GET /api/auth/csrf', [{ status: 200, body: { csrfToken: 'fresh' }, csrfCookie: 'fresh' }]);
    answers.set('POST /api/me/password', [csrfFailed, { status: 204 }]);
    await expect(
      unwrap(api.POST('/api/me/password', { body: { currentPassword: 'a', newPassword: 'b' } })),
    ).resolves.toBeUndefined();
    expect(seen.map((s) => `${s.method} ${s.url} ${s.headers['x-csrf-token'] ?? ''}`)).toEqual([
      'POST /api/me/password t1',
      'GET /api/auth/csrf ',
      'POST /api/me/password fresh',
    ]);
    expect(JSON.parse(seen[2]!.body)).toEqual({ currentPassword: 'a', newPassword: 'b' });
  });

  it('retries only once, and not for another 403', async () => {
    answers.set('GET /api/auth/csrf', [{ status: 200, body: { csrfToken: 'fresh' }, csrfCookie: 'fresh' }]);
    answers.set('POST /api/auth/logout', [csrfFailed]);
    await expect(unwrap(api.POST('/api/auth/logout'))).rejects.toMatchObject({
      name: 'ApiError',
      status: 403,
      code: 'csrf_failed',
    });
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(2);

    seen.length = 0;
    answers.set('POST /api/admin/reindex', [
      { status: 403, body: { error: { code: 'forbidden', message: 'Administrators only' } } },
    ]);
    await expect(unwrap(api.POST('/api/admin/reindex'))).rejects.toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'Administrators only',
    });
    expect(seen).toHaveLength(1);
  });

  it("an error body becomes the forms' ApiError: field issues, Retry-After; a non-JSON body the default", async () => {
    answers.set('POST /api/auth/login', [
      {
        status: 400,
        body: {
          error: {
            code: 'invalid_input',
            message: 'invalid request body',
            issues: [{ path: ['email'], message: 'Invalid email' }],
          },
        },
      },
    ]);
    const error = await unwrap(api.POST('/api/auth/login', { body: { email: 'x', password: 'y' } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors()).toEqual({ email: 'Invalid email' });

    answers.set('POST /api/auth/login', [
      {
        status: 429,
        body: { error: { code: 'too_many_requests', message: 'slow down' } },
        headers: { 'retry-after': '30' },
      },
    ]);
    await expect(unwrap(api.POST('/api/auth/login', { body: { email: 'x', password: 'y' } }))).rejects.toMatchObject({
      code: 'too_many_requests',
      retryAfterSeconds: 30,
    });

    answers.set('GET /api/workspaces', [{ status: 502, body: '<html>bad gateway</html>' }]);
    await expect(unwrap(api.GET('/api/workspaces'))).rejects.toMatchObject({
      status: 502,
      code: 'internal',
      message: 'The service is temporarily unavailable. Please try again.',
    });
  });

  it('a server that cannot be reached: unavailable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const offline = createApiClient(`http://127.0.0.1:${port}`);
    await expect(unwrap(offline.GET('/api/workspaces'))).rejects.toMatchObject({ status: 0, code: 'unavailable' });
  });

  it('an upload is multipart, fields before files, with the token; a csrf retry sends it whole again', async () => {
    answers.set('GET /api/auth/csrf', [{ status: 200, body: { csrfToken: 'fresh' }, csrfCookie: 'fresh' }]);
    answers.set('POST /api/documents/upload', [csrfFailed, { status: 200, body: { results: [] } }]);
    const body = uploadForm({ sourceId: 's1', sidecar: undefined }, [
      new File(['first file'], 'a.txt', { type: 'text/plain' }),
      new File(['second'], 'b.txt'),
    ]);
    await expect(unwrap(api.POST('/api/documents/upload', { body }))).resolves.toEqual({ results: [] });
    const [first, , second] = seen;
    for (const sent of [first!, second!]) {
      expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(sent.body.indexOf('name="sourceId"')).toBeGreaterThan(-1);
      expect(sent.body).not.toContain('name="sidecar"');
      expect(sent.body.indexOf('name="sourceId"')).toBeLessThan(sent.body.indexOf('filename="a.txt"'));
      expect(sent.body.indexOf('first file')).toBeLessThan(sent.body.indexOf('filename="b.txt"'));
    }
    expect([first!.headers['x-csrf-token'], second!.headers['x-csrf-token']]).toEqual(['t1', 'fresh']);
  });
});
