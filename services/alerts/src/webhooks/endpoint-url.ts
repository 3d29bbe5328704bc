import { InputError } from '@docket/errors';

export const MAX_ENDPOINT_URL_LENGTH = 2_048;

/**
 * Parses a webhook endpoint URL as a user typed it: absolute http(s), no user name or password (they
 * would be sent in clear to every log that prints the URL; a receiver authenticates the sender by the
 * signature). The WHATWG parser already writes numeric hosts in their one canonical form
 * (http://2130706433/ and http://0177.0.0.1/ are both 127.0.0.1), so the address check sees them too.
 */
export function parseEndpointUrl(raw: string): URL {
  const text = raw.trim();
  const refuse = (message: string) => new InputError(`url: ${message}`, [{ path: 'url', message }]);
  if (text === '') throw refuse('must not be empty');
  if (text.length > MAX_ENDPOINT_URL_LENGTH) throw refuse(`must be at most ${MAX_ENDPOINT_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse(`${JSON.stringify(text)} is not an absolute URL (https://host/path)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw refuse(`must use http or https, not ${url.protocol.slice(0, -1)}`);
  if (url.username || url.password) throw refuse('must not contain a user name or password');
  if (url.hostname === '') throw refuse('must name a host');
  return url;
}

/** The host as DNS or the address check takes it: IPv6 literals without their brackets. */
export function hostOf(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
