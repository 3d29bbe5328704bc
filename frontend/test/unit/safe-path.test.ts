import { loginPath, safeNextPath } from '../../lib/safe-path';

describe('safeNextPath', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeNextPath('/documents/abc?q=rate')).toBe('/documents/abc?q=rate');
  });

  it('rejects other sites, protocol-relative and backslash tricks', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
    ]) {
      expect(safeNextPath(bad)).toBe('/search');
    }
  });

  it('never sends the user back to the login page', () => {
    expect(safeNextPath('/login?next=/x')).toBe('/search');
  });

  it('uses the first value of a repeated parameter', () => {
    expect(safeNextPath(['/accounts', '/admin'])).toBe('/accounts');
  });
});

describe('loginPath', () => {
  it('encodes where to come back to', () => {
    expect(loginPath('/search?q=rate case')).toBe('/login?next=%2Fsearch%3Fq%3Drate%20case');
    expect(loginPath(null)).toBe('/login');
  });
});
