import { uniqueName } from '@docket/testkit';
import { capturingLogger, startTestBff, testConfig } from './support/harness';
import { BrowserClient } from './support/http-client';

jest.setTimeout(60_000);

const announcements = (lines: Record<string, unknown>[]) =>
  lines.filter((l) => l.msg === 'first administrator created');

describe('first administrator', () => {
  it('without ADMIN_EMAIL: creates admin@docket.local once, logging its one-time password in one line', async () => {
    const config = testConfig();
    const first = capturingLogger();
    const bff = await startTestBff(config, first.logger);
    let otp: string;
    try {
      const lines = announcements(first.lines);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 40, email: 'admin@docket.local', oneTimePassword: expect.any(String) });
      otp = lines[0]!.oneTimePassword as string;
      expect(otp.length).toBeGreaterThanOrEqual(20);

      const browser = new BrowserClient(bff.url);
      const login = await browser.signIn('admin@docket.local', otp);
      expect(login.status).toBe(200);
      expect(login.body.user).toMatchObject({
        role: 'admin',
        mustChangePassword: true,
        organisationName: 'Docket Research',
      });

      // Until the one-time password is replaced, nothing but the password change is open.
      const blocked = await browser.get('/api/users');
      expect(blocked.status).toBe(403);
      expect(blocked.body.error.code).toBe('password_change_required');

      const changed = await browser.post('/api/me/password', {
        currentPassword: otp,
        newPassword: 'my own admin password',
      });
      expect(changed.status).toBe(204);
      expect((await browser.get('/api/auth/session')).body.user.mustChangePassword).toBe(false);
    } finally {
      await bff.stop();
    }

    // A restart on the same database creates nobody and logs nothing.
    const second = capturingLogger();
    const restarted = await startTestBff(config, second.logger);
    try {
      expect(announcements(second.lines)).toHaveLength(0);
      const browser = new BrowserClient(restarted.url);
      expect((await browser.signIn('admin@docket.local', otp)).status).toBe(401);
      expect((await browser.signIn('admin@docket.local', 'my own admin password')).status).toBe(200);
      expect((await browser.get('/api/users')).body.users).toHaveLength(1);
    } finally {
      await restarted.stop();
    }
  });

  it('two BFFs starting at once on an empty database create exactly one administrator', async () => {
    const config = testConfig({ ORG_NAME: 'Race Org' });
    const a = capturingLogger();
    const b = capturingLogger();
    const [one, two] = await Promise.all([startTestBff(config, a.logger), startTestBff(config, b.logger)]);
    try {
      const created = [...announcements(a.lines), ...announcements(b.lines)];
      expect(created).toHaveLength(1);
      const browser = new BrowserClient(two.url);
      const otp = created[0]!.oneTimePassword as string;
      expect((await browser.signIn('admin@docket.local', otp)).status).toBe(200);
      expect(
        (await browser.post('/api/me/password', { currentPassword: otp, newPassword: 'race winner password' })).status,
      ).toBe(204);
      const users = (await browser.get('/api/users')).body.users as { email: string; organisationName: string }[];
      expect(users.map((u) => [u.email, u.organisationName])).toEqual([['admin@docket.local', 'Race Org']]);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
  });

  it('from ADMIN_EMAIL/ADMIN_PASSWORD: creates that administrator (e-mail lower-cased), idempotently', async () => {
    const email = `${uniqueName('Boss')}@Example.COM`;
    const config = testConfig({
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: 'configured admin password',
      ORG_NAME: 'Acme Filings',
    });
    const { logger, lines } = capturingLogger();
    const bff = await startTestBff(config, logger);
    try {
      expect(announcements(lines)).toHaveLength(0); // nothing secret to announce
      const browser = new BrowserClient(bff.url);
      const login = await browser.signIn(email.toLowerCase(), 'configured admin password');
      expect(login.status).toBe(200);
      expect(login.body.user).toMatchObject({
        email: email.toLowerCase(),
        role: 'admin',
        mustChangePassword: false,
        organisationName: 'Acme Filings',
      });
      expect((await browser.signIn('admin@docket.local', 'configured admin password')).status).toBe(401);
    } finally {
      await bff.stop();
    }
    const again = await startTestBff(config, logger);
    try {
      const browser = new BrowserClient(again.url);
      expect((await browser.signIn(email, 'configured admin password')).status).toBe(200);
      expect((await browser.get('/api/users')).body.users).toHaveLength(1);
    } finally {
      await again.stop();
    }
  });

  it('answers 503 when a gRPC service is unreachable, while health stays ok', async () => {
    const config = testConfig(
      { ADMIN_EMAIL: `${uniqueName('ops')}@example.com`, ADMIN_PASSWORD: 'ops admin password' },
      '127.0.0.1:1',
    );
    const { logger } = capturingLogger();
    const bff = await startTestBff(config, logger);
    try {
      const browser = new BrowserClient(bff.url);
      expect((await browser.signIn(config.ADMIN_EMAIL!, 'ops admin password')).status).toBe(200);
      const search = await browser.get('/api/search?q=anything');
      expect([search.status, search.body.error.code]).toEqual([503, 'unavailable']);
      expect((await browser.get('/healthz')).status).toBe(200);
    } finally {
      await bff.stop();
    }
  });
});
