import { uniqueName } from '@docket/testkit';
import type { RunningBff } from '../../src/app';
import { capturingLogger, startTestBff, testConfig } from './support/harness';
import { BrowserClient } from './support/http-client';

jest.setTimeout(60_000);

const ADMIN_PASSWORD = 'admin password for tests';

/**
 * The BullMQ dashboard (bull-board) at /api/admin/queues: administrators only, read-only, with a CSP
 * of its own. Its responses are not in the OpenAPI document, so they are fetched directly here (the
 * BrowserClient checks every response against the document) with the session the client signed in.
 */
describe('queues dashboard (real HTTP, Mongo stand-in, Redis)', () => {
  const { logger } = capturingLogger();
  const adminEmail = `${uniqueName('admin')}@example.com`;
  let bff: RunningBff;
  let admin: BrowserClient;
  let member: BrowserClient;

  const raw = (client: BrowserClient | undefined, path: string, method = 'GET') =>
    fetch(bff.url + path, {
      method,
      headers: client
        ? {
            cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
            'x-csrf-token': client.cookies.get('drs_csrf') ?? '',
          }
        : {},
      redirect: 'manual',
    });

  beforeAll(async () => {
    bff = await startTestBff(testConfig({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD }), logger);
    admin = new BrowserClient(bff.url);
    expect((await admin.signIn(adminEmail, ADMIN_PASSWORD)).status).toBe(200);
    const email = `${uniqueName('member')}@example.com`;
    const password = 'member password 123';
    expect((await admin.post('/api/users', { email, name: 'Member', role: 'member', password })).status).toBe(201);
    member = new BrowserClient(bff.url);
    expect((await member.signIn(email, password)).status).toBe(200);
  });

  afterAll(async () => {
    await bff?.stop();
  });

  it('asks for a session first, and turns members away', async () => {
    expect((await raw(undefined, '/api/admin/queues')).status).toBe(401);
    const res = await raw(member, '/api/admin/queues');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: expect.objectContaining({ message: 'administrators only' }) });
    expect((await raw(member, '/api/admin/queues/api/queues')).status).toBe(403);
  });

  it("serves an administrator bull-board's page with a CSP that lets only its own scripts run", async () => {
    const res = await raw(admin, '/api/admin/queues');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('x-powered-by')).toBeNull();
    const html = await res.text();
    expect(html).toContain('<base href="/api/admin/queues/"');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    // Its scripts load from under the same path, for the admin only.
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await raw(admin, `/api/admin/queues/${script}`)).status).toBe(200);
    expect((await raw(member, `/api/admin/queues/${script}`)).status).toBe(403);
  });

  it("lists the services' queues, read-only", async () => {
    const res = await raw(admin, '/api/admin/queues/api/queues');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { queues: Array<{ name: string; readOnlyMode: boolean }> };
    expect(body.queues.map((q) => q.name).sort()).toEqual(['documents.import', 'query-engine.reindex']);
    expect(body.queues.every((q) => q.readOnlyMode)).toBe(true);
    // Write actions are refused before bull-board sees them (they would bypass the CSRF check).
    expect((await raw(admin, '/api/admin/queues/api/queues/documents.import/clean/failed', 'PUT')).status).toBe(403);
  });

  it('keeps the CSP that allows nothing everywhere else, and stays out of the OpenAPI document', async () => {
    expect((await raw(admin, '/api/admin/index-stats')).headers.get('content-security-policy')).toContain(
      "default-src 'none'",
    );
    const doc = (await (await raw(undefined, '/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/admin/queues'))).toEqual([]);
  });
});
