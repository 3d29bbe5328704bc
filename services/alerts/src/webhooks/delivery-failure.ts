/**
 * What a failed webhook attempt is recorded and shown as: a category, never the network error's
 * own text. A receiver's URL is the user's to choose, so the error text would answer whatever they
 * ask (a TLS library's message names what listens on a port, and how): the owner learns enough to
 * fix a receiver of theirs, and nothing more about anyone else's host. Operators get the full error
 * in the service's log.
 */
export type DeliveryFailure =
  | 'connection refused'
  | 'connection reset'
  | 'timed out'
  | 'TLS error'
  | 'host unreachable'
  | 'host not found'
  | 'invalid HTTP response'
  | 'connection failed';

/** What Node's network errors carry (http, net, dns, tls). */
interface NetworkError {
  name?: unknown;
  code?: unknown;
  /** OpenSSL's errors name the library they come from. */
  library?: unknown;
}

/** Network error codes (libuv and Node's), by category. */
const BY_CODE: Record<string, DeliveryFailure> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ECONNABORTED: 'connection reset',
  ETIMEDOUT: 'timed out',
  ABORT_ERR: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'host unreachable',
  EHOSTDOWN: 'host unreachable',
  ENETDOWN: 'host unreachable',
  EADDRNOTAVAIL: 'host unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  EAI_NODATA: 'host not found',
  EPROTO: 'TLS error',
};

/** The category of an error from sending a request (an abort is the sender's timeout: it sets no other). */
export function deliveryFailureOf(error: unknown): DeliveryFailure {
  // Read by shape, not instanceof: Node's own errors come from another realm under a test runner's vm.
  if (typeof error !== 'object' || error === null) return 'connection failed';
  // Node may try several addresses (happy eyeballs) and reject with all their errors: the first says it.
  const { errors } = error as { errors?: unknown };
  const first = (Array.isArray(errors) && errors.length > 0 ? errors[0] : error) as NetworkError;
  if (first.name === 'AbortError' || first.name === 'TimeoutError') return 'timed out';
  const code = String(first.code ?? '');
  const byCode = BY_CODE[code];
  if (byCode) return byCode;
  if (isTlsError(first, code)) return 'TLS error';
  // llhttp's parse errors: something that is not an HTTP server answered on the port.
  if (code.startsWith('HPE_')) return 'invalid HTTP response';
  return 'connection failed';
}

/** What a non-2xx answer is shown as. */
export function httpFailure(status: number): string {
  return `HTTP ${status}`;
}

/**
 * TLS failures: Node's ERR_TLS_* and ERR_SSL_* (OpenSSL's reasons), and the certificate checks'
 * codes (CERT_HAS_EXPIRED, DEPTH_ZERO_SELF_SIGNED_CERT, UNABLE_TO_VERIFY_LEAF_SIGNATURE, …).
 * OpenSSL's errors also carry the library they come from.
 */
function isTlsError(error: NetworkError, code: string): boolean {
  if (/^ERR_(TLS|SSL)_/.test(code) || /CERT|SELF_SIGNED|UNABLE_TO_|HOSTNAME_MISMATCH/.test(code)) return true;
  return typeof error.library === 'string';
}
