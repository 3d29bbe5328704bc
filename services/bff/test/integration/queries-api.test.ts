import * as queriesV1 from '@docket/proto/src/queries';
import { uniqueName, waitFor } from '@docket/testkit';
import type { RunningBff } from '../../src/app';
import { FakeBackends } from './support/fake-services';
import { capturingLogger, startTestBff, testConfig } from './support/harness';
import { BrowserClient, readEventStream } from './support/http-client';

jest.setTimeout(60_000);

const ADMIN_PASSWORD = 'admin password for tests';
const { AnalysisMode } = queriesV1;

describe('BFF queries: ask (server-sent events), a stored query, the admins’ query log (QueryService faked)', () => {
  const { logger } = capturingLogger();
  const fakes = new FakeBackends();
  const adminEmail = `${uniqueName('admin')}@example.com`;
  let bff: RunningBff;
  let admin: BrowserClient;
  let adminId: string;
  let alice: { client: BrowserClient; id: string; email: string };
  let bob: { client: BrowserClient; id: string; email: string };
  let carol: { client: BrowserClient; id: string; email: string };

  async function newMember(): Promise<{ client: BrowserClient; id: string; email: string }> {
    const email = `${uniqueName('member')}@example.com`;
    const created = await admin.post('/api/users', {
      email,
      name: `Member ${email.slice(0, 10)}`,
      role: 'member',
      password: 'member password 123',
    });
    expect(created.status).toBe(201);
    const client = new BrowserClient(bff.url);
    expect((await client.signIn(email, 'member password 123')).status).toBe(200);
    return { client, id: created.body.user.id, email };
  }

  const ask = (who: BrowserClient, workspaceId: string, body: unknown, signal?: AbortSignal) =>
    who.fetch('POST', `/api/workspaces/${workspaceId}/queries`, {
      json: body,
      signal,
      headers: { accept: 'text/event-stream' },
    });

  beforeAll(async () => {
    const target = await fakes.start(logger);
    bff = await startTestBff(testConfig({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD }, target), logger, {
      heartbeatMs: 100,
    });
    admin = new BrowserClient(bff.url);
    const login = await admin.signIn(adminEmail, ADMIN_PASSWORD);
    expect(login.status).toBe(200);
    adminId = login.body.user.id;
    [alice, bob, carol] = [await newMember(), await newMember(), await newMember()];
    // Alice and Bob share the rate-case workspace; Carol is in none.
    fakes.query.addWorkspace('ws-rates', 'Rate cases 2024', [alice.id, bob.id]);
    fakes.query.addWorkspace('ws-solo', 'Bob alone', [bob.id]);
  });

  afterAll(async () => {
    await bff?.stop();
    await fakes.stop();
  });

  describe('POST /api/workspaces/:id/queries', () => {
    it('streams started, documents, each section, figures and the completed query as named events', async () => {
      const res = await ask(alice.client, 'ws-rates', {
        question: '  What rate increase was approved?  ',
        filters: { agencies: ['src-ferc'], dockets: ['ER24-1-000'], filedFrom: '2024-01-01', filedTo: '2024-06-30' },
        mode: 'extractive',
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('x-accel-buffering')).toBe('no');
      const { events } = await readEventStream(res);

      expect(events.map((e) => e.event)).toEqual([
        'started',
        'documents',
        'section',
        'section',
        'figures',
        'completed',
      ]);
      const data = events.map((e) => JSON.parse(e.data));
      const queryId = data[0].queryId as string;
      expect(data[0]).toEqual({
        queryId: expect.stringMatching(/^q-/),
        requestId: expect.stringMatching(/^req-/),
        question: 'What rate increase was approved?',
      });
      expect(data[1].documents.map((d: { documentId: string; rank: number }) => [d.documentId, d.rank])).toEqual([
        ['doc-order', 1],
        ['doc-testimony', 2],
      ]);
      expect(data[1].documents[0]).toMatchObject({
        filedAt: '2024-04-30T00:00:00.000Z',
        sourceName: 'FERC',
        passages: [{ page: 2, start: 120 }, { page: 3 }],
      });
      expect(data[2]).toMatchObject({
        heading: 'Decision',
        sentences: [{ citations: [{ documentId: 'doc-order', start: 120, end: 172, page: 2 }] }, {}],
      });
      expect(data[3].heading).toBe('Request');
      expect(data[4]).toMatchObject({
        resultCount: 2,
        byAgency: [{ key: 'src-ferc', label: 'FERC', count: 2 }],
        numbers: [{ kind: 'amount', value: 4200000 }, { kind: 'percentage' }],
      });
      expect(data[5].query).toMatchObject({
        queryId,
        question: 'What rate increase was approved?',
        userId: alice.id,
        workspaceId: 'ws-rates',
        mode: 'extractive',
        filters: {
          agencies: ['src-ferc'],
          dockets: ['ER24-1-000'],
          filingTypes: [],
          parties: [],
          filedFrom: '2024-01-01',
          filedTo: '2024-06-30',
        },
        analysis: {
          mode: 'extractive',
          keyFacts: [{ kind: 'amount', text: '$4.2 million', citation: { documentId: 'doc-order' } }, { kind: 'date' }],
          notice: '',
        },
        timings: { totalMs: 56 },
      });

      // The BFF passed who asks, where, the trimmed question, the filters and the mode.
      const sent = fakes.query.askRequests.at(-1)!;
      expect(sent).toMatchObject({
        question: 'What rate increase was approved?',
        userId: alice.id,
        workspaceId: 'ws-rates',
        mode: AnalysisMode.ANALYSIS_MODE_EXTRACTIVE,
      });
      expect(sent.filters).toEqual({
        agencies: ['src-ferc'],
        filingTypes: [],
        dockets: ['ER24-1-000'],
        parties: [],
        filedFrom: '2024-01-01',
        filedTo: '2024-06-30',
      });
    });

    it('rejects bad input with 400 and the path of every field at fault, before asking anything', async () => {
      const before = fakes.query.askRequests.length;
      const res = await alice.client.request('POST', '/api/workspaces/ws-rates/queries', {
        json: {
          question: '   ',
          filters: { agencies: [''], filedFrom: '2024-13-01', filedTo: '2024-01-01' },
          mode: 'poetic',
        },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_input');
      const paths = res.body.error.issues.map((i: { path: string }) => i.path);
      expect(paths).toEqual(expect.arrayContaining(['question', 'filters.agencies.0', 'filters.filedFrom', 'mode']));

      const reversed = await alice.client.request('POST', '/api/workspaces/ws-rates/queries', {
        json: { question: 'rates', filters: { filedFrom: '2024-06-01', filedTo: '2024-01-01' } },
      });
      expect(reversed.status).toBe(400);
      expect(reversed.body.error.issues).toEqual([
        { path: 'filters.filedTo', message: 'must not be before filedFrom' },
      ]);
      expect(fakes.query.askRequests.length).toBe(before);
    });

    it('answers a non-member with an ordinary JSON 404 and a service outage with 503, not a stream', async () => {
      const outsider = await ask(carol.client, 'ws-rates', { question: 'What was approved?' });
      expect(outsider.status).toBe(404);
      expect(outsider.headers.get('content-type')).toMatch(/application\/json/);
      expect(((await outsider.json()) as { error: { code: string } }).error.code).toBe('not_found');

      const down = await ask(alice.client, 'ws-rates', { question: 'unavailable right now?' });
      expect(down.status).toBe(503);
      expect(((await down.json()) as { error: { code: string } }).error.code).toBe('unavailable');
    });

    it('turns a failure after the first update into an error event and ends the stream', async () => {
      const res = await ask(alice.client, 'ws-rates', { question: 'fail midway through the analysis' });
      expect(res.status).toBe(200);
      const { events } = await readEventStream(res);
      expect(events.map((e) => e.event)).toEqual(['started', 'documents', 'error']);
      expect(JSON.parse(events[2]!.data)).toEqual({
        code: 'internal',
        message: 'the answer failed on our side; try again',
      });
    });

    it('sends heartbeats while the answer is built and cancels the gRPC call when the browser goes away', async () => {
      const controller = new AbortController();
      const cancelledBefore = fakes.query.cancelledAsks;
      const res = await ask(alice.client, 'ws-rates', { question: 'hold on while I think' }, controller.signal);
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      let text = '';
      await waitFor(
        async () => {
          const { value } = await reader.read();
          text += new TextDecoder().decode(value);
          return text.includes('event: started') && text.includes(': heartbeat');
        },
        { description: 'the started event and a heartbeat' },
      );
      controller.abort();
      await waitFor(() => fakes.query.cancelledAsks > cancelledBefore, { description: 'the Ask call to be cancelled' });
    });

    it('needs a session and the CSRF token', async () => {
      const anonymous = new BrowserClient(bff.url);
      expect(
        (await anonymous.request('POST', '/api/workspaces/ws-rates/queries', { json: { question: 'x' } })).status,
      ).toBe(401);
      const noToken = await alice.client.request('POST', '/api/workspaces/ws-rates/queries', {
        json: { question: 'x' },
        csrf: 'none',
      });
      expect([noToken.status, noToken.body.error.code]).toEqual([403, 'csrf_failed']);
    });
  });

  describe('GET /api/queries/:queryId', () => {
    it('shows a query to its author and the workspace’s members, with the author resolved', async () => {
      fakes.query.store({ queryId: 'q-shared', userId: alice.id, workspaceId: 'ws-rates' });
      for (const viewer of [alice, bob]) {
        const res = await viewer.client.get('/api/queries/q-shared');
        expect(res.status).toBe(200);
        expect(res.body.author).toEqual({ id: alice.id, email: alice.email, name: expect.any(String) });
        expect(res.body.query).toMatchObject({
          queryId: 'q-shared',
          workspaceId: 'ws-rates',
          documents: [{ documentId: 'doc-order' }, {}],
          figures: { resultCount: 2 },
        });
        // Figures of the proceeding the answer is about, with everything retrieved beside them.
        expect(res.body.query.figures).toMatchObject({
          scopeDocketNumber: 'ER24-1-000',
          retrieved: { resultCount: 3, byDocket: [{ key: 'ER24-1-000' }, { key: 'ER24-9-000' }] },
        });
        expect(res.body.query.figures.retrieved).not.toHaveProperty('retrieved');
      }
      expect(fakes.query.askRequests.length).toBeGreaterThan(0);
    });

    it('answers 404 to anyone else, and for an unknown id; administrators see every query', async () => {
      fakes.query.store({ queryId: 'q-private', userId: bob.id, workspaceId: 'ws-solo' });
      expect((await alice.client.get('/api/queries/q-private')).status).toBe(404);
      expect((await carol.client.get('/api/queries/q-shared')).status).toBe(404);
      expect((await alice.client.get('/api/queries/q-nowhere')).status).toBe(404);
      const asAdmin = await admin.get('/api/queries/q-private');
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body.author.email).toBe(bob.email);
    });
  });

  describe('GET /api/queries/:queryId/events (an answer named by the page’s address)', () => {
    const watch = (who: BrowserClient, queryId: string, signal?: AbortSignal) =>
      who.fetch('GET', `/api/queries/${encodeURIComponent(queryId)}/events`, {
        headers: { accept: 'text/event-stream' },
        signal,
      });
    const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
      const started = performance.now();
      const result = await work();
      return [result, performance.now() - started];
    };

    it('answers a made-up or malformed id at once: 404 (400 if too long), without waiting for it', async () => {
      const [stored, storedMs] = await timed(() => alice.client.get('/api/queries/65f0c0ffee0000000000dead'));
      expect([stored.status, stored.body.error.code]).toEqual([404, 'not_found']);
      const [live, liveMs] = await timed(() => watch(alice.client, '65f0c0ffee0000000000dead'));
      expect(live.status).toBe(404);
      expect(live.headers.get('content-type')).toMatch(/application\/json/);
      expect(((await live.json()) as { error: { code: string } }).error.code).toBe('not_found');
      const [garbled, garbledMs] = await timed(() => watch(alice.client, 'not an id at all'));
      expect(garbled.status).toBe(404);
      const [tooLong, tooLongMs] = await timed(() => watch(alice.client, 'x'.repeat(201)));
      expect(tooLong.status).toBe(400);
      // Each is one round trip to the query-engine (or none), never a wait for an answer to appear.
      for (const ms of [storedMs, liveMs, garbledMs, tooLongMs]) expect(ms).toBeLessThan(2_000);
      expect(fakes.query.watchRequests.map((r) => r.queryId)).toEqual(
        expect.arrayContaining(['65f0c0ffee0000000000dead', 'not an id at all']),
      );
    });

    it('gives a reader arriving mid-answer (Back then Forward) what is written so far, then the rest', async () => {
      // Alice asks, and leaves after the documents (Back): her stream ends; the answer goes on.
      const leaving = new AbortController();
      const asked = await ask(
        alice.client,
        'ws-rates',
        { question: 'pause after the documents: what was approved?' },
        leaving.signal,
      );
      expect(asked.status).toBe(200);
      const reader = asked.body!.getReader();
      let text = '';
      await waitFor(
        async () => {
          text += new TextDecoder().decode((await reader.read()).value);
          return text.includes('event: documents');
        },
        { description: 'the documents of the answer' },
      );
      const queryId = /"queryId":"([^"]+)"/.exec(text)![1]!;
      leaving.abort();
      expect((await alice.client.get(`/api/queries/${queryId}`)).status).toBe(404); // not stored yet

      // Forward: the page names the answer and follows it; Bob (a member) may too, Carol may not.
      expect((await watch(carol.client, queryId)).status).toBe(404);
      const [back, bob2] = await Promise.all([watch(alice.client, queryId), watch(bob.client, queryId)]);
      expect([back.status, bob2.status]).toEqual([200, 200]);
      const seen: string[] = [];
      const reading = Promise.all([readEventStream(back, (e) => seen.push(e.event)), readEventStream(bob2)]);
      await waitFor(() => seen.includes('documents'), { description: 'the replayed documents' });
      expect(seen).toEqual(['started', 'documents']);
      fakes.query.release();
      const [{ events }, { events: bobs }] = await reading;
      expect(events.map((e) => e.event)).toEqual([
        'started',
        'documents',
        'section',
        'section',
        'figures',
        'completed',
      ]);
      expect(bobs.map((e) => e.event)).toEqual(events.map((e) => e.event));
      expect(JSON.parse(events[0]!.data)).toMatchObject({
        queryId,
        question: 'pause after the documents: what was approved?',
      });
      expect(JSON.parse(events[5]!.data).query).toMatchObject({
        queryId,
        question: 'pause after the documents: what was approved?',
        workspaceId: 'ws-rates',
      });

      // Stored now: the same address gets it at once.
      const [again, againMs] = await timed(async () => readEventStream(await watch(alice.client, queryId)));
      expect(again.events.map((e) => e.event)).toEqual(['started', 'completed']);
      expect(JSON.parse(again.events[1]!.data).query.queryId).toBe(queryId);
      expect(againMs).toBeLessThan(2_000);
      expect((await alice.client.get(`/api/queries/${queryId}`)).status).toBe(200);
      expect((await watch(carol.client, queryId)).status).toBe(404);
      expect(fakes.query.watchRequests.at(-1)).toMatchObject({ queryId, userId: carol.id, asAdmin: false });
    });

    it('needs a session', async () => {
      expect((await new BrowserClient(bff.url).get('/api/queries/q-shared/events')).status).toBe(401);
    });
  });

  describe('GET /api/answer-modes', () => {
    it('tells any signed-in user which modes may be asked for (extractive only without a language model)', async () => {
      const res = await alice.client.get('/api/answer-modes');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ modes: ['extractive'], defaultMode: 'extractive' });
      expect((await new BrowserClient(bff.url).get('/api/answer-modes')).status).toBe(401);
    });
  });

  describe('GET /api/admin/queries', () => {
    beforeAll(() => {
      fakes.query.queries.clear();
      const at = (day: number) => new Date(Date.UTC(2024, 4, day, 12));
      fakes.query.store({
        queryId: 'q-a1',
        userId: alice.id,
        workspaceId: 'ws-rates',
        createdAt: at(1),
        timings: { retrievalMs: 1, analysisMs: 1, figuresMs: 1, totalMs: 40 },
      });
      fakes.query.store({
        queryId: 'q-a2',
        userId: alice.id,
        workspaceId: 'ws-rates',
        createdAt: at(3),
        timings: { retrievalMs: 1, analysisMs: 1, figuresMs: 1, totalMs: 900 },
        mode: AnalysisMode.ANALYSIS_MODE_GENERATIVE,
      });
      fakes.query.store({
        queryId: 'q-b1',
        userId: bob.id,
        workspaceId: 'ws-solo',
        createdAt: at(5),
        timings: { retrievalMs: 1, analysisMs: 1, figuresMs: 1, totalMs: 120 },
      });
      fakes.query.store({
        queryId: 'q-gone',
        userId: '0123456789abcdef01234567',
        workspaceId: 'ws-deleted',
        createdAt: at(7),
        timings: { retrievalMs: 1, analysisMs: 1, figuresMs: 1, totalMs: 10 },
      });
    });

    it('is for administrators only', async () => {
      const res = await alice.client.get('/api/admin/queries');
      expect([res.status, res.body.error.code]).toEqual([403, 'forbidden']);
    });

    it('lists every query newest first with e-mails and workspace names resolved', async () => {
      const res = await admin.get('/api/admin/queries');
      expect(res.status).toBe(200);
      expect(res.body.nextCursor).toBeNull();
      expect(res.body.queries.map((q: { queryId: string }) => q.queryId)).toEqual(['q-gone', 'q-b1', 'q-a2', 'q-a1']);
      expect(res.body.queries[2]).toEqual({
        queryId: 'q-a2',
        question: 'What did the commission decide?',
        userId: alice.id,
        userEmail: alice.email,
        workspaceId: 'ws-rates',
        workspaceName: 'Rate cases 2024',
        createdAt: '2024-05-03T12:00:00.000Z',
        totalMs: 900,
        mode: 'generative',
        documentCount: 2,
      });
      // Gone accounts and workspaces keep their ids and show no name.
      expect(res.body.queries[0]).toMatchObject({ userEmail: null, workspaceId: 'ws-deleted', workspaceName: null });
      expect(fakes.query.getWorkspaceRequests.at(-1)).toMatchObject({ userId: adminId, asAdmin: true });
    });

    it('filters by user e-mail, workspace, days, latency and mode', async () => {
      const ids = async (query: string) => {
        const res = await admin.get(`/api/admin/queries?${query}`);
        expect(res.status).toBe(200);
        return res.body.queries.map((q: { queryId: string }) => q.queryId);
      };
      await expect(ids(`user=${encodeURIComponent(alice.email.toUpperCase())}`)).resolves.toEqual(['q-a2', 'q-a1']);
      expect(fakes.query.listRequests.at(-1)!.userId).toBe(alice.id);
      await expect(ids('workspace=ws-solo')).resolves.toEqual(['q-b1']);
      await expect(ids('from=2024-05-03&to=2024-05-05')).resolves.toEqual(['q-b1', 'q-a2']);
      expect(fakes.query.listRequests.at(-1)).toMatchObject({
        from: new Date('2024-05-03T00:00:00.000Z'),
        to: new Date('2024-05-05T23:59:59.999Z'),
      });
      await expect(ids('minMs=100')).resolves.toEqual(['q-b1', 'q-a2']);
      await expect(ids('mode=generative')).resolves.toEqual(['q-a2']);
      await expect(ids('mode=extractive&minMs=30')).resolves.toEqual(['q-b1', 'q-a1']);
    });

    it('pages with the cursor', async () => {
      const first = await admin.get('/api/admin/queries?limit=3');
      expect(first.body.queries).toHaveLength(3);
      expect(first.body.nextCursor).toEqual(expect.any(String));
      const second = await admin.get(`/api/admin/queries?limit=3&cursor=${encodeURIComponent(first.body.nextCursor)}`);
      expect(second.body.queries.map((q: { queryId: string }) => q.queryId)).toEqual(['q-a1']);
      expect(second.body.nextCursor).toBeNull();
    });

    // Unknown e-mail, bad dates, reversed range, negative latency, unknown mode, bad cursor.
    it('names every field at fault', async () => {
      const issues = async (query: string) => {
        const res = await admin.get(`/api/admin/queries?${query}`);
        expect([query, res.status]).toEqual([query, 400]);
        return res.body.error.issues.map((i: { path: string }) => i.path);
      };
      await expect(issues('user=nobody%40example.com')).resolves.toEqual(['user']);
      await expect(issues('user=not-an-email')).resolves.toEqual(['user']);
      await expect(issues('from=2024-02-30')).resolves.toEqual(['from']);
      await expect(issues('from=2024-05-05&to=2024-05-01')).resolves.toEqual(['to']);
      await expect(issues('minMs=-5')).resolves.toEqual(['minMs']);
      await expect(issues('mode=poetic')).resolves.toEqual(['mode']);
      await expect(issues('cursor=zzz')).resolves.toEqual(['cursor']);
    });
  });
});
