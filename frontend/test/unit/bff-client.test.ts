import http from 'node:http';
import type { AddressInfo } from 'node:net';

// lib/bff.server.ts against a stand-in BFF over real loopback HTTP: what it forwards, and what each status becomes.
let incoming = new Headers();
jest.mock('next/headers', () => ({ headers: async () => incoming }));
jest.mock('next/navigation', () => ({
  notFound: () => {
    throw new Error('NEXT_NOT_FOUND');
  },
  redirect: (to: string) => {
    throw new Error(`NEXT_REDIRECT ${to}`);
  },
}));

type Client = typeof import('../../lib/bff.server');

describe('server-side BFF client', () => {
  const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];
  const answers = new Map<string, { status: number; body: unknown }>();
  let bff: http.Server;
  let client: Client;

  beforeAll(async () => {
    bff = http.createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      const answer = answers.get((req.url ?? '').split('?')[0]!) ?? {
        status: 404,
        body: { error: { code: 'not_found', message: 'no such route' } },
      };
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => bff.listen(0, '127.0.0.1', resolve));
    process.env.BFF_URL = `http://127.0.0.1:${(bff.address() as AddressInfo).port}/`;
    client = await import('../../lib/bff.server');
  });
  afterAll(() => new Promise<void>((resolve) => bff.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
    answers.clear();
    incoming = new Headers({
      cookie: 'drs_session=s1',
      'user-agent': 'Browser/1.0',
      'x-forwarded-for': '203.0.113.7',
      'x-docket-request-path': '/catalog',
    });
  });

  it('forwards the cookie, the user agent and the one client address server.ts wrote', async () => {
    answers.set('/api/catalog/sources', { status: 200, body: { sources: [] } });
    await expect(client.listSources()).resolves.toEqual([]);
    expect(seen[0]!.headers).toMatchObject({
      cookie: 'drs_session=s1',
      'user-agent': 'Browser/1.0',
      'x-forwarded-for': '203.0.113.7',
      accept: 'application/json',
    });
  });

  it('sends no X-Forwarded-For when the request carries a chain (it did not come through server.ts)', async () => {
    incoming.set('x-forwarded-for', '6.6.6.6, 203.0.113.7');
    answers.set('/api/processes', { status: 200, body: { processes: [] } });
    await client.listProcesses();
    expect(seen[0]!.headers['x-forwarded-for']).toBeUndefined();
  });

  it('puts path and query parameters into the URL, encoded', async () => {
    answers.set('/api/entities/a%2Fb', { status: 200, body: { entity: { id: 'a/b' } } });
    await client.findEntity('a/b');
    expect(seen[0]!.url).toBe('/api/entities/a%2Fb');
    await expect(client.listRequests('w1', 'c1', 10)).rejects.toThrow('NEXT_NOT_FOUND');
    expect(seen[1]!.url).toBe('/api/workspaces/w1/requests?limit=10&cursor=c1');
  });

  it('404: the not-found page, or null from a find* lookup', async () => {
    await expect(client.listUsers()).rejects.toThrow('NEXT_NOT_FOUND');
    await expect(client.findDocument('nope')).resolves.toBeNull();
    await expect(client.findWorkspace('nope')).resolves.toBeNull();
    await expect(client.getWorkspace('nope')).rejects.toThrow('NEXT_NOT_FOUND');
  });

  it('401: to /login with the way back; other failures: an ApiError with the BFF message', async () => {
    answers.set('/api/users', { status: 401, body: { error: { code: 'unauthenticated', message: 'sign in' } } });
    await expect(client.listUsers()).rejects.toThrow('NEXT_REDIRECT /login?next=%2Fcatalog');
    answers.set('/api/users', { status: 503, body: { error: { code: 'unavailable', message: 'documents is down' } } });
    await expect(client.listUsers()).rejects.toMatchObject({
      name: 'ApiError',
      status: 503,
      message: 'documents is down',
    });
  });

  it('a search refused with 400 comes back to the page with its field issues', async () => {
    answers.set('/api/search', {
      status: 400,
      body: {
        error: {
          code: 'invalid_input',
          message: 'invalid query',
          issues: [{ path: 'q', message: 'expected a term at column 3' }],
        },
      },
    });
    const result = await client.searchWorkspace(
      new URLSearchParams([
        ['workspace', 'w1'],
        ['agency', 'a'],
        ['agency', 'b'],
      ]),
    );
    expect(seen[0]!.url).toBe('/api/search?workspace=w1&agency=a&agency=b');
    expect(result).toMatchObject({ ok: false, status: 400 });
  });
});
