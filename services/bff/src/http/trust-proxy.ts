import proxyAddr from 'proxy-addr';

/** express "trust proxy": nobody, a number of hops, or addresses / subnets / loopback, linklocal, uniquelocal. */
export type TrustProxy = false | number | string[];

/**
 * Parses TRUST_PROXY. Empty or `false` trusts nobody: the client address is the socket's. `true`
 * (believe any X-Forwarded-For) is refused: whoever connects could then name any address.
 */
export function parseTrustProxy(raw: string): { ok: true; value: TrustProxy } | { ok: false; message: string } {
  const text = raw.trim();
  if (text === '' || text === 'false') return { ok: true, value: false };
  if (text === 'true')
    return {
      ok: false,
      message:
        "true would believe anyone's X-Forwarded-For; name the proxies (e.g. loopback, 10.0.0.0/8) or a hop count",
    };
  if (/^\d+$/.test(text)) return { ok: true, value: Number(text) };
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  try {
    proxyAddr.compile(entries); // the parser express itself uses: throws on an address it cannot read
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  return { ok: true, value: entries };
}
