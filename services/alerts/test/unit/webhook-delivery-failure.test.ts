import { deliveryFailureOf, httpFailure } from '../../src/webhooks/delivery-failure';

/** An error shaped as Node's http, net, dns and tls modules raise them. */
const nodeError = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

describe('deliveryFailureOf (what a failed webhook attempt is shown as)', () => {
  it.each([
    [nodeError('connect ECONNREFUSED 203.0.113.7:443', { code: 'ECONNREFUSED' }), 'connection refused'],
    [nodeError('socket hang up', { code: 'ECONNRESET' }), 'connection reset'],
    [nodeError('read ECONNRESET', { code: 'ECONNRESET', syscall: 'read' }), 'connection reset'],
    [nodeError('write EPIPE', { code: 'EPIPE' }), 'connection reset'],
    [nodeError('The operation was aborted', { name: 'AbortError', code: 'ABORT_ERR' }), 'timed out'],
    [nodeError('connect ETIMEDOUT 203.0.113.7:443', { code: 'ETIMEDOUT' }), 'timed out'],
    [nodeError('connect EHOSTUNREACH 203.0.113.7:443', { code: 'EHOSTUNREACH' }), 'host unreachable'],
    [nodeError('connect ENETUNREACH 2001:db8::1:443', { code: 'ENETUNREACH' }), 'host unreachable'],
    [nodeError('getaddrinfo ENOTFOUND hooks.example.com', { code: 'ENOTFOUND' }), 'host not found'],
    [nodeError('self-signed certificate', { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }), 'TLS error'],
    [nodeError('certificate has expired', { code: 'CERT_HAS_EXPIRED' }), 'TLS error'],
    [nodeError('unable to verify the first certificate', { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }), 'TLS error'],
    [nodeError('Hostname/IP does not match the certificate', { code: 'ERR_TLS_CERT_ALTNAME_INVALID' }), 'TLS error'],
    // What an https request to a plain-text port gets: OpenSSL's words about the other end.
    [
      nodeError('C0B7:error:0A00010B:SSL routines:ssl3_get_record:wrong version number', {
        code: 'ERR_SSL_WRONG_VERSION_NUMBER',
        library: 'SSL routines',
        reason: 'wrong version number',
      }),
      'TLS error',
    ],
    [
      nodeError('write EPROTO C0B7:error:0A000410:SSL routines:ssl3_read_bytes:sslv3 alert handshake failure', {
        code: 'EPROTO',
      }),
      'TLS error',
    ],
    [nodeError('Parse Error: Expected HTTP/', { code: 'HPE_INVALID_CONSTANT' }), 'invalid HTTP response'],
    [new AggregateError([nodeError('connect ECONNREFUSED ::1:443', { code: 'ECONNREFUSED' })]), 'connection refused'],
    [nodeError('something new', { code: 'E_SOMETHING_NEW' }), 'connection failed'],
    ['not even an error', 'connection failed'],
  ])('%s → %s', (error, category) => {
    expect(deliveryFailureOf(error)).toBe(category);
  });

  it("never passes on the error's own words", () => {
    const tls = nodeError('SSL routines:ssl3_get_record:wrong version number (OpenSSH_9.6 on the other end)', {
      code: 'ERR_SSL_WRONG_VERSION_NUMBER',
      library: 'SSL routines',
    });
    expect(deliveryFailureOf(tls)).not.toMatch(/ssl3|OpenSSH|version/);
  });

  it('names an HTTP answer by its status', () => {
    expect(httpFailure(500)).toBe('HTTP 500');
    expect(httpFailure(404)).toBe('HTTP 404');
  });
});
