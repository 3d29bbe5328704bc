import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent. By default only global unicast addresses: a user's endpoint URL must
 * not reach into the service's own network (loopback, private ranges, link-local — where cloud
 * metadata services live —, unique-local, CGNAT, multicast, reserved, and IPv6 forms that embed an
 * IPv4 address: IPv4-compatible, NAT64, 6to4, Teredo), and only ports 80 and 443 unless more are
 * configured (any port would make the service a port scanner of other people's hosts). Operators
 * (and tests) can open every private range, or only some addresses or CIDR ranges.
 */
export interface AddressPolicy {
  allowPrivate: boolean;
  /** Addresses or CIDR ranges allowed whatever their kind, e.g. 127.0.0.1/32 for a local receiver. */
  allowed: string[];
  /** Ports allowed besides 80 and 443. */
  allowedPorts: number[];
}

/** Always allowed: the ports of http and https. */
export const WEBHOOK_PORTS = [80, 443] as const;

/**
 * `reason` says why in a sentence ("10.0.0.1 is a private network address");
 * `kind` is its end ("a private network address").
 */
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
  discard: 'a discard-only address',
  deprecatedSiteLocal: 'a site-local (private) IPv6 address',
  rfc6145: 'an IPv4-translated address',
  '6to4': 'a 6to4 address (it embeds an IPv4 address)',
  teredo: 'a Teredo address (it embeds an IPv4 address)',
};

/** Parses an address as given by DNS or a URL's host ([…] brackets allowed); null when it is not one. */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(bare)) return null;
  const canonical = bare.includes(':') ? canonicalIPv6(bare) : bare;
  if (canonical === null) return null;
  // process() turns an IPv4-mapped IPv6 address (::ffff:127.0.0.1) into the IPv4 address it carries.
  return ipaddr.process(canonical);
}

/**
 * An IPv6 address as the WHATWG URL parser writes it (hex groups, no dotted tail). ipaddr.js reads a
 * dotted tail after "::" (::127.0.0.1, the IPv4-compatible form) as IPv4-mapped, which would hide
 * that form from the check; the URL parser keeps it apart (::7f00:1). Null for what it refuses
 * (a zone id, for instance).
 */
function canonicalIPv6(text: string): string | null {
  try {
    return new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/** Whether the policy lets a webhook connect to this (already resolved) address, and if not why. */
export function checkAddress(address: string, policy: AddressPolicy): AddressVerdict {
  const parsed = parseAddress(address);
  if (!parsed) {
    return { allowed: false, reason: `${JSON.stringify(address)} is not an IP address`, kind: 'not an IP address' };
  }
  if (policy.allowPrivate) return { allowed: true };
  if (policy.allowed.some((entry) => inEntry(parsed, entry))) return { allowed: true };
  const kind = refusedKind(parsed);
  return kind === null ? { allowed: true } : { allowed: false, reason: `${parsed.toString()} is ${kind}`, kind };
}

/** Why an address is not a public one (in words), or null when it is. */
function refusedKind(address: ipaddr.IPv4 | ipaddr.IPv6): string | null {
  const range = address.range();
  if (address.kind() === 'ipv6') {
    const parts = (address as ipaddr.IPv6).parts;
    // ::/96 but :: and ::1: the deprecated IPv4-compatible form (::a9fe:a9fe is 169.254.169.254).
    if (range === 'unicast' && parts.slice(0, 6).every((part) => part === 0)) {
      const embedded = ipaddr.fromByteArray(address.toByteArray().slice(12)).toString();
      return `an IPv4-compatible IPv6 address (it embeds ${embedded})`;
    }
    // Everything outside 2000::/3 is reserved by IANA, whatever ipaddr.js knows of it yet.
    const global = ((parts[0] ?? 0) & 0xe000) === 0x2000;
    if (range === 'unicast' && !global) return 'not a global unicast IPv6 address (2000::/3)';
  }
  if (range === 'unicast') return null;
  return RANGE_WORDS[range] ?? `not a public address (${range})`;
}

/** Whether the URL's port is one webhooks may use, and if not why. */
export function checkPort(url: URL, policy: AddressPolicy): { allowed: true } | { allowed: false; reason: string } {
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  const allowed = [...new Set<number>([...WEBHOOK_PORTS, ...policy.allowedPorts])];
  if (allowed.includes(port)) return { allowed: true };
  const list = `${allowed.slice(0, -1).join(', ')} and ${allowed.at(-1)}`;
  return { allowed: false, reason: `port ${port} is not allowed: webhooks are sent to ports ${list} only` };
}

/** The configured extra ports that are not port numbers (configuration errors name them). */
export function checkPortList(entries: string[]): string[] {
  return entries.filter((entry) => !/^\d{1,5}$/.test(entry) || Number(entry) < 1 || Number(entry) > 65_535);
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
