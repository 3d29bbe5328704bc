import { z } from '@docket/config';
import {
  AddressGuard,
  BlockedAddressError,
  UnresolvedHostError,
  type ResolveHost,
} from '../../src/webhooks/address-guard';
import { checkAddress, checkAllowList, checkPort, type AddressPolicy } from '../../src/webhooks/address-policy';
import { parseEndpointUrl } from '../../src/webhooks/endpoint-url';
import { webhookEnv } from '../../src/webhooks/webhook.config';

const strict: AddressPolicy = { allowPrivate: false, allowed: [], allowedPorts: [] };

describe("checkAddress (the SSRF guard's classification)", () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private network'],
    ['172.16.0.1', 'private network'],
    ['192.168.1.1', 'private network'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['100.100.100.200', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['64:ff9b::a00:1', 'NAT64'],
    ['64:ff9b:1::a00:1', 'NAT64'],
    ['2002:a00:1::1', '6to4'],
    ['2002:a9fe:a9fe::1', '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['::ffff:0:a00:1', 'IPv4-translated'],
    // The IPv4-compatible form (::/96), as DNS or the URL parser writes it: each one embeds an IPv4 address.
    ['::7f00:1', 'IPv4-compatible IPv6 address (it embeds 127.0.0.1)'],
    ['::127.0.0.1', 'IPv4-compatible IPv6 address (it embeds 127.0.0.1)'],
    ['::a9fe:a9fe', 'IPv4-compatible IPv6 address (it embeds 169.254.169.254)'],
    ['0:0:0:0:0:0:10.0.0.1', 'IPv4-compatible IPv6 address (it embeds 10.0.0.1)'],
    ['::8.8.8.8', 'IPv4-compatible'],
    ['100::1', 'discard'],
    ['fec0::1', 'site-local'],
    ['4000::1', 'not a global unicast IPv6 address'],
    ['fe80::1%eth0', 'not an IP address'],
  ])('refuses %s (%s)', (address, words) => {
    const verdict = checkAddress(address, strict);
    expect(verdict.allowed).toBe(false);
    expect(verdict.allowed === false && verdict.reason).toContain(words);
  });

  it.each(['8.8.8.8', '93.184.215.14', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'accepts the public address %s',
    (address) => {
      expect(checkAddress(address, strict)).toEqual({ allowed: true });
    },
  );

  it('refuses what is not an address', () => {
    expect(checkAddress('localhost', strict).allowed).toBe(false);
  });

  it('lets configuration open every private range, or only listed addresses and ranges', () => {
    expect(checkAddress('10.0.0.5', { allowPrivate: true, allowed: [], allowedPorts: [] })).toEqual({ allowed: true });
    const loopbackOnly: AddressPolicy = { allowPrivate: false, allowed: ['127.0.0.0/8', '::1'], allowedPorts: [] };
    expect(checkAddress('127.0.0.1', loopbackOnly)).toEqual({ allowed: true });
    expect(checkAddress('::ffff:127.0.0.1', loopbackOnly)).toEqual({ allowed: true });
    expect(checkAddress('::1', loopbackOnly)).toEqual({ allowed: true });
    expect(checkAddress('10.0.0.1', loopbackOnly).allowed).toBe(false);
    expect(checkAddress('169.254.169.254', loopbackOnly).allowed).toBe(false);
    // An IPv4 range does not open the IPv4-compatible IPv6 form of its addresses.
    expect(checkAddress('::7f00:1', loopbackOnly).allowed).toBe(false);
  });

  it('names the allow-list entries that are not addresses or ranges', () => {
    expect(checkAllowList(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', 'localhost', '10.0.0.0/99'])).toEqual([
      'localhost',
      '10.0.0.0/99',
    ]);
  });
});

describe('AddressGuard', () => {
  const resolver =
    (table: Record<string, string[]>): ResolveHost =>
    async (host) => {
      const addresses = table[host];
      if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  const guard = new AddressGuard(
    strict,
    resolver({
      'hooks.example.com': ['93.184.215.14'],
      'internal.example.com': ['10.0.0.7'],
      'mixed.example.com': ['93.184.215.14', '127.0.0.1'],
      'v6.example.com': ['2606:4700:4700::1111'],
      'compat.example.com': ['::a9fe:a9fe'],
    }),
  );

  it('returns the checked address to connect to', async () => {
    await expect(guard.check(new URL('https://hooks.example.com/in'))).resolves.toEqual({
      address: '93.184.215.14',
      family: 4,
    });
    await expect(guard.check(new URL('https://v6.example.com/in'))).resolves.toEqual({
      address: '2606:4700:4700::1111',
      family: 6,
    });
  });

  it('refuses a name that resolves to a private address, or to any private address among public ones', async () => {
    await expect(guard.check(new URL('https://internal.example.com/'))).rejects.toThrow(
      new BlockedAddressError(
        'internal.example.com resolves to a private network address; ' +
          'webhooks are not sent to private or internal networks',
      ),
    );
    await expect(guard.check(new URL('https://mixed.example.com/'))).rejects.toThrow(/resolves to a loopback address/);
    await expect(guard.check(new URL('https://compat.example.com/'))).rejects.toThrow(
      /resolves to an IPv4-compatible IPv6 address/,
    );
  });

  it('never says which address an internal name resolves to', async () => {
    const error = await guard.check(new URL('https://internal.example.com/')).catch((e: unknown) => e);
    expect((error as Error).message).not.toContain('10.0.0.7');
  });

  it.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
    ['http://[::1]:8080/', 'loopback'],
    ['http://[::ffff:7f00:1]/', 'loopback'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://[fd00:ec2::254]/', 'unique-local'],
    ['http://[::127.0.0.1]/', 'IPv4-compatible IPv6 address (it embeds 127.0.0.1)'],
    ['http://[::7f00:1]/', 'IPv4-compatible IPv6 address (it embeds 127.0.0.1)'],
    ['http://[::a9fe:a9fe]/latest/meta-data/', 'IPv4-compatible IPv6 address (it embeds 169.254.169.254)'],
    ['http://[::ffff:a9fe:a9fe]/', 'link-local'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'NAT64'],
    ['http://[2002:7f00:1::1]/', '6to4'],
    ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', 'Teredo'],
  ])('refuses the literal address in %s without asking DNS (%s)', async (url, words) => {
    await expect(guard.check(parseEndpointUrl(url))).rejects.toThrow(words);
  });

  it('allows ports 80 and 443 and the configured ones, on every host, and says which when it refuses one', async () => {
    const publicHost = { address: '93.184.215.14' };
    await expect(guard.check(new URL('http://hooks.example.com/'))).resolves.toMatchObject(publicHost);
    await expect(guard.check(new URL('https://hooks.example.com:443/'))).resolves.toMatchObject(publicHost);
    await expect(guard.check(new URL('http://hooks.example.com:443/'))).resolves.toMatchObject(publicHost);
    await expect(guard.check(new URL('https://hooks.example.com:8443/'))).rejects.toThrow(
      new BlockedAddressError('port 8443 is not allowed: webhooks are sent to ports 80 and 443 only'),
    );
    await expect(guard.check(new URL('http://8.8.8.8:22/'))).rejects.toThrow('port 22 is not allowed');
    await expect(guard.check(new URL('http://[2606:4700:4700::1111]:6379/'))).rejects.toThrow(
      'port 6379 is not allowed',
    );

    const more: AddressPolicy = { ...strict, allowedPorts: [8443, 9000] };
    const withMore = new AddressGuard(more, resolver({ 'hooks.example.com': ['93.184.215.14'] }));
    await expect(withMore.check(new URL('https://hooks.example.com:8443/'))).resolves.toMatchObject(publicHost);
    await expect(withMore.check(new URL('https://hooks.example.com:9001/'))).rejects.toThrow(
      'port 9001 is not allowed: webhooks are sent to ports 80, 443, 8443 and 9000 only',
    );
  });

  it('checks the address before the port: an internal address is refused as such on any port', async () => {
    await expect(guard.check(new URL('http://127.0.0.1:9/'))).rejects.toThrow('loopback');
  });

  it('says when a host does not resolve', async () => {
    await expect(guard.check(new URL('https://nowhere.example.com/'))).rejects.toBeInstanceOf(UnresolvedHostError);
  });
});

describe('parseEndpointUrl', () => {
  it.each([
    ['', 'must not be empty'],
    ['hooks.example.com/in', 'is not an absolute URL'],
    ['ftp://hooks.example.com/', 'must use http or https, not ftp'],
    ['https://user:pw@hooks.example.com/', 'must not contain a user name or password'],
    [`https://hooks.example.com/${'a'.repeat(2_100)}`, 'must be at most 2048 characters'],
  ])('refuses %j naming url', (raw, message) => {
    let caught: unknown;
    try {
      parseEndpointUrl(raw);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({
      kind: 'input',
      issues: [{ path: 'url', message: expect.stringContaining(message) }],
    });
  });

  it('keeps a good URL as the parser normalised it', () => {
    expect(parseEndpointUrl(' https://Hooks.Example.com:8443/in?x=1 ').toString()).toBe(
      'https://hooks.example.com:8443/in?x=1',
    );
  });
});

describe('checkPort', () => {
  it.each([
    ['http://h.example/', true],
    ['https://h.example/', true],
    ['https://h.example:80/', true],
    ['http://h.example:8080/', false],
    ['https://h.example:1/', false],
  ])('%s is allowed: %s', (url, allowed) => {
    expect(checkPort(new URL(url), strict).allowed).toBe(allowed);
  });
});

describe('webhook configuration', () => {
  const schema = z.object(webhookEnv);

  it('refuses private addresses by default and reads an allow-list of addresses and ranges', () => {
    expect(schema.parse({})).toMatchObject({
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: false,
      WEBHOOK_ALLOWED_ADDRESSES: [],
      WEBHOOK_ALLOWED_PORTS: [],
      WEBHOOK_ENDPOINTS_MAX_PER_USER: 10,
      WEBHOOK_TIMEOUT_MS: 10_000,
    });
    expect(
      schema.parse({ WEBHOOK_ALLOWED_ADDRESSES: '127.0.0.0/8, ::1', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' }),
    ).toMatchObject({ WEBHOOK_ALLOWED_ADDRESSES: ['127.0.0.0/8', '::1'], WEBHOOK_ALLOW_PRIVATE_ADDRESSES: true });
  });

  it('stops on an allow-list entry that is not an address or range', () => {
    const result = schema.safeParse({ WEBHOOK_ALLOWED_ADDRESSES: '10.0.0.0/8,intranet' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['WEBHOOK_ALLOWED_ADDRESSES'],
      message: expect.stringContaining('IP address or CIDR range'),
    });
  });

  it('reads the extra ports, and stops on an entry that is not a port, naming it', () => {
    const parsed = schema.parse({ WEBHOOK_ALLOWED_PORTS: '8443, 9000' });
    expect(parsed.WEBHOOK_ALLOWED_PORTS).toEqual([8443, 9000]);
    const result = schema.safeParse({ WEBHOOK_ALLOWED_PORTS: '8443,0,https,70000' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['WEBHOOK_ALLOWED_PORTS'],
      message: 'every entry must be a port number from 1 to 65535, not 0, https, 70000',
    });
  });
});
