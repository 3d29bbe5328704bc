import { createHash, randomBytes } from 'node:crypto';
import { uniqueName } from '@docket/testkit';
import type { RunningBff } from '../../src/app';
import { FakeExportService } from './support/export-service.fake';
import { FakeBackends } from './support/fake-services';
import { capturingLogger, startTestBff, testConfig } from './support/harness';
import { BrowserClient } from './support/http-client';

jest.setTimeout(60_000);

const ADMIN_PASSWORD = 'admin password for tests';
const WORKSPACE = 'ws-exports';
const SEARCH = 'req-search';
const QUERY = 'req-query';

describe('BFF exports: start, follow, cancel, retry, signed downloads with HTTP Range (ExportService faked)', () => {
  const { logger } = capturingLogger();
  const fakes = new FakeBackends();
  const exportService = new FakeExportService();
  const adminEmail = `${uniqueName('admin')}@example.com`;
  let bff: RunningBff;
  let admin: BrowserClient;
  let alice: { client: BrowserClient; id: string };
  let bob: { client: BrowserClient; id: string };

  async function newMember(): Promise<{ client: BrowserClient; id: string }> {
    const email = `${uniqueName('member')}@example.com`;
    const created = await admin.post('/api/users', {
      email,
      name: 'A member',
      role: 'member',
      password: 'member password 123',
    });
    expect(created.status).toBe(201);
    const client = new BrowserClient(bff.url);
    expect((await client.signIn(email, 'member password 123')).status).toBe(200);
    return { client, id: created.body.user.id };
  }

  /** Alice's finished search export with `file` as its CSV; its export id and signed link. */
  async function finishedExport(file: Buffer, fileName = 'search-rate-case.csv'): Promise<{ id: string; url: string }> {
    const started = await alice.client.post('/api/exports', {
      workspaceId: WORKSPACE,
      requestId: SEARCH,
      format: 'csv',
    });
    expect(started.status).toBe(201);
    exportService.finish(started.body.export.id, file, fileName, 'text/csv; charset=utf-8');
    const read = await alice.client.get(`/api/exports/${started.body.export.id}`);
    expect(read.status).toBe(200);
    return { id: started.body.export.id, url: read.body.download.url };
  }

  beforeAll(async () => {
    const target = await fakes.start(logger);
    const exportTarget = await exportService.start(logger);
    bff = await startTestBff(
      testConfig({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD, EXPORT_GRPC: exportTarget }, target),
      logger,
    );
    admin = new BrowserClient(bff.url);
    expect((await admin.signIn(adminEmail, ADMIN_PASSWORD)).status).toBe(200);
    [alice, bob] = [await newMember(), await newMember()];
    exportService.workspaces.set(WORKSPACE, new Set([alice.id]));
    exportService.requestKinds.set(SEARCH, 'search');
    exportService.requestKinds.set(QUERY, 'query');
  });

  afterAll(async () => {
    await bff?.stop();
    await Promise.all([fakes.stop(), exportService.stop()]);
  });

  it('estimates and starts an export of a search for the session user, with the chosen format, options', async () => {
    const choice = { workspaceId: WORKSPACE, requestId: SEARCH, format: 'xlsx', options: { includeFullText: true } };
    const estimate = await alice.client.post('/api/exports/estimate', choice);
    expect(estimate.status).toBe(200);
    expect(estimate.body.estimate).toEqual({
      subject: 'search',
      rows: 1200,
      files: 0,
      estimatedBytes: 480000,
      formats: ['csv', 'xlsx', 'jsonl', 'zip'],
      truncated: false,
    });

    const started = await alice.client.post('/api/exports', choice);
    expect(started.status).toBe(201);
    expect(started.body.export).toMatchObject({
      workspaceId: WORKSPACE,
      requestId: SEARCH,
      subject: 'search',
      format: 'xlsx',
      status: 'queued',
      options: { includeFullText: true, includeOriginalFiles: false },
      progress: { unit: 'rows', done: 0, total: 0, perSecond: null, secondsLeft: null },
      attempts: 1,
      expiresAt: null,
    });
    expect(started.body.export.processId).toMatch(/.+/);
    expect(exportService.startRequests.at(-1)).toMatchObject({
      userId: alice.id,
      target: { workspaceId: WORKSPACE, requestId: SEARCH },
      options: { includeFullText: true, includeOriginalFiles: false },
    });

    // A workspace export: requestId null (or left out) is the workspace itself.
    const workspace = await alice.client.post('/api/exports', {
      workspaceId: WORKSPACE,
      format: 'zip',
      options: { includeOriginalFiles: true },
    });
    expect(workspace.status).toBe(201);
    expect(workspace.body.export).toMatchObject({ subject: 'workspace', requestId: null, format: 'zip' });

    const list = await alice.client.get(`/api/exports?workspaceId=${WORKSPACE}`);
    expect(list.body.exports.map((e: { id: string }) => e.id)).toEqual([
      workspace.body.export.id,
      started.body.export.id,
    ]);
    expect(list.body.limits).toEqual({ maxConcurrent: 3, running: 2, maxStored: 20, stored: 2 });
    for (const id of [workspace.body.export.id, started.body.export.id])
      await alice.client.post(`/api/exports/${id}/cancel`);
  });

  it('refuses bad input with 400 naming each field, before the export service hears of it', async () => {
    const before = exportService.startRequests.length;
    const bad = await alice.client.post('/api/exports', {
      workspaceId: '',
      requestId: 42,
      format: 'pdf',
      options: { includeFullText: 'yes', everything: true },
      extra: 1,
    });
    expect(bad.status).toBe(400);
    const paths = bad.body.error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining(['workspaceId', 'requestId', 'format', 'options.includeFullText', 'options']),
    );
    expect(bad.body.error.issues.find((i: { path: string }) => i.path === 'format').message).toBe(
      'must be one of csv, xlsx, jsonl, zip, docx, html',
    );
    expect((await alice.client.post('/api/exports/estimate', {})).status).toBe(400);
    // A format the subject does not allow: the service's field issue comes through as a 400.
    const docxOfSearch = await alice.client.post('/api/exports', {
      workspaceId: WORKSPACE,
      requestId: SEARCH,
      format: 'docx',
    });
    expect([docxOfSearch.status, docxOfSearch.body.error.issues]).toEqual([
      400,
      [{ path: 'format', message: 'is not a format this request can be exported as' }],
    ]);
    expect(exportService.startRequests.length).toBe(before);
    expect((await new BrowserClient(bff.url).get('/api/exports')).status).toBe(401);
  });

  it('answers 404 to someone who is not a member of the workspace, on every route, and changes nothing', async () => {
    const mine = await finishedExport(Buffer.from('id,title\n1,Rate case\n'));
    const queued = (
      await alice.client.post('/api/exports', { workspaceId: WORKSPACE, requestId: QUERY, format: 'docx' })
    ).body.export;
    const tries = [
      bob.client.post('/api/exports/estimate', { workspaceId: WORKSPACE, requestId: SEARCH, format: 'csv' }),
      bob.client.post('/api/exports', { workspaceId: WORKSPACE, requestId: SEARCH, format: 'csv' }),
      bob.client.get(`/api/exports/${mine.id}`),
      bob.client.get(`/api/exports/${mine.id}/download`),
      bob.client.post(`/api/exports/${queued.id}/cancel`),
      bob.client.post(`/api/exports/${mine.id}/retry`),
      // The signed link itself is no use to someone else: it needs a member's session.
      bob.client.get(mine.url),
      // Nor to an administrator who is not a member.
      admin.get(mine.url),
    ];
    for (const res of await Promise.all(tries)) expect([res.status, res.body.error?.code]).toEqual([404, 'not_found']);
    expect((await bob.client.get('/api/exports')).body.exports).toEqual([]);
    expect((await alice.client.get(`/api/exports/${queued.id}`)).body.export.status).toBe('queued');
    await alice.client.post(`/api/exports/${queued.id}/cancel`);
  });

  it('says which per-user limit refused a new export (409)', async () => {
    exportService.maxConcurrent = 1;
    try {
      const first = await alice.client.post('/api/exports', {
        workspaceId: WORKSPACE,
        requestId: SEARCH,
        format: 'csv',
      });
      expect(first.status).toBe(201);
      const second = await alice.client.post('/api/exports', {
        workspaceId: WORKSPACE,
        requestId: SEARCH,
        format: 'jsonl',
      });
      expect([second.status, second.body.error.code, second.body.error.message]).toEqual([
        409,
        'conflict',
        'you have 1 exports running; at most 1 may run at once',
      ]);
      await alice.client.post(`/api/exports/${first.body.export.id}/cancel`);
    } finally {
      exportService.maxConcurrent = 3;
    }
  });

  it('cancels a running export, retries it, deletes it once stopped (409 while it runs)', async () => {
    const started = (
      await alice.client.post('/api/exports', { workspaceId: WORKSPACE, requestId: QUERY, format: 'html' })
    ).body.export;
    const cancelled = await alice.client.post(`/api/exports/${started.id}/cancel`);
    expect(cancelled.body.export).toMatchObject({ status: 'cancelled', error: 'cancelled by its owner' });
    expect((await alice.client.get(`/api/exports/${started.id}`)).body).toMatchObject({
      export: { status: 'cancelled' },
      download: null,
    });
    expect((await alice.client.get(`/api/exports/${started.id}/download`)).status).toBe(409);
    const retried = await alice.client.post(`/api/exports/${started.id}/retry`);
    expect(retried.body.export).toMatchObject({ status: 'queued', attempts: 2, error: '' });
    expect((await alice.client.post(`/api/exports/${started.id}/retry`)).status).toBe(409);
    expect((await alice.client.request('DELETE', `/api/exports/${started.id}`)).status).toBe(409);
    await alice.client.post(`/api/exports/${started.id}/cancel`);
    expect((await bob.client.request('DELETE', `/api/exports/${started.id}`)).status).toBe(404);
    expect((await alice.client.request('DELETE', `/api/exports/${started.id}`)).status).toBe(204);
    expect((await alice.client.get(`/api/exports/${started.id}`)).status).toBe(404);
  });

  describe('downloads', () => {
    const file = randomBytes(300 * 1024 + 17); // several gRPC chunks, not a round number
    const sha = createHash('sha256').update(file).digest('hex');
    let link: { id: string; url: string };

    beforeAll(async () => {
      link = await finishedExport(file, 'Recherche « tarif » 2026.csv');
    });

    it('serves the whole file as a download with its type, length, name (RFC 8187) and a strong ETag', async () => {
      const res = await alice.client.fetch('GET', link.url);
      expect(res.status).toBe(200);
      expect(
        Object.fromEntries(
          ['content-type', 'content-length', 'accept-ranges', 'etag', 'content-disposition'].map((h) => [
            h,
            res.headers.get(h),
          ]),
        ),
      ).toEqual({
        'content-type': 'text/csv; charset=utf-8',
        'content-length': String(file.length),
        'accept-ranges': 'bytes',
        etag: `"${sha}"`,
        'content-disposition':
          `attachment; filename="Recherche _ tarif _ 2026.csv"; ` +
          `filename*=UTF-8''Recherche%20%C2%AB%20tarif%20%C2%BB%202026.csv`,
      });
      expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);
    });

    it('answers a byte range with 206 and exactly those bytes, read from the service at that offset', async () => {
      const res = await alice.client.fetch('GET', link.url, { headers: { range: 'bytes=100000-200099' } });
      expect([res.status, res.headers.get('content-range'), res.headers.get('content-length')]).toEqual([
        206,
        `bytes 100000-200099/${file.length}`,
        '100100',
      ]);
      expect(Buffer.from(await res.arrayBuffer()).equals(file.subarray(100000, 200100))).toBe(true);
      expect(exportService.reads.at(-1)).toEqual({ offset: 100000, length: 100100 });

      // Resuming from a byte to the end, and the last bytes (suffix range).
      const rest = await alice.client.fetch('GET', link.url, { headers: { range: `bytes=${file.length - 10}-` } });
      expect([rest.status, rest.headers.get('content-range')]).toEqual([
        206,
        `bytes ${file.length - 10}-${file.length - 1}/${file.length}`,
      ]);
      expect(Buffer.from(await rest.arrayBuffer()).equals(file.subarray(file.length - 10))).toBe(true);
      const suffix = await alice.client.fetch('GET', link.url, { headers: { range: 'bytes=-5' } });
      expect(Buffer.from(await suffix.arrayBuffer()).equals(file.subarray(file.length - 5))).toBe(true);
      // A range running past the end is cut at the end.
      const past = await alice.client.fetch('GET', link.url, {
        headers: { range: `bytes=${file.length - 3}-${file.length + 1000}` },
      });
      expect([past.status, past.headers.get('content-length')]).toEqual([206, '3']);
      await past.arrayBuffer();
    });

    it('answers 416 and the size past the end; ignores malformed ranges, stale If-Range, several ranges', async () => {
      const beyond = await alice.client.fetch('GET', link.url, { headers: { range: `bytes=${file.length}-` } });
      expect([beyond.status, beyond.headers.get('content-range')]).toEqual([416, `bytes */${file.length}`]);
      // The body is the JSON error, and says so (not the file's own type).
      expect(beyond.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect((await beyond.json()).error.message).toBe(`range not satisfiable: the file has ${file.length} bytes`);

      const ignored: Record<string, string>[] = [
        { range: 'bytes=abc' },
        { range: 'bytes=0-9', 'if-range': '"an-older-version"' },
        { range: 'bytes=0-9,200000-200009' },
      ];
      for (const headers of ignored) {
        const res = await alice.client.fetch('GET', link.url, { headers });
        expect([res.status, res.headers.get('content-length')]).toEqual([200, String(file.length)]);
        await res.arrayBuffer();
      }
      const sameVersion = await alice.client.fetch('GET', link.url, {
        headers: { range: 'bytes=0-9', 'if-range': `"${sha}"` },
      });
      expect(sameVersion.status).toBe(206);
      expect(Buffer.from(await sameVersion.arrayBuffer()).equals(file.subarray(0, 10))).toBe(true);
    });

    it('answers HEAD with the size and no body, and If-None-Match with 304', async () => {
      const reads = exportService.reads.length;
      const head = await alice.client.fetch('HEAD', link.url);
      expect([head.status, head.headers.get('content-length'), head.headers.get('accept-ranges')]).toEqual([
        200,
        String(file.length),
        'bytes',
      ]);
      // (fetch would add Cache-Control: no-cache to a conditional request; a browser revalidating sends max-age=0)
      const cached = await alice.client.fetch('GET', link.url, {
        headers: { 'if-none-match': `"${sha}"`, 'cache-control': 'max-age=0' },
      });
      expect(cached.status).toBe(304);
      expect(exportService.reads.length).toBe(reads);
    });

    it('redirects an export’s stable download address to a fresh signed link', async () => {
      const cookie = [...alice.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(`${bff.url}/api/exports/${link.id}/download`, {
        headers: { cookie },
        redirect: 'manual',
      });
      expect(res.status).toBe(302);
      const location = res.headers.get('location')!;
      expect(location).toMatch(/^\/api\/exports\/download\/.+/);
      const followed = await alice.client.fetch('GET', location);
      expect(Buffer.from(await followed.arrayBuffer()).equals(file)).toBe(true);
    });

    it("refuses a forged link; an expired export's link says so (404), the export listed as expired", async () => {
      const forged = await alice.client.get('/api/exports/download/not-a-token');
      expect([forged.status, forged.body.error.code]).toEqual([404, 'not_found']);
      const other = await finishedExport(Buffer.from('a,b\n'));
      exportService.expire(other.id);
      const expired = await alice.client.get(other.url);
      expect([expired.status, expired.body.error.message]).toEqual([
        404,
        'this export expired and its file was removed',
      ]);
      expect((await alice.client.get(`/api/exports/${other.id}`)).body).toMatchObject({
        export: { status: 'expired' },
        download: null,
      });
      expect((await alice.client.get(`/api/exports/${other.id}/download`)).status).toBe(404);
    });
  });
});
