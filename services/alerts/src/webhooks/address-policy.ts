import ipaddr from 'ipaddr.js';

/**
 * Which network addresses a webhook may be sent to. By default only global unicast addresses:
 * a user's endpoint URL must not reach into the service's own network (loopback, private ranges,
 * link-local — where cloud metadata services live —, unique-local, CGNAT, multicast, reserved, and
 * IPv6 forms that embed an IPv4 address such as NAT64 or 6to4). Operators (and tests) can open
 * every private range, or only some addresses or CIDR ranges.
 */
export interface AddressPolicy {
  allowPrivate: boolean;
  /** Addresses or CIDR ranges allowed whatever their kind, e.g. 127.0.0.1/32 for a local receiver. */
  allowed: string[];
}

/** `reason` says why in a sentence ("10.0.0.1 is a private network address"); `kind` is its end ("a private network address"). */
export type AddressVerdict = { allowed: true } | { allowed: false; reason: string; kind: string };

/** ipaddr.js range names, in words for the error a user sees. */
const RANGE_WORDS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  linkLocal: 'a link-local address (where cloud metadata services answer)',
  uniqueLocal: 'a unique-local (private) IPv6 address',
  carrierGradeNat: 'a carrier-grade NAT (shared) address',
  unspecified: 'the unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
  rfc6052: 'a NAT64 address (it embeds an IPv4 address)',
  rfc6145: 'an IPv4-translated address',
  '6to4': 'a 6to4 address (it embeds an IPv4 address)',
  teredo: 'a Teredo address (it embeds an IPv4 address)',
};

/** Parses an address as given by DNS or a URL's host ([…] brackets allowed); null when it is not one. */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(bare)) return null;
  // process() turns an IPv4-mapped IPv6 address (::ffff:127.0.0.1) into the IPv4 address it carries.
  return ipaddr.process(bare);
}

/** Whether the policy lets a webhook connect to this (already resolved) address, and if not why. */
export function checkAddress(address: string, policy: AddressPolicy): AddressVerdict {
  const parsed = parseAddress(address);
  if (!parsed) return { allowed: false, reason: `${JSON.stringify(address)} is not an IP address`, kind: 'not an IP address' };
  const range = parsed.range();
  if (range === 'unicast' || policy.allowPrivate) return { allowed: true };
  if (policy.allowed.some((entry) => inEntry(parsed, entry))) return { allowed: true };
  const kind = RANGE_WORDS[range] ?? `not a public address (${range})`;
  return { allowed: false, reason: `${parsed.toString()} is ${kind}`, kind };
}

/** Checks the allow-list's entries once, at start (configuration errors name the bad entry). */
export function checkAllowList(entries: string[]): string[] {
  return entries.filter((entry) => parseEntry(entry) === null);
}

function inEntry(address: ipaddr.IPv4 | ipaddr.IPv6, entry: string): boolean {
  const range = parseEntry(entry);
  if (!range) return false;
  const [network, bits] = range;
  if (network.kind() !== address.kind()) return false;
  return address.match(network as never, bits);
}

function parseEntry(entry: string): [ipaddr.IPv4 | ipaddr.IPv6, number] | null {
  try {
    // An IPv4 range is written as such (10.0.0.0/8): addresses are compared after IPv4-mapped forms are unwrapped.
    if (entry.includes('/')) return ipaddr.parseCIDR(entry);
    const address = parseAddress(entry);
    return address ? [address, address.kind() === 'ipv4' ? 32 : 128] : null;
  } catch {
    return null;
  }
}
