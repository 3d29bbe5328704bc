import type { Connection } from 'mongoose';
import { connectMongo, startGrpcServer, type RunningGrpcServer } from '@docket/service-kit';
import { testInfraEnv, uniqueName } from '@docket/testkit';
import { QueryRepository } from '../../../query-engine/src/ask/query.repository';
import { WorkspaceRequestRepository } from '../../../query-engine/src/workspaces/workspace-request.repository';
import { WorkspaceScope } from '../../../query-engine/src/workspaces/workspace-scope';
import { WorkspaceRepository } from '../../../query-engine/src/workspaces/workspace.repository';
import { WorkspaceService } from '../../../query-engine/src/workspaces/workspace.service';
// The query-engine's own WorkspaceService (rules, store, gRPC adapter) rather than a fake: the
// roles and the last-owner rule live there, and this suite checks the BFF against the real thing.
import { workspaceServiceBinding } from '../../../query-engine/src/workspaces/workspaces.grpc';
import type { RunningBff } from '../../src/app';
import { capturingLogger, startTestBff, testConfig } from './support/harness';
import { BrowserClient } from './support/http-client';

jest.setTimeout(60_000);

const ADMIN_PASSWORD = 'admin password for tests';
const PASSWORD = 'member password 123';

describe('BFF /api/workspaces (real HTTP, sessions; query-engine WorkspaceService over gRPC, Mongo stand-in)', () => {
  const { logger } = capturingLogger();
  const adminEmail = `${uniqueName('admin')}@example.com`;
  let connection: Connection;
  let server: RunningGrpcServer;
  let scope: WorkspaceScope;
  let bff: RunningBff;
  let admin: BrowserClient;

  interface Person {
    client: BrowserClient;
    id: string;
    email: string;
    name: string;
  }
  let owner: Person;
  let colleague: Person;
  let outsider: Person;

  async function newMember(name: string): Promise<Person> {
    const email = `${uniqueName(name.toLowerCase().replace(/\s+/g, '-'))}@example.com`;
    const created = await admin.post('/api/users', { email, name, role: 'member', password: PASSWORD });
    expect(created.status).toBe(201);
    const client = new BrowserClient(bff.url);
    expect((await client.signIn(email, PASSWORD)).status).toBe(200);
    return { client, id: created.body.user.id, email, name };
  }

  beforeAll(async () => {
    connection = await connectMongo(testInfraEnv().mongoUrl, uniqueName('qe_ws_bff').replace(/[-.]/g, '_'));
    const workspaceRepository = new WorkspaceRepository(connection);
    const requests = new WorkspaceRequestRepository(connection);
    await Promise.all([workspaceRepository.init(), requests.init()]);
    const workspaces = new WorkspaceService(workspaceRepository, requests, new QueryRepository(connection));
    scope = new WorkspaceScope(workspaces, workspaceRepository, requests);
    server = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      logger,
      services: [workspaceServiceBinding({ workspaces, logger })],
    });

    bff = await startTestBff(
      testConfig({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD, QUERY_ENGINE_GRPC: `127.0.0.1:${server.port}` }),
      logger,
    );
    admin = new BrowserClient(bff.url);
    expect((await admin.signIn(adminEmail, ADMIN_PASSWORD)).status).toBe(200);
    owner = await newMember('Olivia Owner');
    colleague = await newMember('Victor Viewer');
    outsider = await newMember('Oscar Outsider');
  });

  afterAll(async () => {
    await bff?.stop();
    await server?.shutdown(1000);
    await connection?.close();
  });

  const filters = {
    agencies: ['puc-ca', 'ferc'],
    filingTypes: ['Decision'],
    dockets: ['A.24-01-001'],
    parties: ['Pacific Gas and Electric'],
    filedFrom: '2024-01-01',
    filedTo: '',
  };

  async function createWorkspace(name: string, by: Person = owner) {
    const res = await by.client.post('/api/workspaces', {
      name,
      description: 'California wildfire cost recovery',
      defaultFilters: filters,
    });
    expect(res.status).toBe(201);
    return res.body.workspace as { id: string; name: string };
  }

  it('creates a workspace: the creator owns it, with names, filters and permissions in the answer', async () => {
    const res = await owner.client.post('/api/workspaces', { name: '  Wildfire  costs ', defaultFilters: filters });
    expect(res.status).toBe(201);
    expect(res.body.workspace).toMatchObject({
      name: 'Wildfire costs',
      description: '',
      role: 'owner',
      can: { run: true, edit: true, manageMembers: true },
      memberCount: 1,
      requestCount: 0,
      lastUsedAt: null,
      defaultFilters: { ...filters, filedTo: null },
      createdBy: { id: owner.id, name: 'Olivia Owner', email: owner.email, active: true },
      members: [{ userId: owner.id, role: 'owner', name: 'Olivia Owner', email: owner.email, active: true }],
    });
    expect(res.body.workspace.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('answers bad input with 400 and the field paths of the JSON body, whichever layer found it', async () => {
    const bad = await owner.client.post('/api/workspaces', {
      name: '',
      defaultFilters: { filedFrom: 'last week', filedTo: '2023-01-01' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'is required' },
        { path: 'defaultFilters.filedFrom', message: 'must be a date written YYYY-MM-DD' },
      ]),
    );
    const reversed = await owner.client.post('/api/workspaces', {
      name: 'x',
      defaultFilters: { filedFrom: '2024-06-01', filedTo: '2024-01-01' },
    });
    expect(reversed.body.error.issues).toEqual([
      { path: 'defaultFilters.filedTo', message: 'must not be before the start date' },
    ]);
    // Well-formed but not a real day: the query-engine finds it; the BFF names the JSON field.
    const notADay = await owner.client.post('/api/workspaces', {
      name: 'x',
      defaultFilters: { filedFrom: '2024-02-30' },
    });
    expect(notADay.status).toBe(400);
    expect(notADay.body.error.issues).toEqual([
      { path: 'defaultFilters.filedFrom', message: 'must be a date written YYYY-MM-DD, got "2024-02-30"' },
    ]);
    const long = await owner.client.post('/api/workspaces', { name: 'n'.repeat(101) });
    expect(long.body.error.issues).toEqual([{ path: 'name', message: 'must be at most 100 characters' }]);
  });

  it('needs a session, and the CSRF token to change anything', async () => {
    expect((await new BrowserClient(bff.url).get('/api/workspaces')).status).toBe(401);
    const noCsrf = await owner.client.request('POST', '/api/workspaces', { json: { name: 'x' }, csrf: 'none' });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.error.code).toBe('csrf_failed');
  });

  it('adds a colleague by e-mail as a viewer, who then reads but cannot change it; others do not see it', async () => {
    const workspace = await createWorkspace('Shared with a viewer');
    const added = await owner.client.post(`/api/workspaces/${workspace.id}/members`, {
      email: colleague.email.toUpperCase(),
      role: 'viewer',
    });
    expect(added.status).toBe(201);
    expect(added.body.workspace.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Olivia Owner', 'owner'],
      ['Victor Viewer', 'viewer'],
    ]);

    const again = await owner.client.post(`/api/workspaces/${workspace.id}/members`, {
      email: colleague.email,
      role: 'editor',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain('already a member (viewer)');
    const unknown = await owner.client.post(`/api/workspaces/${workspace.id}/members`, {
      email: 'nobody@example.com',
      role: 'viewer',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.issues).toEqual([
      { path: 'email', message: 'no one in your organisation has this e-mail address' },
    ]);

    const seen = await colleague.client.get(`/api/workspaces/${workspace.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.workspace).toMatchObject({
      role: 'viewer',
      can: { run: false, edit: false, manageMembers: false },
      defaultFilters: { agencies: ['puc-ca', 'ferc'] },
    });
    expect((await colleague.client.get('/api/workspaces')).body.workspaces.map((w: { id: string }) => w.id)).toContain(
      workspace.id,
    );
    expect((await colleague.client.patch(`/api/workspaces/${workspace.id}`, { name: 'Taken over' })).status).toBe(403);
    const probe = await colleague.client.post(`/api/workspaces/${workspace.id}/members`, {
      email: outsider.email,
      role: 'owner',
    });
    expect(probe.status).toBe(403);

    expect((await outsider.client.get(`/api/workspaces/${workspace.id}`)).status).toBe(404);
    expect((await outsider.client.get(`/api/workspaces/${workspace.id}/requests`)).status).toBe(404);
    expect((await outsider.client.get('/api/workspaces')).body.workspaces).toEqual([]);

    // An administrator reads any workspace, with no role of their own.
    const asAdmin = await admin.get(`/api/workspaces/${workspace.id}`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.workspace).toMatchObject({
      role: null,
      can: { run: false, edit: false, manageMembers: false },
    });
  });

  it('lets owners change roles (never leaving the workspace without owner) and editors change settings', async () => {
    const workspace = await createWorkspace('Roles');
    await owner.client.post(`/api/workspaces/${workspace.id}/members`, { email: colleague.email, role: 'viewer' });
    const promoted = await owner.client.patch(`/api/workspaces/${workspace.id}/members/${colleague.id}`, {
      role: 'editor',
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.workspace.members.find((m: { userId: string }) => m.userId === colleague.id).role).toBe(
      'editor',
    );

    const edited = await colleague.client.patch(`/api/workspaces/${workspace.id}`, {
      description: 'Edited by the editor',
      defaultFilters: { agencies: ['ferc'] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.workspace).toMatchObject({
      name: 'Roles',
      description: 'Edited by the editor',
      role: 'editor',
      defaultFilters: { agencies: ['ferc'], filingTypes: [], dockets: [], parties: [], filedFrom: null, filedTo: null },
    });
    expect((await colleague.client.patch(`/api/workspaces/${workspace.id}`, {})).body.error.message).toBe(
      'invalid request body',
    );

    const demoteSelf = await owner.client.patch(`/api/workspaces/${workspace.id}/members/${owner.id}`, {
      role: 'viewer',
    });
    expect(demoteSelf.status).toBe(409);
    expect(demoteSelf.body.error.message).toMatch(/last owner/);
    expect(
      (await owner.client.patch(`/api/workspaces/${workspace.id}/members/${outsider.id}`, { role: 'viewer' })).status,
    ).toBe(404);
    expect(
      (await owner.client.patch(`/api/workspaces/${workspace.id}/members/${colleague.id}`, { role: 'admin' })).body
        .error.issues[0].path,
    ).toBe('role');

    const removed = await owner.client.request('DELETE', `/api/workspaces/${workspace.id}/members/${colleague.id}`);
    expect(removed.status).toBe(204);
    expect((await colleague.client.get(`/api/workspaces/${workspace.id}`)).status).toBe(404);
  });

  it('lists my workspaces most recently used first, and pages a log with the names of who ran what', async () => {
    const first = await createWorkspace('Used long ago');
    const second = await createWorkspace('Used just now');
    await owner.client.post(`/api/workspaces/${second.id}/members`, { email: colleague.email, role: 'editor' });
    await scope.recordRequest({
      workspaceId: second.id,
      userId: owner.id,
      kind: 'search',
      text: 'wildfire mitigation',
      filters,
      tookMs: 12,
      resultCount: 40,
    });
    await scope.recordRequest({
      workspaceId: second.id,
      userId: colleague.id,
      kind: 'query',
      text: 'Who opposed the settlement?',
      filters,
      tookMs: 830,
      resultCount: 9,
      queryId: 'q-1',
    });
    const facets = [
      { field: 'agency', buckets: [{ value: 'cpuc', label: 'California Public Utilities Commission', count: 3 }] },
    ];
    await scope.recordRequest({
      workspaceId: second.id,
      userId: colleague.id,
      kind: 'search',
      text: 'undergrounding',
      filters,
      sort: 'filed_newest',
      tookMs: 8,
      resultCount: 3,
      facets,
    });
    await scope.recordRequest({
      workspaceId: first.id,
      userId: owner.id,
      kind: 'search',
      text: 'old',
      tookMs: 1,
      resultCount: 0,
    });
    await scope.recordRequest({
      workspaceId: second.id,
      userId: owner.id,
      kind: 'search',
      text: 'latest',
      tookMs: 1,
      resultCount: 0,
    });

    const mine = (await owner.client.get('/api/workspaces')).body.workspaces as {
      id: string;
      role: string;
      memberCount: number;
      requestCount: number;
      lastUsedAt: string;
    }[];
    expect(mine.slice(0, 2).map((w) => w.id)).toEqual([second.id, first.id]);
    expect(mine[0]).toMatchObject({ role: 'owner', memberCount: 2, requestCount: 4 });
    expect(mine[0]!.lastUsedAt).toMatch(/^\d{4}-/);

    const preview = await colleague.client.get(`/api/workspaces/${second.id}?recent=2`);
    expect(preview.body.recentRequests.map((r: { text: string }) => r.text)).toEqual(['latest', 'undergrounding']);

    const page1 = await colleague.client.get(`/api/workspaces/${second.id}/requests?limit=3`);
    expect(page1.status).toBe(200);
    expect(page1.body.requests.map((r: { text: string; user: { name: string } }) => [r.text, r.user.name])).toEqual([
      ['latest', 'Olivia Owner'],
      ['undergrounding', 'Victor Viewer'],
      ['Who opposed the settlement?', 'Victor Viewer'],
    ]);
    // A search's entry keeps its facets as they were counted; a question has none.
    expect(page1.body.requests[1]).toMatchObject({
      kind: 'search',
      sort: 'filed_newest',
      tookMs: 8,
      resultCount: 3,
      queryId: null,
      facets,
    });
    expect(page1.body.requests[2]).toMatchObject({
      kind: 'query',
      queryId: 'q-1',
      filters: { ...filters, filedTo: null },
      facets: [],
    });
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    const page2 = await colleague.client.get(
      `/api/workspaces/${second.id}/requests?limit=3&cursor=${encodeURIComponent(page1.body.nextCursor)}`,
    );
    expect(page2.body).toMatchObject({ requests: [{ text: 'wildfire mitigation' }], nextCursor: null });

    const one = await colleague.client.get(`/api/workspaces/${second.id}/requests/${page1.body.requests[2].id}`);
    expect(one.body.request).toMatchObject({
      text: 'Who opposed the settlement?',
      user: { id: colleague.id, email: colleague.email },
    });
    expect(
      (await outsider.client.get(`/api/workspaces/${second.id}/requests/${page1.body.requests[2].id}`)).status,
    ).toBe(404);
    expect(
      (await colleague.client.get(`/api/workspaces/${first.id}/requests/${page1.body.requests[2].id}`)).status,
    ).toBe(404);
    expect(
      (await colleague.client.get(`/api/workspaces/${second.id}/requests?cursor=bogus`)).body.error.issues,
    ).toEqual([{ path: 'cursor', message: 'is not a cursor this service gave out' }]);
  });

  it('lets an owner delete a workspace (with the CSRF token); then it answers 404 to everyone', async () => {
    const workspace = await createWorkspace('Short-lived');
    await owner.client.post(`/api/workspaces/${workspace.id}/members`, { email: colleague.email, role: 'editor' });
    await scope.recordRequest({
      workspaceId: workspace.id,
      userId: colleague.id,
      kind: 'search',
      text: 'to be forgotten',
      filters,
      tookMs: 3,
      resultCount: 1,
    });
    expect((await owner.client.get(`/api/workspaces/${workspace.id}`)).body.workspace.can).toMatchObject({
      delete: true,
    });
    expect((await colleague.client.get(`/api/workspaces/${workspace.id}`)).body.workspace.can).toMatchObject({
      delete: false,
    });

    const byEditor = await colleague.client.request('DELETE', `/api/workspaces/${workspace.id}`);
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.error.message).toBe("only the workspace's owners can delete it");
    expect((await outsider.client.request('DELETE', `/api/workspaces/${workspace.id}`)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/workspaces/${workspace.id}`)).status).toBe(404);
    expect((await owner.client.request('DELETE', '/api/workspaces/no-such-workspace')).status).toBe(404);
    const noCsrf = await owner.client.request('DELETE', `/api/workspaces/${workspace.id}`, { csrf: 'none' });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.error.code).toBe('csrf_failed');
    expect((await colleague.client.get(`/api/workspaces/${workspace.id}/requests`)).body.requests).toHaveLength(1);

    const deleted = await owner.client.request('DELETE', `/api/workspaces/${workspace.id}`);
    expect(deleted.status).toBe(204);
    for (const client of [owner.client, colleague.client, admin]) {
      expect((await client.get(`/api/workspaces/${workspace.id}`)).status).toBe(404);
      expect((await client.get(`/api/workspaces/${workspace.id}/requests`)).status).toBe(404);
    }
    for (const person of [owner, colleague]) {
      expect(
        (await person.client.get('/api/workspaces')).body.workspaces.map((w: { id: string }) => w.id),
      ).not.toContain(workspace.id);
    }
    expect((await owner.client.patch(`/api/workspaces/${workspace.id}`, { name: 'Back again' })).status).toBe(404);
    expect((await owner.client.request('DELETE', `/api/workspaces/${workspace.id}`)).status).toBe(404);
  });

  it('documents every workspace route in /api/openapi.json', async () => {
    const { body } = await admin.get('/api/openapi.json');
    const operations = Object.entries(body.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith('/api/workspaces'))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    // Others add routes under /api/workspaces/{id}/… (queries): these are this suite's.
    expect(operations).toEqual(
      expect.arrayContaining([
        'DELETE /api/workspaces/{id}',
        'DELETE /api/workspaces/{id}/members/{userId}',
        'GET /api/workspaces',
        'GET /api/workspaces/{id}',
        'GET /api/workspaces/{id}/requests',
        'GET /api/workspaces/{id}/requests/{requestId}',
        'PATCH /api/workspaces/{id}',
        'PATCH /api/workspaces/{id}/members/{userId}',
        'POST /api/workspaces',
        'POST /api/workspaces/{id}/members',
      ]),
    );
    expect(body.components.schemas.Workspace.properties.role).toMatchObject({
      enum: ['owner', 'editor', 'viewer', null],
      nullable: true,
    });
    expect(body.components.schemas.WorkspaceMember.properties.role.enum).toEqual(['owner', 'editor', 'viewer']);
  });
});
