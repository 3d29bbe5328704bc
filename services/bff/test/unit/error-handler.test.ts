import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import express from 'express';
import { Redis } from 'ioredis';
import pino from 'pino';
import { ConflictError, InputError, NotAllowedError, NotFoundError, UnavailableError } from '@docket/errors';
import { errorHandler } from '../../src/http/error-handler';
import { CsrfError, TooManyAttemptsError } from '../../src/http/http-errors';

describe('errorHandler', () => {
  const logged: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const errors: Record<string, () => Error> = {
    input: () => new InputError('invalid request body', [{ path: 'email', message: 'must be an e-mail address' }]),
    unauthenticated: () => new NotAllowedError('sign in first', true),
    forbidden: () => new NotAllowedError('administrators only'),
    csrf: () => new CsrfError(),
    missing: () => new NotFoundError('no such thing'),
    conflict: () => new ConflictError('taken'),
    throttled: () => new TooManyAttemptsError(42),
    unavailable: () => new UnavailableError('connect ECONNREFUSED 10.0.0.7:50052'),
    bug: () => new TypeError('cannot read properties of undefined (secret detail)'),
    // What ioredis throws for a command while Redis is down (restarting), taken from a real client below.
    redisDown: () => redisDown,
  };
  let redisDown: Error;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const redis = new Redis(`redis://127.0.0.1:${closedPort}`, { maxRetriesPerRequest: 1, retryStrategy: () => 20 });
    redisDown = (await redis.get('bff:sess:x').catch((error: unknown) => error)) as Error;
    redis.disconnect();

    const app = express();
    app.use(express.json());
    app.post('/json', (_req, res) => void res.json({ ok: true }));
    app.get('/:kind', (req) => {
      throw errors[req.params.kind]!();
    });
    app.use(errorHandler(logger));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (kind: string) => {
    const res = await fetch(`${base}/${kind}`);
    return {
      status: res.status,
      body: (await res.json()) as { error: { code: string; message: string; issues?: unknown } },
      headers: res.headers,
    };
  };

  it.each([
    ['input', 400, 'invalid_input'],
    ['unauthenticated', 401, 'unauthenticated'],
    ['forbidden', 403, 'forbidden'],
    ['csrf', 403, 'csrf_failed'],
    ['missing', 404, 'not_found'],
    ['conflict', 409, 'conflict'],
    ['throttled', 429, 'too_many_requests'],
    ['unavailable', 503, 'unavailable'],
    ['redisDown', 503, 'unavailable'],
    ['bug', 500, 'internal'],
  ])('maps %s to %i %s', async (kind, status, code) => {
    const res = await get(kind);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
  });

  it('carries field issues for invalid input and Retry-After for throttling', async () => {
    expect((await get('input')).body.error.issues).toEqual([{ path: 'email', message: 'must be an e-mail address' }]);
    expect((await get('throttled')).headers.get('retry-after')).toBe('42');
  });

  it('never leaks internal details, and logs unexpected errors', async () => {
    const bug = await get('bug');
    expect(bug.body.error.message).toBe('internal error');
    expect(
      logged.some(
        (l) => l.msg === 'unexpected error' && (l.err as { message: string }).message.includes('secret detail'),
      ),
    ).toBe(true);
    expect((await get('unavailable')).body.error.message).not.toMatch(/10\.0\.0\.7/);
  });

  it.each(['gzip', 'deflate', 'br'])(
    'answers a body that is not %s although it says so with 400, not 500',
    async (encoding) => {
      const res = await fetch(`${base}/json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body: '{"a":1}',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: 'invalid_input', message: 'request body does not match its Content-Encoding' },
      });
    },
  );

  it('answers an unknown Content-Encoding with 415', async () => {
    const res = await fetch(`${base}/json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'x-zip' },
      body: '{}',
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unsupported_media_type');
  });

  it('answers malformed percent-encoding in a path parameter with 400', async () => {
    const res = await fetch(`${base}/%ED%A0%80`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'invalid_input', message: 'the URL has malformed percent-encoding' },
    });
  });

  it('answers unparseable JSON with 400 invalid_input', async () => {
    const res = await fetch(`${base}/json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: 'invalid_input', message: 'request body is not valid JSON' } });
  });
});
