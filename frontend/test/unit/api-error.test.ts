import { ApiError, isApiError, parseRetryAfter, toApiError } from '../../lib/api-error';

describe('toApiError', () => {
  it('reads the BFF error envelope with field issues', () => {
    const error = toApiError(400, {
      error: {
        code: 'invalid_input',
        message: 'Invalid request body',
        issues: [
          { path: 'email', message: 'Invalid e-mail address' },
          { path: 'email', message: 'second message is ignored' },
          { path: ['password'], message: 'Too short' },
        ],
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error)).toBe(true);
    expect(error.status).toBe(400);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('Invalid request body');
    expect(error.fieldErrors()).toEqual({ email: 'Invalid e-mail address', password: 'Too short' });
  });

  it('falls back to a code and message from the status when the body is not the envelope', () => {
    const error = toApiError(503, '<html>Bad gateway</html>');
    expect(error.code).toBe('unavailable');
    expect(error.message).toMatch(/temporarily unavailable/);
    expect(error.issues).toEqual([]);
  });

  it('maps an unknown code to the status code', () => {
    expect(toApiError(404, { error: { code: 'weird', message: 'gone' } }).code).toBe('not_found');
  });

  it('keeps the csrf_failed code apart from forbidden', () => {
    expect(toApiError(403, { error: { code: 'csrf_failed', message: 'CSRF token missing' } }).code).toBe('csrf_failed');
  });

  it('reads Retry-After for throttled requests', () => {
    const error = toApiError(429, { error: { code: 'too_many_requests', message: 'Slow down' } }, '120');
    expect(error.code).toBe('too_many_requests');
    expect(error.retryAfterSeconds).toBe(120);
  });

  it('ignores malformed issues', () => {
    expect(
      toApiError(400, { error: { code: 'invalid_input', message: 'x', issues: [null, { path: 'a' }, 'b'] } }).issues,
    ).toEqual([]);
  });
});

describe('parseRetryAfter', () => {
  it('accepts seconds and HTTP dates, rejects nonsense', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThan(55);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
