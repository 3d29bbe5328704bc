import { bffEnvSchema } from '../../src/config';

const base = { MONGO_URL: 'mongodb://127.0.0.1:27027', REDIS_URL: 'redis://127.0.0.1:16379' };

describe('BFF config', () => {
  it('applies the documented defaults', () => {
    const config = bffEnvSchema.parse(base);
    expect(config).toMatchObject({
      PORT: 4000,
      MONGO_DB: 'bff',
      DOCUMENTS_GRPC: '127.0.0.1:50051',
      QUERY_ENGINE_GRPC: '127.0.0.1:50052',
      EXPORT_GRPC: '127.0.0.1:50054',
      SESSION_TTL_SECONDS: 28_800,
      ORG_NAME: 'Docket Research',
      COOKIE_SECURE: false,
      sessionSecretIsDevDefault: true,
    });
  });

  it('trusts no proxy unless TRUST_PROXY names some, and refuses to trust everyone', () => {
    expect(bffEnvSchema.parse(base).TRUST_PROXY).toBe(false);
    expect(bffEnvSchema.parse({ ...base, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(bffEnvSchema.parse({ ...base, TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    expect(bffEnvSchema.parse({ ...base, TRUST_PROXY: ' 10.0.0.0/8, ::1 ' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '::1',
    ]);
    expect(bffEnvSchema.parse({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    for (const bad of ['true', 'not-an-address', '10.0.0.0/99']) {
      const result = bffEnvSchema.safeParse({ ...base, TRUST_PROXY: bad });
      expect([bad, result.error?.issues.map((i) => i.path.join('.'))]).toEqual([bad, ['TRUST_PROXY']]);
    }
  });

  it('derives a stable development secret when SESSION_SECRET is unset', () => {
    const first = bffEnvSchema.parse(base).SESSION_SECRET;
    expect(first).toHaveLength(64);
    expect(bffEnvSchema.parse(base).SESSION_SECRET).toBe(first);
  });

  it('requires SESSION_SECRET in production and turns Secure cookies on there', () => {
    const missing = bffEnvSchema.safeParse({ ...base, NODE_ENV: 'production' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toContain('SESSION_SECRET');

    const ok = bffEnvSchema.parse({ ...base, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) });
    expect(ok.COOKIE_SECURE).toBe(true);
    expect(ok.sessionSecretIsDevDefault).toBe(false);
  });

  it('lets COOKIE_SECURE override the default either way', () => {
    expect(bffEnvSchema.parse({ ...base, COOKIE_SECURE: 'true' }).COOKIE_SECURE).toBe(true);
    expect(
      bffEnvSchema.parse({ ...base, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), COOKIE_SECURE: 'false' })
        .COOKIE_SECURE,
    ).toBe(false);
  });

  it('lists every problem at once', () => {
    const result = bffEnvSchema.safeParse({
      MONGO_URL: 'http://nope',
      SESSION_TTL_SECONDS: 'soon',
      ADMIN_PASSWORD: 'short',
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['MONGO_URL', 'REDIS_URL', 'SESSION_TTL_SECONDS', 'ADMIN_PASSWORD']));
  });
});
