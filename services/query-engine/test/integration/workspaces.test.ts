import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentials } from '@grpc/grpc-js';
import type { Connection } from 'mongoose';
import { ConflictError, InputError, NotAllowedError, NotFoundError } from '@docket/errors';
import { createLogger } from '@docket/observability';
import { QueryServiceClient } from '@docket/proto/src/queries';
import { SearchSort } from '@docket/proto/src/search';
import { RequestKind, WorkspaceRole, WorkspaceServiceClient, type Workspace } from '@docket/proto/src/workspaces';
import { connectMongo, grpcCall } from '@docket/service-kit';
import { uniqueName } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import { QueryRepository } from '../../src/ask/query.repository';
import { emptyAnalysis } from '../../src/domain/analysis';
import type { StoredQuery } from '../../src/domain/query';
import { WorkspaceRequestRepository } from '../../src/workspaces/workspace-request.repository';
import { WorkspaceRepository } from '../../src/workspaces/workspace.repository';
import { WorkspaceService } from '../../src/workspaces/workspace.service';
import { queryEngineTestConfig } from '../support/query-engine-app';

jest.setTimeout(120_000);

const logger = createLogger('query-engine-workspaces-test', process.env.TEST_LOG_LEVEL ?? 'silent');

/** The whole query-engine (as app.ts wires it) on the MongoDB stand-in, reached through real gRPC. */
describe('WorkspaceService (query-engine over gRPC, MongoDB stand-in)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'qe-ws-'));
  const config = queryEngineTestConfig('qe-ws', {
    DOCUMENTS_GRPC: '127.0.0.1:1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  let app: RunningApp;
  let client: WorkspaceServiceClient;
  let queryClient: QueryServiceClient;
  /** A second connection to the app's database: to look at what is stored, and to play a crash. */
  let db: Connection;

  beforeAll(async () => {
    app = await startApp(config, logger);
    client = new WorkspaceServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
    queryClient = new QueryServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
    db = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  });

  afterAll(async () => {
    client?.close();
    queryClient?.close();
    await db?.close();
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const filters = {
    agencies: ['ferc', 'puc-ca'],
    filingTypes: ['Order'],
    dockets: ['ER24-2001-000'],
    parties: [],
    filedFrom: '2024-01-01',
    filedTo: '2024-12-31',
  };

  async function create(userId: string, name: string): Promise<Workspace> {
    const { workspace } = await grpcCall(client, 'createWorkspace', {
      userId,
      name,
      description: `About ${name}`,
      defaultFilters: filters,
    });
    return workspace!;
  }
  const setMember = (userId: string, workspaceId: string, memberUserId: string, role: WorkspaceRole) =>
    grpcCall(client, 'setMember', { userId, workspaceId, memberUserId, role });
  const get = (userId: string, workspaceId: string, asAdmin = false) =>
    grpcCall(client, 'getWorkspace', { userId, workspaceId, asAdmin, recentRequests: 0 });
  const record = (workspaceId: string, userId: string, text: string) =>
    app.workspaceScope.recordRequest({
      workspaceId,
      userId,
      kind: 'search',
      text,
      filters,
      sort: 'filed_newest',
      tookMs: 4.25,
      resultCount: 7,
    });

  it('creates a workspace owned by its creator, with its default filters, and shows it to members only', async () => {
    const owner = uniqueName('owner');
    const workspace = await create(owner, '  Western   rate cases ');
    // The name's spaces are tidied; a description's are the author's.
    expect(workspace).toMatchObject({
      name: 'Western rate cases',
      description: 'About   Western   rate cases',
      createdBy: owner,
      requestCount: '0',
      defaultFilters: filters,
      members: [{ userId: owner, role: WorkspaceRole.WORKSPACE_ROLE_OWNER }],
    });
    expect(workspace.workspaceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(workspace.lastUsedAt).toBeUndefined();

    const seen = await get(owner, workspace.workspaceId);
    expect(seen.role).toBe(WorkspaceRole.WORKSPACE_ROLE_OWNER);
    expect(seen.workspace).toEqual(workspace);

    const stranger = uniqueName('stranger');
    await expect(get(stranger, workspace.workspaceId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      grpcCall(client, 'listRequests', {
        userId: stranger,
        workspaceId: workspace.workspaceId,
        limit: 0,
        cursor: '',
        asAdmin: false,
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect((await grpcCall(client, 'listWorkspaces', { userId: stranger })).workspaces).toEqual([]);
    // The same answer as for a workspace that does not exist: nothing leaks.
    await expect(get(stranger, 'no-such-workspace')).rejects.toThrow(/no workspace no-such-workspace/);

    // An administrator may read it (with no role), not change it.
    const admin = await get(uniqueName('admin'), workspace.workspaceId, true);
    expect(admin.role).toBe(WorkspaceRole.WORKSPACE_ROLE_UNSPECIFIED);
    expect(admin.workspace?.name).toBe('Western rate cases');
    await expect(
      grpcCall(client, 'updateWorkspace', {
        userId: uniqueName('admin'),
        workspaceId: workspace.workspaceId,
        name: 'Mine now',
        description: '',
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses bad input with INVALID_ARGUMENT naming each field', async () => {
    await expect(
      grpcCall(client, 'createWorkspace', {
        userId: 'u',
        name: ' ',
        description: '',
        defaultFilters: { ...filters, filedFrom: '2024-02-30', filedTo: '2023-01-01' },
      }),
    ).rejects.toMatchObject({
      name: 'InputError',
      issues: [
        { path: 'name', message: 'must not be empty' },
        { path: 'default_filters.filed_from', message: 'must be a date written YYYY-MM-DD, got "2024-02-30"' },
      ],
    });
    await expect(grpcCall(client, 'createWorkspace', { userId: '', name: 'x', description: '' })).rejects.toMatchObject(
      { issues: [{ path: 'user_id', message: 'must not be empty' }] },
    );
    const owner = uniqueName('owner');
    const { workspaceId } = await create(owner, 'Roles');
    await expect(
      setMember(owner, workspaceId, uniqueName('u'), WorkspaceRole.WORKSPACE_ROLE_UNSPECIFIED),
    ).rejects.toMatchObject({ name: 'InputError', issues: [{ path: 'role' }] });
    await expect(
      grpcCall(client, 'listRequests', { userId: owner, workspaceId, limit: 500, cursor: '', asAdmin: false }),
    ).rejects.toMatchObject({ issues: [{ path: 'limit', message: 'must be between 1 and 100' }] });
    await expect(
      grpcCall(client, 'listRequests', { userId: owner, workspaceId, limit: 5, cursor: 'garbage', asAdmin: false }),
    ).rejects.toMatchObject({ issues: [{ path: 'cursor' }] });
  });

  it('lets owners manage members, editors edit settings, viewers only read', async () => {
    const [owner, editor, viewer] = [uniqueName('owner'), uniqueName('editor'), uniqueName('viewer')];
    const { workspaceId } = await create(owner, 'Gas pipelines');
    await setMember(owner, workspaceId, editor, WorkspaceRole.WORKSPACE_ROLE_EDITOR);
    const { workspace } = await setMember(owner, workspaceId, viewer, WorkspaceRole.WORKSPACE_ROLE_VIEWER);
    expect(workspace!.members.map((m) => [m.userId, m.role])).toEqual([
      [owner, WorkspaceRole.WORKSPACE_ROLE_OWNER],
      [editor, WorkspaceRole.WORKSPACE_ROLE_EDITOR],
      [viewer, WorkspaceRole.WORKSPACE_ROLE_VIEWER],
    ]);
    expect((await get(viewer, workspaceId)).role).toBe(WorkspaceRole.WORKSPACE_ROLE_VIEWER);
    expect((await grpcCall(client, 'listWorkspaces', { userId: viewer })).workspaces.map((w) => w.workspaceId)).toEqual(
      [workspaceId],
    );

    const updated = await grpcCall(client, 'updateWorkspace', {
      userId: editor,
      workspaceId,
      name: 'Gas pipelines (FERC)',
      description: 'Certificates and rates',
      defaultFilters: { ...filters, agencies: ['ferc'] },
    });
    expect(updated.workspace).toMatchObject({
      name: 'Gas pipelines (FERC)',
      description: 'Certificates and rates',
      defaultFilters: { agencies: ['ferc'] },
    });
    expect(updated.workspace!.updatedAt!.getTime()).toBeGreaterThanOrEqual(updated.workspace!.createdAt!.getTime());

    await expect(
      grpcCall(client, 'updateWorkspace', { userId: viewer, workspaceId, name: 'Hijacked', description: '' }),
    ).rejects.toBeInstanceOf(NotAllowedError);
    await expect(
      setMember(editor, workspaceId, uniqueName('friend'), WorkspaceRole.WORKSPACE_ROLE_VIEWER),
    ).rejects.toBeInstanceOf(NotAllowedError);
    await expect(
      grpcCall(client, 'removeMember', { userId: editor, workspaceId, memberUserId: viewer }),
    ).rejects.toBeInstanceOf(NotAllowedError);

    // The scope the search and ask pipelines use: editors run, viewers read, strangers see nothing.
    await expect(app.workspaceScope.resolve(editor, workspaceId)).resolves.toEqual({
      workspaceId,
      role: 'editor',
      defaultFilters: { ...filters, agencies: ['ferc'] },
    });
    await expect(app.workspaceScope.resolve(viewer, workspaceId)).rejects.toBeInstanceOf(NotAllowedError);
    await expect(app.workspaceScope.resolve(viewer, workspaceId, { access: 'read' })).resolves.toMatchObject({
      role: 'viewer',
    });
    await expect(
      app.workspaceScope.resolve(uniqueName('stranger'), workspaceId, { access: 'read' }),
    ).rejects.toBeInstanceOf(NotFoundError);

    // A viewer may leave; the owner removes the editor; then both are strangers.
    await grpcCall(client, 'removeMember', { userId: viewer, workspaceId, memberUserId: viewer });
    await grpcCall(client, 'removeMember', { userId: owner, workspaceId, memberUserId: editor });
    await expect(get(viewer, workspaceId)).rejects.toBeInstanceOf(NotFoundError);
    await expect(get(editor, workspaceId)).rejects.toBeInstanceOf(NotFoundError);
    expect((await get(owner, workspaceId)).workspace!.members.map((m) => m.userId)).toEqual([owner]);
  });

  it('keeps at least one owner, even when two owners demote each other at the same time', async () => {
    const [alice, bob] = [uniqueName('alice'), uniqueName('bob')];
    const { workspaceId } = await create(alice, 'Two owners');
    await expect(setMember(alice, workspaceId, alice, WorkspaceRole.WORKSPACE_ROLE_EDITOR)).rejects.toBeInstanceOf(
      ConflictError,
    );
    await expect(grpcCall(client, 'removeMember', { userId: alice, workspaceId, memberUserId: alice })).rejects.toThrow(
      /last owner/,
    );

    await setMember(alice, workspaceId, bob, WorkspaceRole.WORKSPACE_ROLE_OWNER);
    const outcomes = await Promise.allSettled([
      setMember(alice, workspaceId, bob, WorkspaceRole.WORKSPACE_ROLE_VIEWER),
      setMember(bob, workspaceId, alice, WorkspaceRole.WORKSPACE_ROLE_VIEWER),
    ]);
    // Whichever ran second saw that it would leave no owner (or no longer was one) and was refused.
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect([ConflictError, NotAllowedError].some((kind) => refused.reason instanceof kind)).toBe(true);
    const { workspace } = await get(alice, workspaceId, true);
    expect(workspace!.members.filter((m) => m.role === WorkspaceRole.WORKSPACE_ROLE_OWNER)).toHaveLength(1);
  });

  it('logs requests newest first, pages them with a cursor, and lists the last-used workspace first', async () => {
    const owner = uniqueName('owner');
    const older = await create(owner, 'Older');
    const busy = await create(owner, 'Busy');
    const quiet = await create(owner, 'Quiet');
    // Never used: the newest creation comes first.
    expect((await grpcCall(client, 'listWorkspaces', { userId: owner })).workspaces.map((w) => w.name)).toEqual([
      'Quiet',
      'Busy',
      'Older',
    ]);

    const ids: string[] = [];
    for (let i = 0; i < 25; i += 1) ids.push(await record(busy.workspaceId, owner, `search ${i}`));
    const used = (await get(owner, busy.workspaceId)).workspace!;
    expect(used.requestCount).toBe('25');
    expect(used.lastUsedAt).toBeInstanceOf(Date);
    expect((await grpcCall(client, 'listWorkspaces', { userId: owner })).workspaces.map((w) => w.name)).toEqual([
      'Busy',
      'Quiet',
      'Older',
    ]);
    expect(quiet.workspaceId).not.toBe(busy.workspaceId);

    const pages: string[][] = [];
    let cursor = '';
    do {
      const page = await grpcCall(client, 'listRequests', {
        userId: owner,
        workspaceId: busy.workspaceId,
        limit: 10,
        cursor,
        asAdmin: false,
      });
      pages.push(page.requests.map((r) => r.text));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(Array.from({ length: 25 }, (_, i) => `search ${24 - i}`));

    const recent = await grpcCall(client, 'getWorkspace', {
      userId: owner,
      workspaceId: busy.workspaceId,
      asAdmin: false,
      recentRequests: 3,
    });
    expect(recent.recentRequests.map((r) => r.text)).toEqual(['search 24', 'search 23', 'search 22']);

    const { request } = await grpcCall(client, 'getRequest', {
      userId: owner,
      workspaceId: busy.workspaceId,
      requestId: ids[3]!,
      asAdmin: false,
    });
    expect(request).toMatchObject({
      requestId: ids[3],
      workspaceId: busy.workspaceId,
      userId: owner,
      kind: RequestKind.REQUEST_KIND_SEARCH,
      text: 'search 3',
      filters,
      sort: SearchSort.SEARCH_SORT_FILED_NEWEST,
      tookMs: 4.25,
      resultCount: '7',
      queryId: '',
    });
    // A request is found only through its own workspace.
    await expect(
      grpcCall(client, 'getRequest', {
        userId: owner,
        workspaceId: older.workspaceId,
        requestId: ids[3]!,
        asAdmin: false,
      }),
    ).rejects.toBeInstanceOf(NotFoundError);

    await app.workspaceScope.linkQuery(busy.workspaceId, ids[3]!, 'query-42');
    const linked = await grpcCall(client, 'getRequest', {
      userId: owner,
      workspaceId: busy.workspaceId,
      requestId: ids[3]!,
      asAdmin: false,
    });
    expect(linked.request!.queryId).toBe('query-42');
    await expect(
      app.workspaceScope.recordRequest({
        workspaceId: busy.workspaceId,
        userId: owner,
        kind: 'query',
        text: '',
        tookMs: 1,
        resultCount: 0,
      }),
    ).rejects.toBeInstanceOf(InputError);
  });

  describe('deleting a workspace', () => {
    const deleteWorkspace = (userId: string, workspaceId: string) =>
      grpcCall(client, 'deleteWorkspace', { userId, workspaceId });
    const logSize = (workspaceId: string) => new WorkspaceRequestRepository(db).model.countDocuments({ workspaceId });
    const stored = (workspaceId: string) => new WorkspaceRepository(db).model.countDocuments({ _id: workspaceId });

    async function storeQuery(
      origin: StoredQuery['origin'],
      userId: string,
      workspaceId: string,
      requestId: string,
    ): Promise<string> {
      const queries = new QueryRepository(db);
      const id = queries.newId();
      await queries.insert(
        {
          id,
          origin,
          question: `${origin} in ${workspaceId}`,
          filters,
          userId,
          workspaceId,
          requestId,
          createdAt: new Date(),
          timings: { retrievalMs: 1, analysisMs: 1, figuresMs: 1, totalMs: 3 },
          mode: 'extractive',
          resultIds: [],
          documents: [],
          analysis: emptyAnalysis('extractive'),
        },
        [],
      );
      return id;
    }
    const queryExists = async (id: string) => (await new QueryRepository(db).find(id)) !== undefined;

    it('lets owners only delete it, with its log and searches; questions stay for the author and admins', async () => {
      const [owner, editor, viewer, stranger] = [
        uniqueName('owner'),
        uniqueName('editor'),
        uniqueName('viewer'),
        uniqueName('stranger'),
      ];
      const { workspaceId } = await create(owner, 'To be deleted');
      const other = await create(owner, 'Kept');
      await setMember(owner, workspaceId, editor, WorkspaceRole.WORKSPACE_ROLE_EDITOR);
      await setMember(owner, workspaceId, viewer, WorkspaceRole.WORKSPACE_ROLE_VIEWER);
      const searchRequest = await record(workspaceId, owner, 'rate case');
      await record(workspaceId, editor, 'wildfire');
      const questionRequest = await record(workspaceId, editor, 'what did the commission decide?');
      const keptRequest = await record(other.workspaceId, owner, 'kept search');
      const search = await storeQuery('search', owner, workspaceId, searchRequest);
      const question = await storeQuery('question', editor, workspaceId, questionRequest);
      const otherSearch = await storeQuery('search', owner, other.workspaceId, keptRequest);
      expect(await logSize(workspaceId)).toBe(3);

      await expect(deleteWorkspace(editor, workspaceId)).rejects.toThrow("only the workspace's owners can delete it");
      await expect(deleteWorkspace(viewer, workspaceId)).rejects.toBeInstanceOf(NotAllowedError);
      await expect(deleteWorkspace(stranger, workspaceId)).rejects.toBeInstanceOf(NotFoundError);
      await expect(deleteWorkspace(owner, 'no-such-workspace')).rejects.toBeInstanceOf(NotFoundError);
      await expect(deleteWorkspace('', workspaceId)).rejects.toBeInstanceOf(InputError);
      expect((await get(viewer, workspaceId)).workspace!.requestCount).toBe('3');

      await expect(deleteWorkspace(owner, workspaceId)).resolves.toEqual({});

      for (const userId of [owner, editor, viewer])
        await expect(get(userId, workspaceId)).rejects.toBeInstanceOf(NotFoundError);
      await expect(get(uniqueName('admin'), workspaceId, true)).rejects.toBeInstanceOf(NotFoundError);
      await expect(
        grpcCall(client, 'listRequests', { userId: owner, workspaceId, limit: 0, cursor: '', asAdmin: false }),
      ).rejects.toBeInstanceOf(NotFoundError);
      expect(
        (await grpcCall(client, 'listWorkspaces', { userId: owner })).workspaces.map((w) => w.workspaceId),
      ).toEqual([other.workspaceId]);
      expect((await grpcCall(client, 'listWorkspaces', { userId: editor })).workspaces).toEqual([]);
      expect(await stored(workspaceId)).toBe(0);
      expect(await logSize(workspaceId)).toBe(0);
      expect(await queryExists(search)).toBe(false);
      // The other workspace keeps its log and its searches.
      expect(await logSize(other.workspaceId)).toBe(1);
      expect(await queryExists(otherSearch)).toBe(true);

      // The question stays: its author and administrators read it; the former members do not.
      const asAuthor = await grpcCall(queryClient, 'getQuery', { queryId: question, userId: editor, asAdmin: false });
      expect(asAuthor.query).toMatchObject({ queryId: question, workspaceId });
      await expect(
        grpcCall(queryClient, 'getQuery', { queryId: question, userId: uniqueName('admin'), asAdmin: true }),
      ).resolves.toBeDefined();
      await expect(
        grpcCall(queryClient, 'getQuery', { queryId: question, userId: viewer, asAdmin: false }),
      ).rejects.toBeInstanceOf(NotFoundError);

      // Nothing more is added to it, and deleting it again finds nothing.
      await expect(record(workspaceId, owner, 'too late')).rejects.toBeInstanceOf(NotFoundError);
      await expect(deleteWorkspace(owner, workspaceId)).rejects.toBeInstanceOf(NotFoundError);
    });

    it("finishes a deletion interrupted after its first step: on the owner's repeated call, or at start", async () => {
      const [owner, editor] = [uniqueName('owner'), uniqueName('editor')];
      const first = await create(owner, 'Interrupted once');
      const second = await create(owner, 'Interrupted twice');
      await setMember(owner, first.workspaceId, editor, WorkspaceRole.WORKSPACE_ROLE_EDITOR);
      for (const { workspaceId } of [first, second]) {
        await record(workspaceId, owner, 'one');
        await record(workspaceId, owner, 'two');
        await storeQuery('search', owner, workspaceId, '');
      }
      // The process died right after marking each workspace deleted (step 1), before removing its log.
      const repository = new WorkspaceRepository(db);
      for (const { workspaceId } of [first, second]) {
        const current = (await repository.find(workspaceId))!;
        expect(await repository.markDeleted(workspaceId, current.revision, new Date())).toBe(true);
      }

      // Marked is gone for everyone: not read, not listed, nothing added to its log.
      await expect(get(owner, first.workspaceId)).rejects.toBeInstanceOf(NotFoundError);
      expect((await grpcCall(client, 'listWorkspaces', { userId: owner })).workspaces).toEqual([]);
      await expect(record(first.workspaceId, editor, 'racing the deletion')).rejects.toBeInstanceOf(NotFoundError);
      expect(await logSize(first.workspaceId)).toBe(2);

      // Only an owner may finish it; to anyone else it does not exist.
      await expect(deleteWorkspace(editor, first.workspaceId)).rejects.toBeInstanceOf(NotFoundError);
      await expect(deleteWorkspace(owner, first.workspaceId)).resolves.toEqual({});
      expect(await logSize(first.workspaceId)).toBe(0);
      expect(await stored(first.workspaceId)).toBe(0);

      // A start (a fresh service on the same database) finishes what is left.
      const restarted = new WorkspaceService(repository, new WorkspaceRequestRepository(db), new QueryRepository(db));
      expect(await restarted.purgeDeleted()).toBe(1);
      expect(await logSize(second.workspaceId)).toBe(0);
      expect(await stored(second.workspaceId)).toBe(0);
      expect(
        await new QueryRepository(db).model.countDocuments({
          workspaceId: { $in: [first.workspaceId, second.workspaceId] },
        }),
      ).toBe(0);
      expect(await restarted.purgeDeleted()).toBe(0);
    });
  });
});
