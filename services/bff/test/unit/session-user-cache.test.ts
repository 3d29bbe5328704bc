import { waitFor } from '@docket/testkit';
import type { UserRecord } from '../../src/http/user';
import { SessionUserCache } from '../../src/identity/session-user-cache';

const user = (id: string, role: UserRecord['role'] = 'member'): UserRecord => ({
  id,
  organisationId: 'org',
  email: `${id}@example.com`,
  name: id,
  role,
  active: true,
  passwordHash: 'x',
  mustChangePassword: false,
  createdAt: new Date(0),
});

/** A lookup that counts its calls and answers what `answer` says at the time. */
function countingLookup(answer: () => UserRecord | null) {
  const lookup = jest.fn(async () => answer());
  return lookup;
}

describe('SessionUserCache', () => {
  it('looks a session up once and reuses the user while it is fresh', async () => {
    const cache = new SessionUserCache(60_000);
    const lookup = countingLookup(() => user('u1'));
    expect(await cache.resolve('s1', lookup)).toMatchObject({ id: 'u1' });
    expect(await cache.resolve('s1', lookup)).toMatchObject({ id: 'u1' });
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('shares one lookup between concurrent requests of a session', async () => {
    const cache = new SessionUserCache(60_000);
    const lookup = countingLookup(() => user('u1'));
    const answers = await Promise.all([
      cache.resolve('s1', lookup),
      cache.resolve('s1', lookup),
      cache.resolve('s1', lookup),
    ]);
    expect(answers.map((a) => a?.id)).toEqual(['u1', 'u1', 'u1']);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('does not keep a missing session, so the next request looks again', async () => {
    const cache = new SessionUserCache(60_000);
    const lookup = countingLookup(() => null);
    expect(await cache.resolve('gone', lookup)).toBeNull();
    expect(await cache.resolve('gone', lookup)).toBeNull();
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('looks again once the entry is older than its time to live', async () => {
    const cache = new SessionUserCache(1);
    const lookup = countingLookup(() => user('u1'));
    await cache.resolve('s1', lookup);
    await waitFor(
      async () => {
        await cache.resolve('s1', lookup);
        return lookup.mock.calls.length > 1;
      },
      { description: 'a second lookup after 1 ms', timeoutMs: 5_000 },
    );
  });

  it('forgets a signed-out session and every session of a changed user at once', async () => {
    const cache = new SessionUserCache(60_000);
    let role: UserRecord['role'] = 'admin';
    const lookup = countingLookup(() => user('u1', role));
    const other = countingLookup(() => user('u2'));
    await cache.resolve('a', lookup);
    await cache.resolve('b', lookup);
    await cache.resolve('c', other);

    role = 'member';
    cache.forgetUser('u1');
    expect((await cache.resolve('a', lookup))?.role).toBe('member');
    expect((await cache.resolve('b', lookup))?.role).toBe('member');
    expect(lookup).toHaveBeenCalledTimes(4);
    await cache.resolve('c', other);
    expect(other).toHaveBeenCalledTimes(1);

    cache.forgetSession('a');
    await cache.resolve('a', lookup);
    expect(lookup).toHaveBeenCalledTimes(5);
  });

  it('does not keep what a lookup read before a forget (it may be the old record)', async () => {
    const cache = new SessionUserCache(60_000);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = jest.fn(async () => {
      await gate;
      return user('u1', 'admin');
    });
    const pending = cache.resolve('a', slow);
    cache.forgetUser('u1'); // e.g. demoted while the lookup was reading
    release();
    expect((await pending)?.role).toBe('admin'); // answers its own request
    const fresh = countingLookup(() => user('u1', 'member'));
    expect((await cache.resolve('a', fresh))?.role).toBe('member');
    expect(fresh).toHaveBeenCalledTimes(1);
  });
});
