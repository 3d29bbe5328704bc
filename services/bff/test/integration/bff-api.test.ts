import * as processesV1 from '@docket/proto/src/processes';
import * as searchV1 from '@docket/proto/src/search';
import { uniqueName, waitFor } from '@docket/testkit';
import type { RunningBff } from '../../src/app';
import { FakeBackends, processFixture } from './support/fake-services';
import { capturingLogger, startTestBff, testConfig } from './support/harness';
import { BrowserClient, readEventStream } from './support/http-client';

jest.setTimeout(60_000);

const ADMIN_PASSWORD = 'admin password for tests';
const FAILURES_BEFORE_THROTTLE = 3;

describe('BFF REST API (real HTTP, Mongo stand-in, Redis; gRPC services faked at the wire)', () => {
  const { logger } = capturingLogger();
  const fakes = new FakeBackends();
  const adminEmail = `${uniqueName('admin')}@example.com`;
  let bff: RunningBff;
  let admin: BrowserClient;

  const client = () => new BrowserClient(bff.url);

  /** An admin-created member, signed in on a fresh client. */
  async function newMember(
    password = 'member password 123',
  ): Promise<{ client: BrowserClient; id: string; email: string; password: string }> {
    const email = `${uniqueName('member')}@example.com`;
    const created = await admin.post('/api/users', { email, name: 'Member', role: 'member', password });
    expect(created.status).toBe(201);
    const member = client();
    expect((await member.signIn(email, password)).status).toBe(200);
    return { client: member, id: created.body.user.id, email, password };
  }

  beforeAll(async () => {
    const target = await fakes.start(logger);
    bff = await startTestBff(testConfig({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD }, target), logger, {
      heartbeatMs: 100,
      signInThrottle: {
        maxFailuresPerEmailAndIp: FAILURES_BEFORE_THROTTLE,
        maxFailuresPerIp: 10_000,
        windowSeconds: 60,
        blockSeconds: 60,
      },
    });
    admin = client();
    const login = await admin.signIn(adminEmail, ADMIN_PASSWORD);
    expect(login.status).toBe(200);
  });

  afterAll(async () => {
    await bff?.stop();
    await fakes.stop();
  });

  describe('health and OpenAPI', () => {
    it('reports ready with Mongo and Redis up, without a session', async () => {
      const res = await client().get('/healthz');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok', checks: { mongo: 'up', redis: 'up' } });
    });

    it('answers /livez without a session and without checking any dependency', async () => {
      const res = await client().get('/livez');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
    });

    it('reports no process health when no launcher gave a status file, and only to administrators', async () => {
      expect((await client().get('/api/stack/status')).status).toBe(401);
      const { client: member } = await newMember();
      const refused = await member.get('/api/stack/status');
      expect([refused.status, refused.body.error.message]).toEqual([403, 'administrators only']);
      const res = await admin.get('/api/stack/status');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ stack: null });
    });

    it('serves an OpenAPI document generated from the route schemas, without a session', async () => {
      const res = await client().get('/api/openapi.json');
      expect(res.status).toBe(200);
      expect(res.body.openapi).toBe('3.0.3');
      const operations = Object.entries(res.body.paths as Record<string, Record<string, unknown>>).flatMap(
        ([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      );
      expect(operations).toEqual(
        expect.arrayContaining([
          'GET /healthz',
          'GET /api/auth/csrf',
          'POST /api/auth/login',
          'POST /api/auth/logout',
          'GET /api/auth/session',
          'PATCH /api/me',
          'POST /api/me/password',
          'GET /api/users',
          'POST /api/users',
          'PATCH /api/users/{id}',
          'POST /api/documents',
          'GET /api/documents/{id}',
          'GET /api/search',
          'POST /api/search',
          'POST /api/admin/reindex',
          'GET /api/admin/index-stats',
          'GET /api/processes',
          'GET /api/processes/{id}',
          'GET /api/processes/{id}/events',
        ]),
      );
      const login = res.body.paths['/api/auth/login'].post;
      expect(login.requestBody.content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/LoginRequest',
      });
      expect(res.body.components.schemas.LoginRequest.required).toEqual(['email', 'password']);
      expect(res.body.components.schemas.User.properties.role.enum).toEqual(['admin', 'member']);
      expect(res.body.paths['/api/search'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
        'q',
        'agency',
        'type',
        'docket',
        'party',
        'from',
        'to',
        'sort',
        'cursor',
        'facets',
        'workspace',
        'limit',
      ]);
    });
  });

  describe('sign-in', () => {
    it('signs in: httpOnly Lax session cookie, rotated CSRF cookie, the user, and a working session', async () => {
      const browser = client();
      await browser.get('/api/auth/csrf');
      const anonymousToken = browser.cookies.get('drs_csrf');
      expect(anonymousToken).toBeTruthy();

      const res = await browser.post('/api/auth/login', { email: adminEmail.toUpperCase(), password: ADMIN_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({
        email: adminEmail,
        role: 'admin',
        active: true,
        organisationName: 'Docket Research',
        mustChangePassword: false,
      });
      const setCookies = res.headers.getSetCookie();
      const sessionCookie = setCookies.find((c) => c.startsWith('drs_session='))!;
      expect(sessionCookie).toMatch(/HttpOnly/);
      expect(sessionCookie).toMatch(/SameSite=Lax/);
      expect(sessionCookie).not.toMatch(/Secure/); // COOKIE_SECURE defaults to false outside production
      const csrfCookie = setCookies.find((c) => c.startsWith('drs_csrf='))!;
      expect(csrfCookie).not.toMatch(/HttpOnly/);
      expect(browser.cookies.get('drs_csrf')).not.toBe(anonymousToken);
      expect(res.body.csrfToken).toBe(browser.cookies.get('drs_csrf'));

      const session = await browser.get('/api/auth/session');
      expect(session.status).toBe(200);
      expect(session.body.user.id).toBe(res.body.user.id);
      expect(session.body.csrfToken).toBe(browser.cookies.get('drs_csrf'));
    });

    it('answers a wrong password and an unknown e-mail with the same 401', async () => {
      const wrongPassword = await client().signIn(adminEmail, 'not the password at all');
      const unknownEmail = await client().signIn(`${uniqueName('nobody')}@example.com`, 'not the password at all');
      expect(wrongPassword.status).toBe(401);
      expect(unknownEmail.status).toBe(401);
      expect(wrongPassword.body.error.code).toBe('unauthenticated');
      expect(unknownEmail.body).toEqual(wrongPassword.body);
    });

    // Even for the right password.
    it(`throttles an e-mail after ${FAILURES_BEFORE_THROTTLE} failures with 429 and Retry-After`, async () => {
      const { email, password } = await newMember();
      const attacker = client();
      for (let i = 0; i < FAILURES_BEFORE_THROTTLE; i++) {
        expect((await attacker.signIn(email, `wrong password ${i}`)).status).toBe(401);
      }
      const throttled = await attacker.signIn(email, 'wrong password again');
      expect(throttled.status).toBe(429);
      expect(throttled.body.error.code).toBe('too_many_requests');
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await attacker.signIn(email, password)).status).toBe(429);
    });

    it('requires a session everywhere else (401)', async () => {
      const anonymous = client();
      for (const path of [
        '/api/auth/session',
        '/api/users',
        '/api/search?q=x',
        '/api/processes',
        '/api/documents/doc-1',
      ]) {
        const res = await anonymous.get(path);
        expect([path, res.status, res.body.error.code]).toEqual([path, 401, 'unauthenticated']);
      }
      await anonymous.get('/api/auth/csrf');
      expect((await anonymous.post('/api/auth/logout')).status).toBe(401);
    });

    it('logs out: the old session cookie no longer works', async () => {
      const { client: member } = await newMember();
      const sessionId = member.cookies.get('drs_session')!;
      expect((await member.post('/api/auth/logout')).status).toBe(204);
      expect(member.cookies.has('drs_session')).toBe(false);
      const replay = new BrowserClient(bff.url);
      replay.cookies.set('drs_session', sessionId);
      expect((await replay.get('/api/auth/session')).status).toBe(401);
      expect((await member.get('/api/auth/session')).status).toBe(401);
    });
  });

  describe('CSRF', () => {
    it('rejects a mutating request without the x-csrf-token header (403 csrf_failed)', async () => {
      const res = await admin.request('POST', '/api/users', {
        json: { email: 'x@example.com', name: 'X', role: 'member' },
        csrf: 'none',
      });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('csrf_failed');
    });

    it('rejects a header that does not match the cookie, and a token of another session', async () => {
      const wrong = await admin.request('PATCH', '/api/me', { json: { name: 'A' }, csrf: 'forged.token' });
      expect([wrong.status, wrong.body.error.code]).toEqual([403, 'csrf_failed']);

      const { client: member } = await newMember();
      const otherSessionsToken = member.cookies.get('drs_csrf')!;
      const planted = new BrowserClient(bff.url);
      planted.cookies.set('drs_session', admin.cookies.get('drs_session')!);
      planted.cookies.set('drs_csrf', otherSessionsToken);
      const res = await planted.request('PATCH', '/api/me', { json: { name: 'A' } });
      expect([res.status, res.body.error.code]).toEqual([403, 'csrf_failed']);
    });

    it('rejects sign-in without a token', async () => {
      const res = await client().request('POST', '/api/auth/login', {
        json: { email: adminEmail, password: ADMIN_PASSWORD },
      });
      expect([res.status, res.body.error.code]).toEqual([403, 'csrf_failed']);
    });
  });

  describe('validation', () => {
    it('answers a malformed body with 400 invalid_input and field-level issues', async () => {
      const res = await admin.post('/api/users', { email: 'not-an-email', role: 'owner' });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_input');
      const paths = (res.body.error.issues as { path: string; message: string }[]).map((i) => i.path);
      expect(paths).toEqual(expect.arrayContaining(['email', 'name', 'role']));
      expect(res.body.error.issues.find((i: { path: string }) => i.path === 'email').message).toBe(
        'must be an e-mail address',
      );
    });

    it('answers unparseable JSON with a clear 400', async () => {
      const res = await admin.request('POST', '/api/users', { rawBody: '{"email": ' });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: 'invalid_input', message: 'request body is not valid JSON' });
    });

    it('validates query strings too', async () => {
      const res = await admin.get('/api/search?limit=500');
      expect(res.status).toBe(400);
      expect(res.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(['limit', 'q']);
    });
  });

  describe('users (administrators)', () => {
    it('forbids admin routes to members (403 forbidden)', async () => {
      const { client: member } = await newMember();
      for (const [method, path, json] of [
        ['GET', '/api/users', undefined],
        ['POST', '/api/users', { email: 'a@example.com', name: 'A', role: 'admin' }],
        ['POST', '/api/documents', { title: 't', text: 'x' }],
        ['POST', '/api/admin/reindex', undefined],
        ['GET', '/api/admin/index-stats', undefined],
      ] as const) {
        const res = await member.request(method, path, json ? { json } : {});
        expect([method, path, res.status, res.body.error.code]).toEqual([method, path, 403, 'forbidden']);
      }
    });

    it('creates a user with a temporary password that must be changed, and lists users', async () => {
      const email = `${uniqueName('Invited')}@Example.com`;
      const res = await admin.post('/api/users', { email, name: 'Invited Person', role: 'member' });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({
        email: email.toLowerCase(),
        role: 'member',
        active: true,
        mustChangePassword: true,
      });
      expect(res.body.temporaryPassword).toEqual(expect.any(String));

      const invited = client();
      const login = await invited.signIn(email, res.body.temporaryPassword);
      expect(login.status).toBe(200);
      expect(login.body.user.mustChangePassword).toBe(true);

      const list = await admin.get('/api/users');
      expect(list.status).toBe(200);
      expect(list.body.users.map((u: { email: string }) => u.email)).toEqual(
        expect.arrayContaining([adminEmail, email.toLowerCase()]),
      );
      expect(JSON.stringify(list.body)).not.toMatch(/argon2|passwordHash/);
    });

    it('refuses a second user with the same e-mail (409)', async () => {
      const { email } = await newMember();
      const res = await admin.post('/api/users', { email: email.toUpperCase(), name: 'Again', role: 'member' });
      expect([res.status, res.body.error.code]).toEqual([409, 'conflict']);
    });

    it('changes roles; an administrator cannot demote or deactivate themselves', async () => {
      const { client: member, id } = await newMember();
      const promoted = await admin.patch(`/api/users/${id}`, { role: 'admin' });
      expect([promoted.status, promoted.body.user.role]).toEqual([200, 'admin']);
      expect((await member.get('/api/users')).status).toBe(200); // takes effect on the live session

      const self = (await admin.get('/api/auth/session')).body.user.id as string;
      expect((await admin.patch(`/api/users/${self}`, { role: 'member' })).status).toBe(403);
      expect((await admin.patch(`/api/users/${self}`, { active: false })).status).toBe(403);
      expect((await admin.patch('/api/users/000000000000000000000000', { active: false })).status).toBe(404);
      expect((await admin.patch(`/api/users/${id}`, {})).status).toBe(400);
    });

    it("deactivating a user ends all of that user's sessions and blocks sign-in", async () => {
      const { client: first, id, email, password } = await newMember();
      const second = client();
      expect((await second.signIn(email, password)).status).toBe(200);

      const res = await admin.patch(`/api/users/${id}`, { active: false });
      expect([res.status, res.body.user.active]).toEqual([200, false]);
      expect((await first.get('/api/auth/session')).status).toBe(401);
      expect((await second.get('/api/auth/session')).status).toBe(401);
      expect((await client().signIn(email, password)).status).toBe(401);
    });
  });

  describe('users', () => {
    it('refuses a guessable password for a new account, saying why, and takes a strong one', async () => {
      const email = `${uniqueName('weak')}@example.com`;
      const weak = await admin.post('/api/users', {
        email,
        name: 'Weak Password',
        role: 'member',
        password: 'qwertyuiop12',
      });
      expect([weak.status, weak.body.error.issues[0].path]).toEqual([400, 'password']);
      expect(weak.body.error.issues[0].message).toMatch(/^is too easy to guess\./);
      const strong = await admin.post('/api/users', {
        email,
        name: 'Weak Password',
        role: 'member',
        password: 'copper lantern orbit meadow',
      });
      expect(strong.status).toBe(201);
    });
  });

  describe('me', () => {
    it('updates the profile name', async () => {
      const { client: member } = await newMember();
      const res = await member.patch('/api/me', { name: '  Renamed Member ' });
      expect([res.status, res.body.user.name]).toEqual([200, 'Renamed Member']);
    });

    it('changes the password: checks the current one, needs 12 characters, signs out other sessions', async () => {
      const { client: member, email, password } = await newMember();
      const other = client();
      expect((await other.signIn(email, password)).status).toBe(200);

      const wrong = await member.post('/api/me/password', {
        currentPassword: 'not my password',
        newPassword: 'a brand new password',
      });
      expect([wrong.status, wrong.body.error.issues[0].path]).toEqual([400, 'currentPassword']);
      const short = await member.post('/api/me/password', { currentPassword: password, newPassword: 'short' });
      expect([short.status, short.body.error.issues[0].path]).toEqual([400, 'newPassword']);

      const common = await member.post('/api/me/password', { currentPassword: password, newPassword: 'password1234' });
      expect([common.status, common.body.error.issues[0].path]).toEqual([400, 'newPassword']);
      expect(common.body.error.issues[0].message).toMatch(
        /^is too easy to guess\. This is similar to a commonly used password\. .*A few unrelated words/,
      );
      const personal = await member.post('/api/me/password', {
        currentPassword: password,
        newPassword: `${email.split('@')[0]}2026!`,
      });
      expect([personal.status, personal.body.error.issues[0].message]).toEqual([
        400,
        expect.stringMatching(/^is built from your name, your e-mail address/),
      ]);

      const ok = await member.post('/api/me/password', {
        currentPassword: password,
        newPassword: 'a brand new password',
      });
      expect(ok.status).toBe(204);
      expect((await member.get('/api/auth/session')).status).toBe(200);
      expect((await other.get('/api/auth/session')).status).toBe(401);
      expect((await client().signIn(email, password)).status).toBe(401);
      expect((await client().signIn(email, 'a brand new password')).status).toBe(200);
    });
  });

  describe('documents, search and re-index (over gRPC)', () => {
    it('adds a document as the signed-in administrator, reads it back and finds it', async () => {
      const adminId = (await admin.get('/api/auth/session')).body.user.id as string;
      const created = await admin.post('/api/documents', {
        title: 'Order on motion to compel',
        text: 'The court grants the motion to compel discovery.',
        docketNumber: '1:24-cv-00042',
        filingType: 'order',
        filedAt: '2024-03-01T00:00:00Z',
      });
      expect(created.status).toBe(201);
      expect(created.body.created).toBe(true);
      expect(created.body.document).toMatchObject({
        title: 'Order on motion to compel',
        docketNumber: '1:24-cv-00042',
        filedAt: '2024-03-01T00:00:00.000Z',
        sourceId: '',
      });
      expect(fakes.createRequests.at(-1)?.createdBy).toBe(adminId);

      const again = await admin.post('/api/documents', {
        title: 'Order on motion to compel',
        text: 'The court grants the motion to compel discovery.',
      });
      expect([again.status, again.body.created, again.body.document.id]).toEqual([
        201,
        false,
        created.body.document.id,
      ]);

      const { client: member } = await newMember();
      const read = await member.get(`/api/documents/${created.body.document.id}`);
      expect(read.status).toBe(200);
      expect(read.body.document).toEqual(created.body.document);

      const search = await member.get('/api/search?q=compel&limit=5');
      expect(search.status).toBe(200);
      expect(search.body.total).toBe(1);
      expect(search.body.hits[0]).toMatchObject({
        documentId: created.body.document.id,
        filedAt: '2024-03-01T00:00:00.000Z',
      });
      expect(search.body.hits[0].snippet).toContain('<mark>compel</mark>');
    });

    it('searches with filters (repeated parameters), sort, facets, cursor, workspace; answers new fields', async () => {
      await admin.post('/api/documents', { title: 'Tariff one', text: 'A heron tariff filing.' });
      await admin.post('/api/documents', { title: 'Tariff two', text: 'Another heron tariff filing.' });
      const { client: member } = await newMember();
      const memberId = (await member.get('/api/auth/session')).body.user.id as string;

      const first = await member.get(
        '/api/search?q=heron&agency=ferc&agency=%20cpuc%20&agency=&type=Order&docket=ER24-1-000&party=Sierra%20Club' +
          '&from=2024-01-01&to=2024-12-31&sort=newest&facets=true&limit=1&workspace=ws-1',
      );
      expect(first.status).toBe(200);
      expect(fakes.searchRequests.at(-1)).toMatchObject({
        query: 'heron',
        limit: 1,
        cursor: '',
        includeFacets: true,
        userId: memberId,
        workspaceId: 'ws-1',
        record: false,
        sort: searchV1.SearchSort.SEARCH_SORT_FILED_NEWEST,
        filters: {
          agencies: ['ferc', 'cpuc'],
          filingTypes: ['Order'],
          dockets: ['ER24-1-000'],
          parties: ['Sierra Club'],
          filedFrom: '2024-01-01',
          filedTo: '2024-12-31',
        },
      });
      expect(first.body).toMatchObject({
        total: 2,
        facetsCounted: 2,
        nextCursor: '1',
        requestId: null,
        normalizedQuery: 'heron',
        facets: [
          { field: 'agency', buckets: [{ value: 'ferc', label: 'Federal Energy Regulatory Commission', count: 2 }] },
        ],
      });
      expect(first.body.hits[0]).toMatchObject({
        titleHtml: '<mark>Tariff one</mark>',
        sourceName: 'Federal Energy Regulatory Commission',
        filingCategory: 'Order',
        parties: ['Sierra Club'],
      });

      // A GET is a read; the search becomes a request in the workspace's log only when POSTed.
      const recorded = await member.post('/api/search', {
        workspace: 'ws-1',
        q: 'heron',
        agency: ['ferc', ' cpuc ', ''],
        type: ['Order'],
        from: '2024-01-01',
        to: '2024-12-31',
        sort: 'newest',
        facets: true,
        limit: 1,
      });
      expect(recorded.status).toBe(201);
      expect(recorded.body).toMatchObject({ total: 2, nextCursor: '1', requestId: 'request-in-ws-1' });
      expect(fakes.searchRequests.at(-1)).toMatchObject({
        query: 'heron',
        limit: 1,
        cursor: '',
        includeFacets: true,
        userId: memberId,
        workspaceId: 'ws-1',
        record: true,
        sort: searchV1.SearchSort.SEARCH_SORT_FILED_NEWEST,
        filters: { agencies: ['ferc', 'cpuc'], filingTypes: ['Order'], filedFrom: '2024-01-01', filedTo: '2024-12-31' },
      });
      expect(
        (await member.request('POST', '/api/search', { json: { workspace: 'ws-1', q: 'heron' }, csrf: 'none' })).status,
      ).toBe(403);
      expect((await member.post('/api/search', { q: 'heron' })).body.error.issues).toEqual([
        expect.objectContaining({ path: 'workspace' }),
      ]);
      // The removed offset paging is refused by name, not silently ignored.
      const withOffset = await member.post('/api/search', { workspace: 'ws-1', q: 'heron', offset: 20 });
      expect(withOffset.status).toBe(400);
      expect(JSON.stringify(withOffset.body.error)).toContain('offset');

      const second = await member.get(`/api/search?q=heron&limit=1&cursor=${first.body.nextCursor}`);
      expect(second.body).toMatchObject({
        total: 2,
        totalIsLowerBound: false,
        nextCursor: null,
        requestId: null,
        facets: [],
        facetsCounted: 0,
      });
      expect(second.body.hits[0].title).toBe('Tariff two');
      expect(fakes.searchRequests.at(-1)).toMatchObject({
        cursor: '1',
        sort: searchV1.SearchSort.SEARCH_SORT_RELEVANCE,
        workspaceId: '',
      });

      // An index that stops counting says so: "1+".
      fakes.searchCountLimit = 1;
      try {
        expect((await member.get('/api/search?q=heron')).body).toMatchObject({ total: 1, totalIsLowerBound: true });
      } finally {
        fakes.searchCountLimit = Number.POSITIVE_INFINITY;
      }

      // Filters alone are a search; nothing at all is not.
      expect((await member.get('/api/search?agency=ferc')).status).toBe(200);
      const badSort = await member.get('/api/search?q=x&sort=best&from=2024-13-01');
      expect(badSort.status).toBe(400);
      expect(badSort.body.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(['from', 'sort']);
      expect((await member.get('/api/search?from=2024-02-01&to=2024-01-01')).body.error.issues).toEqual([
        { path: 'to', message: 'must not be before from' },
      ]);
      expect((await member.get('/api/search')).body.error.issues).toEqual([
        { path: 'q', message: 'is required unless filters or a workspace are given' },
      ]);

      // Offset paging is gone: a caller that still sends offset is told to use the cursor, not silently given page one.
      const searches = fakes.searchRequests.length;
      for (const url of [
        '/api/search?q=heron&offset=20',
        '/api/search?q=heron&offset=0',
        `/api/search?q=heron&cursor=${first.body.nextCursor}&offset=`,
      ]) {
        const retired = await member.get(url);
        expect(retired.status).toBe(400);
        expect(retired.body.error.issues).toEqual([
          { path: 'offset', message: expect.stringMatching(/no longer accepted: page with cursor/) },
        ]);
      }
      // Listed with the rest of what is wrong.
      expect(
        (await member.get('/api/search?offset=1&sort=best')).body.error.issues.map((i: { path: string }) => i.path),
      ).toEqual(['offset', 'sort']);
      expect(fakes.searchRequests.length).toBe(searches);

      // The query-engine's field names come back as the parameters the caller sent.
      const bad = await member.get('/api/search?q=bad-filter&agency=--');
      expect(bad.status).toBe(400);
      expect(bad.body.error.issues).toEqual([
        { path: 'agency[0]', message: 'must contain a letter or digit, got "--"' },
        { path: 'q', message: 'expected a search term at column 1' },
      ]);
    });

    it('maps gRPC NOT_FOUND to 404 and UNAVAILABLE to 503', async () => {
      const missing = await admin.get('/api/documents/no-such-doc');
      expect([missing.status, missing.body.error.code]).toEqual([404, 'not_found']);
      const down = await admin.get('/api/search?q=unavailable');
      expect([down.status, down.body.error.code]).toEqual([503, 'unavailable']);
    });

    it('starts a re-index for the administrator and reports index stats', async () => {
      const adminId = (await admin.get('/api/auth/session')).body.user.id as string;
      const res = await admin.post('/api/admin/reindex');
      expect(res.status).toBe(202);
      expect(res.body.processId).toMatch(/^reindex-/);
      expect(fakes.reindexRequests.at(-1)?.requestedBy).toBe(adminId);
      const stats = await admin.get('/api/admin/index-stats');
      expect(stats.status).toBe(200);
      expect(stats.body).toEqual({ documents: fakes.documents.size, pending: 0 });
    });

    it('says how many documents the index holds and how many changes it has yet to take in, to all users', async () => {
      const { client: member } = await newMember();
      const caughtUp = await member.get('/api/search/coverage');
      expect(caughtUp.status).toBe(200);
      expect(caughtUp.body).toEqual({ indexed: fakes.documents.size, pending: 0, behind: false });
      fakes.indexPending = 1_234;
      try {
        const behind = await member.get('/api/search/coverage');
        expect(behind.body).toEqual({ indexed: fakes.documents.size, pending: 1_234, behind: true });
      } finally {
        fakes.indexPending = 0;
      }
    });

    it('refuses a search longer than the query-engine takes, saying the limit in words', async () => {
      const { client: member } = await newMember();
      const long = 'rate '.repeat(1000);
      const read = await member.get(`/api/search?q=${encodeURIComponent(long)}`);
      expect(read.status).toBe(400);
      expect(read.body.error.issues).toEqual([{ path: 'q', message: 'Searches are limited to 1,000 characters' }]);
      const recorded = await member.post('/api/search', { workspace: 'ws-1', q: long });
      expect(recorded.body.error.issues).toEqual([{ path: 'q', message: 'Searches are limited to 1,000 characters' }]);
    });
  });

  describe('processes', () => {
    it('shows members their own processes only; administrators see all; others get 404', async () => {
      const alice = await newMember();
      const bob = await newMember();
      fakes.publish(processFixture({ id: uniqueName('p-alice'), ownerId: alice.id, title: 'Alice export' }));
      const bobs = processFixture({ id: uniqueName('p-bob'), ownerId: bob.id, title: 'Bob export' });
      fakes.publish(bobs);

      const aliceList = await alice.client.get('/api/processes');
      expect(aliceList.status).toBe(200);
      expect(aliceList.body.processes.map((p: { title: string }) => p.title)).toEqual(['Alice export']);

      const adminList = await admin.get('/api/processes?limit=200');
      expect(adminList.body.processes.map((p: { title: string }) => p.title)).toEqual(
        expect.arrayContaining(['Alice export', 'Bob export']),
      );

      expect((await bob.client.get(`/api/processes/${bobs.id}`)).body.process).toMatchObject({
        id: bobs.id,
        status: 'queued',
        total: 0,
        done: 0,
      });
      expect((await alice.client.get(`/api/processes/${bobs.id}`)).status).toBe(404);
      expect((await alice.client.get(`/api/processes/${bobs.id}/events`)).status).toBe(404);
      expect((await admin.get(`/api/processes/${bobs.id}`)).status).toBe(200);
      expect((await admin.get('/api/processes/unknown-process')).status).toBe(404);
    });

    it('relays process updates as server-sent events in order, skipping stale ones, ending at the final', async () => {
      const owner = await newMember();
      const id = uniqueName('p-sse');
      fakes.publish(processFixture({ id, ownerId: owner.id, sequence: '1' }));

      const res = await owner.client.fetch('GET', `/api/processes/${id}/events`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('cache-control')).toMatch(/no-cache/);
      expect(res.headers.get('x-accel-buffering')).toBe('no');

      const received: string[] = [];
      const reading = readEventStream(res, (e) => received.push(e.data));
      await waitFor(() => fakes.watchers.get(id) === 1 && received.length >= 1, {
        description: 'the BFF to watch the process',
      });

      const running = processesV1.ProcessStatus.PROCESS_STATUS_RUNNING;
      const update = (done: string, sequence: string) =>
        processFixture({ id, ownerId: owner.id, status: running, total: '3', done, sequence });
      fakes.publish(update('1', '2'));
      fakes.publish(update('0', '1')); // stale
      fakes.publish(update('2', '3'));
      await waitFor(() => received.length >= 3, { description: 'two progress events' });
      fakes.publish(
        processFixture({
          id,
          ownerId: owner.id,
          status: processesV1.ProcessStatus.PROCESS_STATUS_SUCCEEDED,
          total: '3',
          done: '3',
          sequence: '4',
          finishedAt: new Date('2024-05-01T10:00:05Z'),
        }),
      );
      const { events } = await reading; // resolves only when the BFF ends the response

      const states = received.map(
        (d) => JSON.parse(d) as { status: string; done: number; total: number; finishedAt: string | null },
      );
      expect(states.map((s) => [s.status, s.done])).toEqual([
        ['queued', 0],
        ['running', 1],
        ['running', 2],
        ['succeeded', 3],
      ]);
      expect(states.at(-1)).toMatchObject({ id, total: 3, finishedAt: '2024-05-01T10:00:05.000Z' });
      expect(Object.keys(states[0]!).sort()).toEqual([
        'createdAt',
        'done',
        'failed',
        'failures',
        'finishedAt',
        'id',
        'kind',
        'message',
        'status',
        'title',
        'total',
        'updatedAt',
      ]);
      expect(events.every((e) => e.event === 'process')).toBe(true);
      expect(events.map((e) => e.id)).toEqual(['1', '2', '3', '4']);
    });

    it('sends heartbeats while idle and cancels the gRPC stream when the browser goes away', async () => {
      const owner = await newMember();
      const id = uniqueName('p-gone');
      fakes.publish(processFixture({ id, ownerId: owner.id }));
      const controller = new AbortController();
      const res = await owner.client.fetch('GET', `/api/processes/${id}/events`, { signal: controller.signal });
      const reader = res.body!.getReader();
      let text = '';
      await waitFor(
        async () => {
          const { value } = await reader.read();
          text += new TextDecoder().decode(value);
          return text.includes(': heartbeat');
        },
        { description: 'a heartbeat comment' },
      );
      expect(fakes.watchers.get(id)).toBe(1);
      const cancelledBefore = fakes.cancelled;
      controller.abort();
      await waitFor(() => fakes.watchers.get(id) === 0 && fakes.cancelled > cancelledBefore, {
        description: 'the gRPC watch to be cancelled',
      });
    });

    it('ends at once when the process is already finished', async () => {
      const owner = await newMember();
      const id = uniqueName('p-done');
      fakes.publish(
        processFixture({
          id,
          ownerId: owner.id,
          status: processesV1.ProcessStatus.PROCESS_STATUS_FAILED,
          message: 'boom',
          sequence: '9',
        }),
      );
      const { events } = await readEventStream(await owner.client.fetch('GET', `/api/processes/${id}/events`));
      expect(events.map((e) => [e.event, JSON.parse(e.data).status, e.id])).toEqual([['process', 'failed', '9']]);
    });
  });
});
