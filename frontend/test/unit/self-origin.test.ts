import { selfOrigin } from '@/lib/self-origin';

describe('selfOrigin', () => {
  it('reaches the server on loopback when it listens on every address or on loopback', () => {
    expect(selfOrigin({})).toBe('http://127.0.0.1:3000');
    expect(selfOrigin({ HOST: '0.0.0.0', PORT: '8080' })).toBe('http://127.0.0.1:8080');
    expect(selfOrigin({ HOST: 'localhost', PORT: '3310' })).toBe('http://127.0.0.1:3310');
  });

  it('uses the one address it was told to listen on, IPv6 in brackets', () => {
    expect(selfOrigin({ HOST: '10.1.2.3', PORT: '3000' })).toBe('http://10.1.2.3:3000');
    expect(selfOrigin({ HOST: 'fd00::5', PORT: '3000' })).toBe('http://[fd00::5]:3000');
  });
});
