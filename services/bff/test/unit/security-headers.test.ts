import helmet from 'helmet';
import { headersOf, securityHeaders } from '../../src/http/security-headers';

/** The headers a middleware sets on a fresh response, by lower-case name. */
function headersSetBy(middleware: ReturnType<typeof securityHeaders>): Record<string, string> {
  const set: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => (set[name.toLowerCase()] = value) };
  let nextCalled = false;
  middleware({} as never, res as never, () => (nextCalled = true));
  expect(nextCalled).toBe(true);
  return set;
}

describe('securityHeaders', () => {
  it('sets what helmet decides, once: a CSP allowing nothing, no framing, nosniff, no HSTS over http', () => {
    const headers = headersSetBy(securityHeaders({ hsts: false }));
    expect(headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
    );
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS when cookies are Secure', () => {
    expect(headersSetBy(securityHeaders({ hsts: true }))['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('headersOf records what a middleware sets and leaves out what it removes', () => {
    expect(headersOf(helmet({ contentSecurityPolicy: false, strictTransportSecurity: false }) as never)).toEqual(
      expect.arrayContaining([
        ['X-Frame-Options', 'SAMEORIGIN'],
        ['X-Content-Type-Options', 'nosniff'],
      ]),
    );
    const removing = (
      _req: unknown,
      res: { setHeader(n: string, v: string): void; removeHeader(n: string): void },
      next: () => void,
    ) => {
      res.setHeader('X-One', '1');
      res.setHeader('X-Two', '2');
      res.removeHeader('X-One');
      next();
    };
    expect(headersOf(removing as never)).toEqual([['X-Two', '2']]);
  });
});
