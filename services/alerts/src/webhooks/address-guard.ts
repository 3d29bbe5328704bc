import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { checkAddress, checkPort, parseAddress, type AddressPolicy } from './address-policy';
import { hostOf } from './endpoint-url';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (A and AAAA), as the system resolver answers. */
export type ResolveHost = (host: string) => Promise<ResolvedAddress[]>;

const systemResolve: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** The URL's host resolves to an address the policy refuses. */
export class BlockedAddressError extends Error {
  override readonly name = 'BlockedAddressError';
}

/** The URL's host does not resolve (now): worth trying again later, but not a URL to accept. */
export class UnresolvedHostError extends Error {
  override readonly name = 'UnresolvedHostError';
}

/**
 * The SSRF guard: resolves a URL's host and checks every address it gets against the policy, and the
 * URL's port, at creation and again right before each send. The sender then connects to the address
 * checked here, not to a second resolution of the name, so a DNS answer that changes in between
 * (rebinding) cannot send the request somewhere else. A host with any refused address is refused as
 * a whole. A name's refusal says what kind of address it resolves to, never the address: an internal
 * name (a cluster's "redis") must not tell a user where it lives.
 */
export class AddressGuard {
  constructor(
    private readonly policy: AddressPolicy,
    private readonly resolve: ResolveHost = systemResolve,
  ) {}

  async check(url: URL): Promise<ResolvedAddress> {
    const host = hostOf(url);
    const family = isIP(host);
    const addresses: ResolvedAddress[] =
      family !== 0 ? [{ address: host, family: family === 6 ? 6 : 4 }] : await this.lookup(host);
    if (addresses.length === 0) throw new UnresolvedHostError(`${host} has no address`);
    for (const { address } of addresses) {
      const verdict = checkAddress(address, this.policy);
      if (!verdict.allowed) {
        const why = parseAddress(host) !== null ? verdict.reason : `${host} resolves to ${verdict.kind}`;
        throw new BlockedAddressError(`${why}; webhooks are not sent to private or internal networks`);
      }
    }
    const port = checkPort(url, this.policy);
    if (!port.allowed) throw new BlockedAddressError(port.reason);
    return addresses[0] as ResolvedAddress;
  }

  private async lookup(host: string): Promise<ResolvedAddress[]> {
    try {
      return await this.resolve(host);
    } catch (error) {
      throw new UnresolvedHostError(
        `${host} could not be resolved (${(error as { code?: string }).code ?? (error as Error).message})`,
      );
    }
  }
}
