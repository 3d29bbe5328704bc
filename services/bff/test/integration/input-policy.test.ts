import type { RunningBff } from '../../src/app';
import { startBffWithAdmin } from './support/harness';
import { AddressedBrowser, rawRequest } from './support/raw-http';

jest.setTimeout(60_000);

const ADMIN_PASSWORD = 'admin password for input tests';

type Issue = { path: string; message: string };

// The probe's inputs, one by one: each is a 4xx that names what is wrong and where.
describe('BFF input policy: unknown keys, control characters, bad encodings, non-JSON bodies refused by name', () => {
  let bff: RunningBff;
  let admin: AddressedBrowser;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ bff, admin, stop } = await startBffWithAdmin(ADMIN_PASSWORD));
  });

  afterAll(async () => {
    await stop?.();
  });

  const session = () => ({
    cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-csrf-token': admin.cookies.get('drs_csrf')!,
  });
  const issuesOf = (body: string): Issue[] => (JSON.parse(body) as { error: { issues?: Issue[] } }).error.issues ?? [];
  const alert = (overrides: Record<string, unknown>) => ({
    name: 'Rates',
    query: 'rate',
    channels: { inApp: true },
    schedule: { cadence: 'daily' },
    ...overrides,
  });

  it.each([
    ['NUL in an alert name', { name: 'a\u0000b' }, 'name', 'must not contain control characters (such as NUL)'],
    [
      'a lone surrogate in an alert name',
      { name: 'a\ud800b' },
      'name',
      'is not valid Unicode text (an unpaired surrogate)',
    ],
    ['CR/LF in an alert name', { name: 'first\r\nSet-Cookie: x' }, 'name', 'must be a single line (no line breaks)'],
    [
      'NUL in an alert query',
      { query: 'rate\u0000case' },
      'query',
      'must not contain control characters (such as NUL)',
    ],
    ['a line break in an alert query', { query: 'rate\ncase' }, 'query', 'must be a single line (no line breaks)'],
  ])('refuses %s: 400 naming the field', async (_what, overrides, path, message) => {
    const res = await admin.request('POST', '/api/alerts', alert(overrides));
    expect(res.status).toBe(400);
    expect(issuesOf(res.body)).toContainEqual({ path, message });
  });

  it.each([
    ['NUL', 'q=a%00b', 'q', 'must not contain control characters (such as NUL)'],
    [
      'a percent-encoding cut mid-sequence',
      'q=%E0%A4%A',
      'q',
      expect.stringMatching(/^has malformed percent-encoding/),
    ],
    ['bytes that are not UTF-8', 'q=%C3%28', 'q', expect.stringMatching(/^has malformed percent-encoding/)],
    ['an encoded lone surrogate', 'q=%ED%A0%80', 'q', expect.stringMatching(/^has malformed percent-encoding/)],
    ['an unknown parameter', 'q=rate&zzUnknown=1', 'zzUnknown', 'unrecognized key'],
  ])('refuses %s in a search query string: 400 naming the parameter', async (_what, query, path, message) => {
    const res = await admin.request('GET', `/api/search?${query}`);
    expect(res.status).toBe(400);
    expect(issuesOf(res.body)).toContainEqual({ path, message });
  });

  it('refuses a query parameter on a route that takes none', async () => {
    const res = await admin.request('GET', '/api/auth/session?debug=1');
    expect([res.status, issuesOf(res.body)]).toEqual([400, [{ path: 'debug', message: 'unrecognized key' }]]);
  });

  it('refuses fields PATCH /api/me does not take (role, email, active) instead of dropping them', async () => {
    const res = await admin.request('PATCH', '/api/me', {
      name: 'Renamed',
      role: 'admin',
      email: 'x@example.com',
      active: false,
    });
    expect(res.status).toBe(400);
    expect(issuesOf(res.body)).toEqual(
      expect.arrayContaining(['role', 'email', 'active'].map((path) => ({ path, message: 'unrecognized key' }))),
    );
    expect((await admin.request('GET', '/api/auth/session')).json().user.name).not.toBe('Renamed');
  });

  it('refuses unknown fields on PATCH /api/workspaces/{id}, nested too (an operator in defaultFilters)', async () => {
    const res = await admin.request('PATCH', '/api/workspaces/ws-1', {
      name: 'W',
      zzUnknown: 1,
      defaultFilters: { $ne: null },
    });
    expect(res.status).toBe(400);
    expect(issuesOf(res.body)).toEqual(
      expect.arrayContaining([
        { path: 'zzUnknown', message: 'unrecognized key' },
        { path: 'defaultFilters.$ne', message: 'unrecognized key' },
      ]),
    );
  });

  it('refuses a JSON body that is not UTF-8, rather than storing U+FFFD', async () => {
    const body = Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const res = await rawRequest(bff.url, {
      method: 'PATCH',
      path: '/api/me',
      headers: { ...session(), 'content-type': 'application/json' },
      body,
    });
    expect([res.status, JSON.parse(res.body).error.message]).toEqual([400, 'the request body is not valid UTF-8']);
    expect((await admin.request('GET', '/api/auth/session')).json().user.name).not.toContain('\ufffd');
  });

  it('answers JSON sent as text/plain with 415 saying what to send', async () => {
    const res = await rawRequest(bff.url, {
      method: 'PATCH',
      path: '/api/me',
      headers: { ...session(), 'content-type': 'text/plain' },
      body: '{"name":"x"}',
    });
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body).error).toEqual({
      code: 'unsupported_media_type',
      message: 'the request body must be JSON (Content-Type: application/json), not text/plain',
    });
  });

  it('keeps line breaks and form feeds where a field is text (a document), but never a NUL', async () => {
    const text = 'Page one.\n\fPage two.\r\n';
    const accepted = await admin.request('POST', '/api/documents', { title: 'Two pages', text });
    expect(accepted.status).not.toBe(400);
    const refused = await admin.request('POST', '/api/documents', { title: 'Two pages', text: 'a\u0000b' });
    expect([refused.status, issuesOf(refused.body)]).toEqual([
      400,
      [{ path: 'text', message: 'must not contain control characters (such as NUL)' }],
    ]);
  });
});
