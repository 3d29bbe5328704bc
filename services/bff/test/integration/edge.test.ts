import { uniqueName } from '@docket/testkit';
import type { RunningBff } from '../../src/app';
import { FakeBackends } from './support/fake-services';
import { capturingLogger, startTestBff, testConfig } from './support/harness';
import { BrowserClient } from './support/http-client';
import { AddressedBrowser } from './support/raw-http';

jest.setTimeout(60_000);

const ADMIN_PASSWORD = 'admin password for edge tests';
const PROXY_ADDRESS = '127.0.0.8';

// The edge: whose address the BFF believes, throttling per account, CSRF before sign-in, headers.
// "Other machines" are other loopback addresses (127.0.0.2, …) the test connects from.
describe('BFF edge (real HTTP, Redis, Mongo stand-in)', () => {
  const { logger, lines } = capturingLogger();
  const fakes = new FakeBackends();
  const adminEmail = `${uniqueName('admin')}@example.com`;
  // The BFF as shipped: TRUST_PROXY unset, default throttle limits
  // (except spraying, shared by every suite on 127.0.0.1).
  let plain: RunningBff;
  // Behind the frontend's proxy, which connects from its own address (TRUST_PROXY=127.0.0.8),
  // with a small per-account ceiling.
  let proxied: RunningBff;
  let admin: BrowserClient;

  async function newMember(password = 'member password 123'): Promise<{ id: string; email: string; password: string }> {
    const email = `${uniqueName('member')}@example.com`;
    const created = await admin.post('/api/users', { email, name: 'Member', role: 'member', password });
    expect(created.status).toBe(201);
    return { id: created.body.user.id, email, password };
  }

  beforeAll(async () => {
    const target = await fakes.start(logger);
    const config = testConfig({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD }, target);
    plain = await startTestBff(config, logger, { signInThrottle: { maxFailuresPerIp: 10_000 } });
    // Same database: the same accounts.
    proxied = await startTestBff({ ...config, TRUST_PROXY: [PROXY_ADDRESS] }, logger, {
      signInThrottle: { maxFailuresPerIp: 10_000, maxFailuresPerEmailAndIp: 3, maxFailuresPerAccount: 6 },
    });
    admin = new BrowserClient(plain.url);
    expect((await admin.signIn(adminEmail, ADMIN_PASSWORD)).status).toBe(200);
  });

  afterAll(async () => {
    await Promise.all([plain?.stop(), proxied?.stop()]);
    await fakes.stop();
  });

  describe('client address and sign-in throttling', () => {
    it('answers 429 to the probe: 12 wrong passwords, each with a made-up X-Forwarded-For, from one host', async () => {
      const { email } = await newMember();
      const attacker = new AddressedBrowser(plain.url, '127.0.0.2');
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        statuses.push(
          (await attacker.signIn(email, `wrong password ${i}`, { 'x-forwarded-for': `198.51.100.${i + 1}` })).status,
        );
      }
      // Default limit: 5 failures per account and address, then refused.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
      const refused = lines.filter((l) => l.msg === 'sign-in refused' && l.email === email).map((l) => l.ip);
      expect(new Set(refused)).toEqual(new Set(['127.0.0.2']));
    });

    it("cannot lock a victim out by naming the victim's address in X-Forwarded-For", async () => {
      const { email, password } = await newMember();
      const attacker = new AddressedBrowser(plain.url, '127.0.0.3');
      for (let i = 0; i < 6; i++)
        await attacker.signIn(email, `wrong password ${i}`, { 'x-forwarded-for': '127.0.0.4' });
      expect((await attacker.signIn(email, password)).status).toBe(429);
      const victim = new AddressedBrowser(plain.url, '127.0.0.4');
      expect((await victim.signIn(email, password)).status).toBe(200);
    });

    it('behind a configured proxy, trusts its X-Forwarded-For: limits per address and per account', async () => {
      const { email, password } = await newMember();
      // The victim signs in once from their usual browser: that browser is now trusted for the account.
      const victim = new AddressedBrowser(proxied.url, PROXY_ADDRESS);
      expect((await victim.signIn(email, password, { 'x-forwarded-for': '203.0.113.10' })).status).toBe(200);
      expect(
        (await victim.request('POST', '/api/auth/logout', undefined, { 'x-forwarded-for': '203.0.113.10' })).status,
      ).toBe(204);

      // One address: refused after 3 failures (per account + address).
      const here = new AddressedBrowser(proxied.url, PROXY_ADDRESS);
      const fromOnePlace = [];
      for (let i = 0; i < 4; i++)
        fromOnePlace.push((await here.signIn(email, `wrong ${i}`, { 'x-forwarded-for': '198.51.100.7' })).status);
      expect(fromOnePlace).toEqual([401, 401, 401, 429]);
      expect(lines.some((l) => l.msg === 'sign-in refused' && l.email === email && l.ip === '198.51.100.7')).toBe(true);

      // Rotating addresses: the account's ceiling (6 failures in all) stops the guesser, even with the right password.
      const rotating = new AddressedBrowser(proxied.url, PROXY_ADDRESS);
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          (await rotating.signIn(email, `wrong again ${i}`, { 'x-forwarded-for': `192.0.2.${i + 1}` })).status,
        );
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      expect((await rotating.signIn(email, password, { 'x-forwarded-for': '192.0.2.99' })).status).toBe(429);

      // …but the guesser has not locked the owner out: the browser that signed in before still may.
      expect((await victim.signIn(email, password, { 'x-forwarded-for': '203.0.113.10' })).status).toBe(200);
    });

    it('behind a configured proxy, trusts no other local process: other loopback X-Forwarded-For ignored', async () => {
      const { email } = await newMember();
      const neighbour = new AddressedBrowser(proxied.url, '127.0.0.1');
      expect((await neighbour.signIn(email, 'wrong password', { 'x-forwarded-for': '198.51.100.99' })).status).toBe(
        401,
      );
      const refused = lines.filter((l) => l.msg === 'sign-in refused' && l.email === email).map((l) => l.ip);
      expect(refused).toEqual(['127.0.0.1']);
    });
  });

  describe('password change', () => {
    it('throttles the current-password check as sign-in: 429 after 5 wrong ones, even for the right one', async () => {
      const { email, password } = await newMember();
      const member = new AddressedBrowser(plain.url, '127.0.0.5');
      expect((await member.signIn(email, password)).status).toBe(200);
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        statuses.push(
          (
            await member.request('POST', '/api/me/password', {
              currentPassword: `guess ${i}`,
              newPassword: 'a brand new password',
            })
          ).status,
        );
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      const refused = await member.request('POST', '/api/me/password', {
        currentPassword: password,
        newPassword: 'a brand new password',
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().error.code).toBe('too_many_requests');
    });
  });

  describe('CSRF before sign-in', () => {
    it('binds the token to the browser: a token issued to one anonymous client fails for another', async () => {
      const { email, password } = await newMember();
      const first = new BrowserClient(plain.url);
      const issued = await first.get('/api/auth/csrf');
      const browserCookie = issued.headers.getSetCookie().find((c) => c.startsWith('drs_browser='))!;
      expect(browserCookie).toMatch(/HttpOnly/);
      expect(browserCookie).toMatch(/SameSite=Lax/);
      const token = first.cookies.get('drs_csrf')!;

      // Another browser with the token (cookie and header), with its own browser id or none at all.
      const other = new BrowserClient(plain.url);
      await other.get('/api/auth/csrf');
      other.cookies.set('drs_csrf', token);
      expect((await other.post('/api/auth/login', { email, password })).body.error.code).toBe('csrf_failed');
      const bare = new BrowserClient(plain.url);
      bare.cookies.set('drs_csrf', token);
      expect((await bare.post('/api/auth/login', { email, password })).body.error.code).toBe('csrf_failed');

      // The browser it was issued to signs in; after signing out it gets a token bound to itself again.
      expect((await first.post('/api/auth/login', { email, password })).status).toBe(200);
      expect((await first.post('/api/auth/logout')).status).toBe(204);
      expect((await first.post('/api/auth/login', { email, password })).status).toBe(200);
    });
  });

  describe('headers', () => {
    it('API responses: a CSP allowing nothing, no framing, nosniff, a Referrer-Policy; no HSTS over http', async () => {
      for (const path of ['/api/auth/csrf', '/api/auth/session', '/api/no-such-route', '/healthz']) {
        const res = await new BrowserClient(plain.url).get(path);
        const csp = res.headers.get('content-security-policy') ?? '';
        expect([path, csp]).toEqual([path, expect.stringContaining("default-src 'none'")]);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(res.headers.get('strict-transport-security')).toBeNull();
        expect(res.headers.get('x-powered-by')).toBeNull();
      }
    });

    it('adds HSTS when cookies are Secure (the app is served over HTTPS)', async () => {
      const secure = await startTestBff(testConfig({ COOKIE_SECURE: 'true' }, '127.0.0.1:1'), logger);
      try {
        const res = await new BrowserClient(secure.url).get('/api/auth/csrf');
        expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      } finally {
        await secure.stop();
      }
    });
  });
});
