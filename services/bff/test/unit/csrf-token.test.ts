import { createCsrfToken, safeEqual, verifyCsrfToken } from '../../src/http/csrf-token';

describe('CSRF tokens', () => {
  const secret = 's'.repeat(64);

  it('verifies a token for the binding it was issued for', () => {
    const token = createCsrfToken(secret, 'session-a');
    expect(verifyCsrfToken(secret, 'session-a', token)).toBe(true);
  });

  it('rejects a token issued for another session, another secret, or before sign-in', () => {
    const token = createCsrfToken(secret, 'session-a');
    expect(verifyCsrfToken(secret, 'session-b', token)).toBe(false);
    expect(verifyCsrfToken('t'.repeat(64), 'session-a', token)).toBe(false);
    expect(verifyCsrfToken(secret, 'session-a', createCsrfToken(secret, ''))).toBe(false);
  });

  it('rejects tampered or malformed tokens', () => {
    const token = createCsrfToken(secret, '');
    const [nonce, signature] = token.split('.');
    expect(verifyCsrfToken(secret, '', `${nonce}x.${signature}`)).toBe(false);
    expect(verifyCsrfToken(secret, '', `${nonce}.${signature}.extra`)).toBe(false);
    expect(verifyCsrfToken(secret, '', 'garbage')).toBe(false);
    expect(verifyCsrfToken(secret, '', '')).toBe(false);
  });

  it('issues a different token every time', () => {
    expect(createCsrfToken(secret, 'x')).not.toBe(createCsrfToken(secret, 'x'));
  });

  it('compares strings of any length safely', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
