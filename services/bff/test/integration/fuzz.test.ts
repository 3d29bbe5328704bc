import zlib from 'node:zlib';
import type { RunningBff } from '../../src/app';
import { startBffWithAdmin } from './support/harness';
import { AddressedBrowser, rawRequest } from './support/raw-http';

jest.setTimeout(120_000);

const REQUESTS = 400;
const ADMIN_PASSWORD = 'admin password for the fuzz test';

/** A small seeded generator (mulberry32): the same requests on every run, so a failure reproduces. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const METHODS = [
  'GET',
  'GET',
  'POST',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'HEAD',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'M-SEARCH',
  'FOO',
];
// Path segments a client can get wrong: malformed and overlong percent-encoding, lone surrogates, dots, huge ids.
const SEGMENTS = [
  '%ED%A0%80',
  '%C0%AF',
  '%E0%80%80',
  '%',
  '%zz',
  '%00',
  '..',
  '%2e%2e',
  '%2F',
  'a'.repeat(3000),
  '000000000000000000000000',
  'doc-1',
  "'; DROP TABLE",
  '%F0%9F%92%A9',
  '%EF%BF%BF',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
];
const VALUES = [
  '',
  '%ED%A0%80',
  '9999-99-99',
  '275760-09-14',
  '-271821-04-19',
  '2024-02-30',
  '1e309',
  'NaN',
  '-1',
  '99999999999999999999',
  'true',
  '[]',
  '{}',
  'a'.repeat(2500),
  '%00',
  'ws-1',
  '%2e%2e%2f',
  'a OR a OR a',
  '"',
  '(',
  'filed:[2024-01-01 TO',
  '*',
  Buffer.from(JSON.stringify({ t: 1e20, id: 'a'.repeat(24) })).toString('base64url'),
  Buffer.from('99999999999999999:x').toString('base64url'),
];
const PARAMS = [
  'q',
  'cursor',
  'limit',
  'offset',
  'from',
  'to',
  'sort',
  'facets',
  'workspace',
  'agency',
  'page',
  'pages',
  'recent',
  'user',
  'minMs',
  'mode',
];
const BODIES = [
  '{"email": ',
  '[]',
  'null',
  '"x"',
  '{"__proto__": {"admin": true}}',
  '{"q": {"$gt": ""}}',
  '{"name": ' + '"a",'.repeat(10) + '}',
  JSON.stringify({ email: 'x'.repeat(500), password: 'y'.repeat(5000) }),
  '{"limit": 1e309}',
  '\u0000\u0001',
  JSON.stringify({ workspace: '%ED%A0%80', q: '(', from: '9999-99-99' }),
];
const ENCODINGS = ['gzip', 'deflate', 'br', 'x-zip', 'gzip, gzip', 'identity'];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  '',
];

// Every kind of input of the hardening issue's probe, aimed at every route of the OpenAPI document,
// as a signed-in administrator (so requests get past authentication into parsing and validation).
describe('fuzz: malformed requests are 4xx, never 5xx, and the BFF still answers afterwards', () => {
  let bff: RunningBff;
  let admin: AddressedBrowser;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ bff, admin, stop } = await startBffWithAdmin(ADMIN_PASSWORD, { signInThrottle: { maxFailuresPerIp: 10_000 } }));
  });

  afterAll(async () => {
    await stop?.();
  });

  it(`answers ${REQUESTS} generated requests without a 5xx`, async () => {
    const openapi = JSON.parse((await rawRequest(bff.url, { path: '/api/openapi.json' })).body) as {
      paths: Record<string, unknown>;
    };
    // Event streams never end; signing out would only make the rest 401s; the fakes serve only the
    // GetWorkspace of WorkspaceService (anything else is UNIMPLEMENTED, hence 503).
    const templates = Object.keys(openapi.paths).filter(
      (p) => !p.endsWith('/events') && p !== '/api/auth/logout' && !p.startsWith('/api/workspaces'),
    );
    const next = random(11);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

    // node:http refuses spaces and non-ASCII in a path; everything else goes out as written.
    const wire = (text: string) => text.replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c));
    const failures: string[] = [];
    const seen = new Map<number, number>();
    for (let i = 0; i < REQUESTS; i++) {
      const method = pick(METHODS);
      const path = pick(templates).replace(/\{\w+\}/g, () => wire(pick(SEGMENTS)));
      const query = Array.from({ length: Math.floor(next() * 4) }, () => `${pick(PARAMS)}=${wire(pick(VALUES))}`).join(
        '&',
      );
      const headers: Record<string, string> = {};
      let body: Buffer | undefined;
      if (!['GET', 'HEAD', 'OPTIONS', 'TRACE'].includes(method) || next() < 0.1) {
        const text = pick(BODIES);
        headers['content-type'] = pick(CONTENT_TYPES);
        const encoding = next() < 0.5 ? pick(ENCODINGS) : undefined;
        if (encoding) headers['content-encoding'] = encoding;
        // Mostly a lie (plain bytes under a Content-Encoding); sometimes really compressed, sometimes truncated.
        body = Buffer.from(text);
        if (encoding === 'gzip' && next() < 0.3) body = zlib.gzipSync(text).subarray(0, next() < 0.5 ? undefined : 5);
      }
      const raw = await rawRequest(bff.url, {
        method,
        path: query ? `${path}?${query}` : path,
        body,
        headers: {
          ...headers,
          cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-csrf-token': admin.cookies.get('drs_csrf') ?? '',
        },
      });
      seen.set(raw.status, (seen.get(raw.status) ?? 0) + 1);
      if (raw.status >= 500)
        failures.push(
          `${method} ${path}${query ? `?${query}` : ''} [${JSON.stringify(headers)}] ` +
            `-> ${raw.status} ${raw.body.slice(0, 200)}`,
        );
      else if (raw.status >= 400 && method !== 'HEAD' && raw.body !== '') {
        // Every refusal says why.
        const message = (JSON.parse(raw.body) as { error?: { message?: string } }).error?.message;
        if (!message) failures.push(`${method} ${path}: ${raw.status} without a message: ${raw.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    // The requests reached parsing and validation, not just the front door.
    console.log(`fuzz: statuses ${JSON.stringify(Object.fromEntries([...seen].sort(([a], [b]) => a - b)))}`);
    expect([...seen.keys()]).toEqual(expect.arrayContaining([400, 404, 405, 415]));

    // Still answering, and still itself.
    expect((await rawRequest(bff.url, { path: '/healthz' })).status).toBe(200);
    expect((await admin.request('GET', '/api/auth/session')).status).toBe(200);
  });

  it("answers the issue's examples with 400 / 405 / 415 and a message", async () => {
    const session = {
      cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': admin.cookies.get('drs_csrf')!,
    };
    const cases: [string, Parameters<typeof rawRequest>[1], number][] = [
      ['malformed percent-encoding in a path id', { path: '/api/documents/%ED%A0%80', headers: session }, 400],
      ...['gzip', 'deflate', 'br'].map((encoding): [string, Parameters<typeof rawRequest>[1], number] => [
        `a body that is not ${encoding}`,
        {
          method: 'PATCH',
          path: '/api/me',
          headers: { ...session, 'content-type': 'application/json', 'content-encoding': encoding },
          body: '{"name":"x"}',
        },
        400,
      ]),
      [
        'an unknown Content-Encoding',
        {
          method: 'PATCH',
          path: '/api/me',
          headers: { ...session, 'content-type': 'application/json', 'content-encoding': 'x-zip' },
          body: '{}',
        },
        415,
      ],
      ['TRACE', { method: 'TRACE', path: '/api/auth/session', headers: session }, 405],
      ['a made-up method', { method: 'PROPFIND', path: '/api/documents/doc-1', headers: session }, 405],
    ];
    for (const [what, request, status] of cases) {
      const res = await rawRequest(bff.url, request);
      expect([what, res.status]).toEqual([what, status]);
      expect((JSON.parse(res.body) as { error: { message: string } }).error.message).toEqual(expect.any(String));
    }
    expect((await rawRequest(bff.url, { method: 'TRACE', path: '/api/auth/session' })).headers.allow).toBe(
      'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    );
  });
});
