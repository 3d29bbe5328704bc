import { Redis } from 'ioredis';
import { testInfraEnv, uniqueName, waitFor } from '@docket/testkit';
import type { RunningBff } from '../../src/app';
import { sessionKey } from '../../src/sessions/session.store';
import { FakeAlertService } from './support/alert-service.fake';
import { FakeBackends, processFixture } from './support/fake-services';
import { capturingLogger, startTestBff, testConfig } from './support/harness';
import { BrowserClient, readEventStream, type SseEvent } from './support/http-client';

jest.setTimeout(60_000);

const ADMIN_PASSWORD = 'admin password for tests';
const MEMBER_PASSWORD = 'member password 123';

type Member = { client: BrowserClient; id: string; email: string };

/** An open event stream read in the background: its events so far and whether it has ended. */
interface OpenStream {
  events: SseEvent[];
  ended: () => boolean;
}

function follow(res: Response): OpenStream {
  const events: SseEvent[] = [];
  let ended = false;
  void readEventStream(res, (event) => events.push({ event: event.event, data: event.data }))
    .catch(() => undefined) // a stream cut off counts as ended too
    .finally(() => (ended = true));
  return { events, ended: () => ended };
}

describe('BFF event streams end with their session (sign-out, deactivation, password change, expiry)', () => {
  const { logger } = capturingLogger();
  const fakes = new FakeBackends();
  const alertService = new FakeAlertService();
  const adminEmail = `${uniqueName('admin')}@example.com`;
  const redis = new Redis(testInfraEnv().redisUrl);
  let bff: RunningBff;
  let admin: BrowserClient;

  async function newMember(): Promise<Member> {
    const email = `${uniqueName('member')}@example.com`;
    const created = await admin.post('/api/users', {
      email,
      name: 'A member',
      role: 'member',
      password: MEMBER_PASSWORD,
    });
    expect(created.status).toBe(201);
    return { client: await signedIn(email), id: created.body.user.id, email };
  }

  async function signedIn(email: string): Promise<BrowserClient> {
    const client = new BrowserClient(bff.url);
    expect((await client.signIn(email, MEMBER_PASSWORD)).status).toBe(200);
    return client;
  }

  /** Each kind of stream, opened for `member` in `client`'s session; `cancelled` says the gRPC call behind it ended. */
  const streams: Record<
    string,
    (member: Member, client: BrowserClient) => Promise<{ stream: OpenStream; cancelled: () => boolean }>
  > = {
    notifications: async (member, client) => {
      const res = await client.fetch('GET', '/api/notifications/events');
      expect(res.status).toBe(200);
      const stream = follow(res);
      await waitFor(() => stream.events.some((e) => e.event === 'notifications'), { description: 'the unread count' });
      await waitFor(() => alertService.watchersOf(member.id) === 1, { description: 'the notification watch' });
      return { stream, cancelled: () => alertService.watchersOf(member.id) === 0 };
    },
    process: async (member, client) => {
      const id = uniqueName('p-session');
      fakes.publish(processFixture({ id, ownerId: member.id }));
      const res = await client.fetch('GET', `/api/processes/${id}/events`);
      expect(res.status).toBe(200);
      const stream = follow(res);
      await waitFor(() => fakes.watchers.get(id) === 1, { description: 'the process watch' });
      return { stream, cancelled: () => fakes.watchers.get(id) === 0 };
    },
    question: async (_member, client) => {
      const cancelledBefore = fakes.query.cancelledAsks;
      const res = await client.fetch('POST', '/api/workspaces/ws-session/queries', {
        json: { question: 'hold on while I think' },
        headers: { accept: 'text/event-stream' },
      });
      expect(res.status).toBe(200);
      const stream = follow(res);
      await waitFor(() => stream.events.some((e) => e.event === 'started'), { description: 'the answer to start' });
      return { stream, cancelled: () => fakes.query.cancelledAsks > cancelledBefore };
    },
  };

  /** Each way a session ends, done to `member` whose stream runs in `client`'s session. */
  const endings: Record<string, (member: Member, client: BrowserClient) => Promise<void>> = {
    'signing out': async (_member, client) => {
      expect((await client.post('/api/auth/logout')).status).toBe(204);
    },
    'an administrator deactivating the user': async (member) => {
      expect((await admin.request('PATCH', `/api/users/${member.id}`, { json: { active: false } })).status).toBe(200);
    },
    'a password change in another session': async (member) => {
      const elsewhere = await signedIn(member.email);
      const changed = await elsewhere.post('/api/me/password', {
        currentPassword: MEMBER_PASSWORD,
        newPassword: 'a brand new passphrase for tests',
      });
      expect(changed.status).toBe(204);
    },
  };

  beforeAll(async () => {
    const target = await fakes.start(logger);
    const alertsTarget = await alertService.start(logger);
    const config = testConfig({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD, ALERTS_GRPC: alertsTarget }, target);
    // A heartbeat far away: the streams must end because the session did, not on a write that fails.
    bff = await startTestBff(config, logger, { heartbeatMs: 60_000, sessionSweepMs: 200 });
    admin = new BrowserClient(bff.url);
    expect((await admin.signIn(adminEmail, ADMIN_PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await bff?.stop();
    await Promise.all([fakes.stop(), alertService.stop()]);
    redis.disconnect();
  });

  for (const [kind, open] of Object.entries(streams)) {
    for (const [ending, end] of Object.entries(endings)) {
      it(`ends the ${kind} stream with "session-ended" on ${ending}, and cancels the call behind it`, async () => {
        const member = await newMember();
        fakes.query.addWorkspace('ws-session', 'Session streams', [member.id]);
        const { stream, cancelled } = await open(member, member.client);
        expect(stream.ended()).toBe(false);

        await end(member, member.client);
        await waitFor(() => stream.ended(), { description: `the ${kind} stream to end` });
        expect(stream.events.at(-1)).toEqual({
          event: 'session-ended',
          data: JSON.stringify({ message: 'your session has ended; sign in again' }),
        });
        await waitFor(cancelled, { description: `the gRPC call behind the ${kind} stream to be cancelled` });
      });
    }
  }

  it('keeps the stream of the session that changed the password', async () => {
    const member = await newMember();
    const { stream } = await streams.notifications!(member, member.client);
    const other = await newMember(); // a second stream that must end, so the first has had time to
    const { stream: otherStream } = await streams.notifications!(other, other.client);
    expect(
      (
        await member.client.post('/api/me/password', {
          currentPassword: MEMBER_PASSWORD,
          newPassword: 'another new passphrase here',
        })
      ).status,
    ).toBe(204);
    await endings['signing out']!(other, other.client);
    await waitFor(() => otherStream.ended(), { description: 'the other member’s stream to end' });
    expect(stream.ended()).toBe(false);
    expect(stream.events.map((e) => e.event)).not.toContain('session-ended');
  });

  it('ends a stream whose session disappears from Redis without a word (expiry), within the sweep', async () => {
    const member = await newMember();
    const { stream, cancelled } = await streams.process!(member, member.client);
    const sessionId = member.client.cookies.get('drs_session')!;
    expect(await redis.del(sessionKey(sessionId))).toBe(1);
    await waitFor(() => stream.ended(), { description: 'the stream of the expired session to end' });
    expect(stream.events.at(-1)?.event).toBe('session-ended');
    await waitFor(cancelled, { description: 'the process watch to be cancelled' });
  });
});
