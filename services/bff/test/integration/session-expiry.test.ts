import { Redis } from 'ioredis';
import { testInfraEnv, uniqueName, waitFor } from '@docket/testkit';
import type { RunningBff } from '../../src/app';
import { capturingLogger, startTestBff, testConfig } from './support/harness';
import { BrowserClient } from './support/http-client';

jest.setTimeout(60_000);

describe('session expiry (sliding, in Redis)', () => {
  const { logger } = capturingLogger();
  const password = 'expiry test password';
  const email = `${uniqueName('expiry')}@example.com`;
  let redis: Redis;
  let shortLived: RunningBff;
  let longLived: RunningBff;

  beforeAll(async () => {
    redis = new Redis(testInfraEnv().redisUrl);
    // Two BFFs on one database: sessions expire after 3 s in the first, 60 s in the second. Not 1 s:
    // the CSRF cookie lives as long, and its Expires (whole seconds) could pass on a busy machine
    // between fetching it and signing in, so the client would drop it and sign-in get 403.
    const config = testConfig({ ADMIN_EMAIL: email, ADMIN_PASSWORD: password, SESSION_TTL_SECONDS: '3' });
    shortLived = await startTestBff(config, logger);
    longLived = await startTestBff({ ...config, SESSION_TTL_SECONDS: 60 }, logger);
  });

  afterAll(async () => {
    await Promise.all([shortLived?.stop(), longLived?.stop()]);
    await redis?.quit();
  });

  it('answers 401 once the session has expired', async () => {
    const browser = new BrowserClient(shortLived.url);
    expect((await browser.signIn(email, password)).status).toBe(200);
    const sessionId = browser.cookies.get('drs_session')!;
    expect(await redis.exists(`bff:sess:${sessionId}`)).toBe(1);

    // Wait for Redis to drop the key (checking with EXISTS, which does not slide the expiry).
    await waitFor(async () => (await redis.exists(`bff:sess:${sessionId}`)) === 0, {
      description: 'the session key to expire',
      timeoutMs: 10_000,
    });
    const res = await browser.get('/api/auth/session');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthenticated');
  });

  it('slides the expiry when a request looks the session up (at most once per 1.5 s: SessionUserCache)', async () => {
    const browser = new BrowserClient(longLived.url);
    expect((await browser.signIn(email, password)).status).toBe(200);
    const key = `bff:sess:${browser.cookies.get('drs_session')}`;
    await redis.expire(key, 5);
    expect(await redis.ttl(key)).toBeLessThanOrEqual(5);

    const res = await browser.get('/api/auth/session');
    expect(res.status).toBe(200);
    expect(await redis.ttl(key)).toBeGreaterThan(50);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('drs_session='))).toMatch(/Max-Age=60/);
  });
});
