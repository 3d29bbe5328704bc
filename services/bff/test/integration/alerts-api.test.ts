import { uniqueName, waitFor } from '@docket/testkit';
import type { RunningBff } from '../../src/app';
import { FakeAlertService } from './support/alert-service.fake';
import { FakeBackends } from './support/fake-services';
import { capturingLogger, startTestBff, testConfig } from './support/harness';
import { BrowserClient, readEventStream, type SseEvent } from './support/http-client';
import { assertMatchesOpenApi } from './support/openapi-validator';

jest.setTimeout(60_000);

const ADMIN_PASSWORD = 'admin password for tests';

const definition = (overrides: Record<string, unknown> = {}) => ({
  name: 'Rate increases at FERC',
  query: 'rate AND increase',
  filters: { agencies: ['src-ferc'], dockets: ['ER24-1-000'], filedFrom: '2024-01-01' },
  question: 'What increase was requested?',
  schedule: { cadence: 'daily', hour: 7, weekday: 1, timeZone: 'Europe/Paris' },
  channels: { inApp: true, email: true },
  ...overrides,
});

describe('BFF alerts, follows, notifications (SSE), webhooks, unsubscribe (AlertService faked at the wire)', () => {
  const { logger } = capturingLogger();
  const fakes = new FakeBackends();
  const alertService = new FakeAlertService();
  const adminEmail = `${uniqueName('admin')}@example.com`;
  let bff: RunningBff;
  let admin: BrowserClient;
  let alice: { client: BrowserClient; id: string; email: string };
  let bob: { client: BrowserClient; id: string; email: string };

  async function newMember(): Promise<{ client: BrowserClient; id: string; email: string }> {
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
    return { client, id: created.body.user.id, email };
  }

  beforeAll(async () => {
    const target = await fakes.start(logger);
    const alertsTarget = await alertService.start(logger);
    bff = await startTestBff(
      testConfig({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD, ALERTS_GRPC: alertsTarget }, target),
      logger,
      { heartbeatMs: 100 },
    );
    admin = new BrowserClient(bff.url);
    expect((await admin.signIn(adminEmail, ADMIN_PASSWORD)).status).toBe(200);
    [alice, bob] = [await newMember(), await newMember()];
  });

  afterAll(async () => {
    await bff?.stop();
    await Promise.all([fakes.stop(), alertService.stop()]);
  });

  describe('alerts', () => {
    it("saves a search as the session user's alert (with their e-mail); reads, edits, pauses, deletes it", async () => {
      const created = await alice.client.post('/api/alerts', definition());
      expect(created.status).toBe(201);
      const alert = created.body.alert;
      expect(alert).toMatchObject({
        kind: 'search',
        paused: false,
        docket: null,
        hitsThisWeek: 0,
        lastHitAt: null,
        definition: {
          name: 'Rate increases at FERC',
          query: 'rate AND increase',
          question: 'What increase was requested?',
          filters: {
            agencies: ['src-ferc'],
            filingTypes: [],
            dockets: ['ER24-1-000'],
            parties: [],
            filedFrom: '2024-01-01',
            filedTo: '',
          },
          schedule: { cadence: 'daily', hour: 7, weekday: 1, timeZone: 'Europe/Paris' },
          channels: { inApp: true, email: true, webhookEndpointId: '' },
        },
      });
      expect(alertService.createRequests.at(-1)).toMatchObject({ ownerUserId: alice.id, ownerEmail: alice.email });

      expect((await alice.client.get(`/api/alerts/${alert.id}`)).body.alert.id).toBe(alert.id);
      expect((await alice.client.get('/api/alerts')).body.alerts.map((a: { id: string }) => a.id)).toContain(alert.id);

      const edited = await alice.client.request('PUT', `/api/alerts/${alert.id}`, {
        json: definition({ name: 'Renamed', schedule: { cadence: 'weekly', hour: 9, weekday: 5, timeZone: 'UTC' } }),
      });
      expect(edited.status).toBe(200);
      expect(edited.body.alert.definition).toMatchObject({
        name: 'Renamed',
        schedule: { cadence: 'weekly', weekday: 5 },
      });

      const paused = await alice.client.request('PUT', `/api/alerts/${alert.id}/paused`, { json: { paused: true } });
      expect(paused.body.alert.paused).toBe(true);

      const test = await alice.client.post(`/api/alerts/${alert.id}/test`);
      expect(test.status).toBe(200);
      expect(
        test.body.deliveries.map((d: { channel: string; kind: string; status: string }) => [
          d.channel,
          d.kind,
          d.status,
        ]),
      ).toEqual([
        ['in_app', 'test', 'sent'],
        ['email', 'test', 'sent'],
      ]);

      const hits = await alice.client.get(`/api/alerts/${alert.id}/hits?limit=10`);
      expect(hits.body.hits[0]).toMatchObject({
        documentId: 'doc-1',
        snippet: 'the \uE000rate\uE001 increase',
        filedAt: '2024-04-30T00:00:00.000Z',
      });
      const deliveries = await alice.client.get(`/api/alerts/${alert.id}/deliveries`);
      expect(deliveries.body.deliveries[0]).toMatchObject({
        channel: 'email',
        kind: 'realtime',
        status: 'retrying',
        attempts: 2,
        error: 'SMTP 451 try again later',
      });

      expect((await alice.client.request('DELETE', `/api/alerts/${alert.id}`)).status).toBe(204);
      expect((await alice.client.get(`/api/alerts/${alert.id}`)).status).toBe(404);
    });

    it("answers 404 for another user's alert on every route, and changes nothing", async () => {
      const mine = (await alice.client.post('/api/alerts', definition({ name: 'Alice only' }))).body.alert;
      const tries = [
        bob.client.get(`/api/alerts/${mine.id}`),
        bob.client.request('PUT', `/api/alerts/${mine.id}`, { json: definition({ name: 'Taken over' }) }),
        bob.client.request('PUT', `/api/alerts/${mine.id}/paused`, { json: { paused: true } }),
        bob.client.post(`/api/alerts/${mine.id}/test`),
        bob.client.get(`/api/alerts/${mine.id}/hits`),
        bob.client.get(`/api/alerts/${mine.id}/deliveries`),
        bob.client.request('DELETE', `/api/alerts/${mine.id}`),
      ];
      for (const res of await Promise.all(tries)) expect([res.status, res.body.error.code]).toEqual([404, 'not_found']);
      expect((await bob.client.get('/api/alerts')).body.alerts).toEqual([]);
      expect((await alice.client.get(`/api/alerts/${mine.id}`)).body.alert).toMatchObject({
        paused: false,
        definition: { name: 'Alice only' },
      });
      await alice.client.request('DELETE', `/api/alerts/${mine.id}`);
    });

    // Cadence, hour, weekday, time zone, channels, name, query length, dates.
    it('refuses bad input with a 400 naming each field', async () => {
      const before = alertService.createRequests.length;
      const bad = await alice.client.post(
        '/api/alerts',
        definition({
          name: '',
          query: 'x'.repeat(1001),
          filters: { filedFrom: '2024-13-01' },
          schedule: { cadence: 'hourly', hour: 24, weekday: 7, timeZone: 'Mars/Olympus' },
          channels: { inApp: false, email: false },
        }),
      );
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('invalid_input');
      const issues = Object.fromEntries(
        bad.body.error.issues.map((i: { path: string; message: string }) => [i.path, i.message]),
      );
      expect(issues).toMatchObject({
        name: 'is required',
        query: 'Queries are limited to 1,000 characters',
        'filters.filedFrom': expect.stringContaining('YYYY-MM-DD'),
        'schedule.cadence': 'must be one of realtime, daily, weekly',
        'schedule.hour': 'must be 0-23',
        'schedule.weekday': expect.stringContaining('0 (Sunday)'),
        'schedule.timeZone': expect.stringContaining('IANA'),
        channels: 'choose at least one channel',
      });
      const unknownField = await alice.client.post('/api/alerts', { ...definition(), cadence: 'daily' });
      expect(unknownField.status).toBe(400);
      expect(alertService.createRequests.length).toBe(before);
    });

    // The query's column, an endpoint not yours.
    it("passes the alerts service's own refusals on as 400s named the way the body spells them", async () => {
      const malformed = await alice.client.post('/api/alerts', definition({ query: 'rate AND (increase' }));
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.issues).toEqual([{ path: 'query', message: 'unclosed parenthesis at column 10' }]);

      const foreign = await alice.client.post(
        '/api/alerts',
        definition({ channels: { inApp: true, webhookEndpointId: 'wh-not-mine' } }),
      );
      expect(foreign.status).toBe(400);
      expect(foreign.body.error.issues).toEqual([
        { path: 'channels.webhookEndpointId', message: 'is not one of your webhook endpoints' },
      ]);
    });

    it('answers 409 past the number of alerts a user may keep', async () => {
      const carol = await newMember();
      for (let i = 0; i < 5; i += 1)
        expect((await carol.client.post('/api/alerts', definition({ name: `Alert ${i}` }))).status).toBe(201);
      const over = await carol.client.post('/api/alerts', definition({ name: 'One too many' }));
      expect([over.status, over.body.error.code]).toEqual([409, 'conflict']);
      expect(over.body.error.message).toMatch(/at most 5 alerts/);
    });

    it('estimates the volume of a query and filters from the index (SearchService.EstimateVolume)', async () => {
      fakes.documents.clear();
      await admin.post('/api/documents', {
        title: 'Rate order',
        text: 'A tariff increase was approved.',
        sourceId: 'src-ferc',
        filingType: 'Order',
      });
      const res = await alice.client.post('/api/alerts/estimate', {
        query: 'tariff',
        filters: { agencies: ['src-ferc'] },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 1, perDay: 1, days: [{ count: 1 }] });
      const bad = await alice.client.post('/api/alerts/estimate', { query: 'tariff', days: 0 });
      expect([bad.status, bad.body.error.issues[0].path]).toEqual([400, 'days']);
    });
  });

  describe('docket follows', () => {
    it('follows a docket once (again returns the same follow), lists it, edits its cadence and unfollows', async () => {
      const body = { docketId: '', docketNumber: 'ER24-1-000', title: 'Acme rate case', sourceName: 'FERC' };
      const first = await alice.client.post('/api/docket-follows', body);
      expect(first.status).toBe(200);
      expect(first.body.alert).toMatchObject({
        kind: 'docket',
        docket: body,
        definition: { schedule: { cadence: 'realtime' }, channels: { inApp: true, email: true } },
      });
      const again = await alice.client.post('/api/docket-follows', body);
      expect(again.body.alert.id).toBe(first.body.alert.id);
      expect(alertService.followRequests.at(-1)).toMatchObject({
        ownerUserId: alice.id,
        ownerEmail: alice.email,
        docket: body,
      });

      const follows = await alice.client.get('/api/docket-follows');
      expect(follows.body.alerts.map((a: { id: string }) => a.id)).toEqual([first.body.alert.id]);
      expect((await bob.client.get('/api/docket-follows')).body.alerts).toEqual([]);

      const edited = await alice.client.request('PUT', `/api/alerts/${first.body.alert.id}`, {
        json: {
          name: 'ER24-1-000',
          schedule: { cadence: 'weekly', hour: 8, weekday: 1, timeZone: 'UTC' },
          channels: { inApp: true, email: false },
        },
      });
      expect(edited.body.alert.definition).toMatchObject({
        schedule: { cadence: 'weekly' },
        channels: { email: false },
      });
      expect((await alice.client.request('DELETE', `/api/alerts/${first.body.alert.id}`)).status).toBe(204);
      expect((await alice.client.get('/api/docket-follows')).body.alerts).toEqual([]);
    });

    it('follows a docket named by id as the documents service has it, whatever the client said it was', async () => {
      const docket = fakes.dockets.get('dkt-1')!;
      const typed = { docketId: docket.id, docketNumber: 'ZZ-999', title: '<b>Typed</b>', sourceName: 'Made up' };
      const res = await alice.client.post('/api/docket-follows', typed);
      expect(res.status).toBe(200);
      const sourceName = 'Federal Energy Regulatory Commission';
      const followed = { docketId: docket.id, docketNumber: docket.number, title: docket.title, sourceName };
      expect(res.body.alert.docket).toEqual(followed);
      expect(alertService.followRequests.at(-1)).toMatchObject({ ownerUserId: alice.id, docket: followed });
      expect((await alice.client.request('DELETE', `/api/alerts/${res.body.alert.id}`)).status).toBe(204);
    });

    it('answers 404 for a docketId that is no docket (a user id, a document id, a guess)', async () => {
      const requests = alertService.followRequests.length;
      for (const docketId of [bob.id, 'doc-1', 'dkt-unknown']) {
        const res = await alice.client.post('/api/docket-follows', { docketId, docketNumber: 'ER24-1-000' });
        const notFound = { code: 'not_found', message: 'no such docket' };
        expect([docketId, res.status, res.body.error]).toEqual([docketId, 404, notFound]);
      }
      expect(alertService.followRequests.length).toBe(requests);
      expect((await alice.client.get('/api/docket-follows')).body.alerts).toEqual([]);
    });

    it('refuses a follow without a docket number', async () => {
      const res = await alice.client.post('/api/docket-follows', { title: 'No number' });
      expect([res.status, res.body.error.issues[0].path]).toEqual([400, 'docketNumber']);
    });
  });

  describe('notifications', () => {
    it('lists notifications newest first with the unread count, pages with the cursor, and marks read', async () => {
      const dave = await newMember();
      const first = alertService.notify(dave.id, {
        title: 'New filing',
        link: '/documents/doc-1',
        documentId: 'doc-1',
        alertId: 'alert-x',
      });
      alertService.notify(dave.id, { title: 'Daily digest', kind: 'digest', link: '/alerts' });
      alertService.notify(bob.id, { title: "Bob's own" });

      const page = await dave.client.get('/api/notifications?limit=1');
      expect(page.body).toMatchObject({
        unreadCount: 2,
        nextCursor: '1',
        notifications: [{ title: 'Daily digest', kind: 'digest', read: false }],
      });
      const next = await dave.client.get('/api/notifications?limit=1&cursor=1');
      expect(next.body).toMatchObject({
        nextCursor: null,
        notifications: [{ id: first.id, link: '/documents/doc-1', documentId: 'doc-1' }],
      });

      expect((await dave.client.post('/api/notifications/read', { ids: [first.id] })).body).toEqual({ unreadCount: 1 });
      expect(
        (await dave.client.get('/api/notifications?unread=true')).body.notifications.map(
          (n: { title: string }) => n.title,
        ),
      ).toEqual(['Daily digest']);
      expect((await dave.client.post('/api/notifications/read', { all: true })).body).toEqual({ unreadCount: 0 });
      const empty = await dave.client.post('/api/notifications/read', {});
      expect([empty.status, empty.body.error.issues[0].path]).toEqual([400, 'ids']);
    });

    // At once, on a new notification (with it), on mark read; heartbeats; cancelled when the browser goes away.
    it('relays the unread count live over server-sent events', async () => {
      const erin = await newMember();
      alertService.notify(erin.id, { title: 'Before connecting' });
      const controller = new AbortController();
      const res = await erin.client.fetch('GET', '/api/notifications/events', { signal: controller.signal });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('x-accel-buffering')).toBe('no');

      const events: SseEvent[] = [];
      let text = '';
      const reader = res.body!.getReader();
      const reading = (async () => {
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
          if (done) return;
          text += new TextDecoder().decode(value);
          let boundary: number;
          while ((boundary = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, boundary);
            text = text.slice(boundary + 2);
            const event = block.match(/^event: (.*)$/m)?.[1];
            const data = block.match(/^data: (.*)$/m)?.[1];
            if (event && data) events.push({ event, data });
            else if (block.startsWith(': heartbeat')) events.push({ event: 'heartbeat', data: '' });
          }
        }
      })();
      const payloads = () => events.filter((e) => e.event === 'notifications').map((e) => JSON.parse(e.data));

      await waitFor(() => payloads().length >= 1, { description: 'the unread count at once' });
      expect(payloads()[0]).toEqual({ unreadCount: 1, notification: null });

      const arrived = alertService.notify(erin.id, {
        title: 'Order on ER24-1-000',
        link: '/documents/doc-9',
        documentId: 'doc-9',
      });
      alertService.notify(bob.id, { title: 'not for Erin' });
      await waitFor(() => payloads().length >= 2, { description: 'the new notification' });
      expect(payloads()[1]).toMatchObject({
        unreadCount: 2,
        notification: { id: arrived.id, title: 'Order on ER24-1-000', link: '/documents/doc-9', read: false },
      });

      await erin.client.post('/api/notifications/read', { all: true });
      await waitFor(() => payloads().length >= 3, { description: 'the count after mark read' });
      expect(payloads()[2]).toEqual({ unreadCount: 0, notification: null });
      await waitFor(() => events.some((e) => e.event === 'heartbeat'), { description: 'a heartbeat comment' });
      expect(payloads().map((p) => p.notification?.title)).not.toContain('not for Erin');

      expect(alertService.watchers).toBeGreaterThanOrEqual(1);
      const cancelledBefore = alertService.cancelledWatches;
      controller.abort();
      await reading;
      await waitFor(() => alertService.cancelledWatches > cancelledBefore, {
        description: 'the gRPC watch to be cancelled',
      });
    });

    it('says so and ends the stream when the alerts service is unreachable (EventSource then reconnects)', async () => {
      // A second BFF whose AlertService address answers nothing.
      const lonely = await startTestBff(
        testConfig({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD }, '127.0.0.1:1'),
        logger,
        { heartbeatMs: 100 },
      );
      try {
        const client = new BrowserClient(lonely.url);
        expect((await client.signIn(adminEmail, ADMIN_PASSWORD)).status).toBe(200);
        const res = await client.fetch('GET', '/api/notifications/events');
        expect(res.status).toBe(200);
        const { events } = await readEventStream(res);
        expect(events.map((e) => e.event)).toEqual(['error']);
        expect(JSON.parse(events[0]!.data)).toEqual({ message: 'notification updates interrupted; reconnecting' });
      } finally {
        await lonely.stop();
      }
    });

    it('needs a session', async () => {
      const anonymous = new BrowserClient(bff.url);
      expect((await anonymous.get('/api/notifications/events')).status).toBe(401);
    });
  });

  describe('webhook endpoints', () => {
    // Listed without its secret, enabled again; another user's endpoint is 404.
    it('creates, lists, re-enables and deletes an endpoint; its secret is shown once', async () => {
      const created = await alice.client.post('/api/webhook-endpoints', {
        url: 'https://hooks.example.com/docket',
        description: 'Team channel',
      });
      expect(created.status).toBe(201);
      expect(created.body.secret).toMatch(/^whsec_/);
      const id = created.body.endpoint.id;
      const listed = await alice.client.get('/api/webhook-endpoints');
      expect(listed.body.endpoints).toEqual([
        expect.objectContaining({ id, url: 'https://hooks.example.com/docket', disabled: false }),
      ]);
      expect(JSON.stringify(listed.body)).not.toContain('whsec_');

      alertService.endpoints.get(id)!.disabled = true;
      const enabled = await alice.client.post(`/api/webhook-endpoints/${id}/enable`);
      expect(enabled.body.endpoint).toMatchObject({ id, disabled: false, consecutiveFailures: 0 });

      expect((await bob.client.post(`/api/webhook-endpoints/${id}/enable`)).status).toBe(404);
      expect((await bob.client.request('DELETE', `/api/webhook-endpoints/${id}`)).status).toBe(404);
      expect((await alice.client.request('DELETE', `/api/webhook-endpoints/${id}`)).status).toBe(204);
      expect((await alice.client.get('/api/webhook-endpoints')).body.endpoints).toEqual([]);
    });

    it('refuses an invalid URL (400 from the BFF) and a private one (400 from alerts), naming url', async () => {
      const invalid = await alice.client.post('/api/webhook-endpoints', { url: 'ftp://files.example.com/x' });
      expect([invalid.status, invalid.body.error.issues[0]]).toEqual([
        400,
        { path: 'url', message: 'must be an http(s) URL' },
      ]);
      const privateHost = await alice.client.post('/api/webhook-endpoints', { url: 'http://10.0.0.1/hook' });
      expect([privateHost.status, privateHost.body.error.issues[0]]).toEqual([
        400,
        { path: 'url', message: 'resolves to a private address (10.0.0.1)' },
      ]);
    });
  });

  describe('unsubscribe', () => {
    /** A mail client's POST: no cookies, no CSRF token, the body as given. */
    async function postOneClick(token: string, body?: string, contentType = 'application/x-www-form-urlencoded') {
      const res = await fetch(`${bff.url}/api/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        ...(body === undefined ? {} : { body, headers: { 'content-type': contentType } }),
      });
      const answered = res.headers.get('content-type');
      assertMatchesOpenApi('POST', '/api/unsubscribe', res.status, answered, await res.clone().json());
      return res;
    }

    it('describes and performs a one-click unsubscribe with no session or CSRF (RFC 8058); bad token 404', async () => {
      const alert = (await alice.client.post('/api/alerts', definition({ name: 'Mailed alert' }))).body.alert;
      alertService.tokens.set('token-abc', alert.id);
      const mailClient = new BrowserClient(bff.url);

      const described = await mailClient.get('/api/unsubscribe?token=token-abc');
      expect(described.body).toEqual({ alertId: alert.id, alertName: 'Mailed alert', unsubscribed: false });

      const oneClick = await fetch(`${bff.url}/api/unsubscribe?token=token-abc`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      expect(await oneClick.json()).toEqual({ alertId: alert.id, alertName: 'Mailed alert', unsubscribed: true });
      expect(alertService.emailOff.has(alert.id)).toBe(true);
      expect((await mailClient.get('/api/unsubscribe?token=token-abc')).body.unsubscribed).toBe(true);

      expect((await mailClient.get('/api/unsubscribe?token=forged')).status).toBe(404);
      expect((await postOneClick('forged', 'List-Unsubscribe=One-Click')).status).toBe(404);
      const missing = await mailClient.get('/api/unsubscribe');
      expect([missing.status, missing.body.error.issues[0].path]).toEqual([400, 'token']);
      await alice.client.request('DELETE', `/api/alerts/${alert.id}`);
    });

    it('turns e-mail off only for the RFC 8058 body List-Unsubscribe=One-Click; any other POST is a 400', async () => {
      const alert = (await alice.client.post('/api/alerts', definition({ name: 'Strictly mailed' }))).body.alert;
      const token = uniqueName('token');
      alertService.tokens.set(token, alert.id);
      const urlencoded = 'application/x-www-form-urlencoded';
      const refused: [string, string | undefined, string | undefined][] = [
        ['no body', undefined, undefined],
        ['an empty form', '', urlencoded],
        ['another value', 'List-Unsubscribe=Yes', urlencoded],
        ['another case', 'list-unsubscribe=one-click', urlencoded],
        ['another field', 'unsubscribe=1', urlencoded],
        ['an extra field', 'List-Unsubscribe=One-Click&also=this', urlencoded],
        ['the pair twice', 'List-Unsubscribe=One-Click&List-Unsubscribe=One-Click', urlencoded],
        ['a long body', `List-Unsubscribe=One-Click&pad=${'x'.repeat(2_000)}`, urlencoded],
        ['plain text', 'List-Unsubscribe=One-Click', 'text/plain'],
        ['JSON', JSON.stringify({ 'List-Unsubscribe': 'One-Click' }), 'application/json'],
      ];
      for (const [what, body, contentType] of refused) {
        const res = await postOneClick(token, body, contentType);
        expect([what, res.status]).toEqual([what, 400]);
        const answer = (await res.json()) as { error: { code: string; message: string; issues: unknown[] } };
        expect([what, answer.error]).toEqual([
          what,
          expect.objectContaining({
            code: 'invalid_input',
            message: expect.stringContaining('List-Unsubscribe=One-Click (RFC 8058)'),
          }),
        ]);
      }
      expect(alertService.emailOff.has(alert.id)).toBe(false);

      type Refusal = { error: { issues: unknown[] } };
      const extra = await postOneClick(token, 'List-Unsubscribe=One-Click&also=this', urlencoded);
      const misnamed = (await extra.json()) as Refusal;
      expect(misnamed.error.issues).toEqual([{ path: 'also', message: expect.stringMatching(/^unrecognized key: /) }]);
      const wrong = (await (await postOneClick(token, 'List-Unsubscribe=Yes', urlencoded)).json()) as Refusal;
      expect(wrong.error.issues).toEqual([
        { path: 'List-Unsubscribe', message: expect.stringMatching(/^must be One-Click: /) },
      ]);

      // Both encodings RFC 8058 allows are accepted.
      const form = new FormData();
      form.set('List-Unsubscribe', 'One-Click');
      const multipart = await fetch(`${bff.url}/api/unsubscribe?token=${token}`, { method: 'POST', body: form });
      expect(multipart.status).toBe(200);
      expect(alertService.emailOff.has(alert.id)).toBe(true);
      expect((await postOneClick(token, 'List-Unsubscribe=One-Click', urlencoded)).status).toBe(200);
      await alice.client.request('DELETE', `/api/alerts/${alert.id}`);
    });
  });
});
