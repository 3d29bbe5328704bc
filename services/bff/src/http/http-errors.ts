/** The double-submit CSRF check failed; answered 403 `csrf_failed`. */
export class CsrfError extends Error {
  constructor(message = 'missing or invalid CSRF token; fetch /api/auth/csrf and send it in the x-csrf-token header') {
    super(message);
    this.name = 'CsrfError';
  }
}

/** The caller signed in with a one-time password and must change it first; answered 403 `password_change_required`. */
export class PasswordChangeRequiredError extends Error {
  constructor(message = 'change your one-time password first (POST /api/me/password)') {
    super(message);
    this.name = 'PasswordChangeRequiredError';
  }
}

/** An HTTP method the API never answers (TRACE, CONNECT, made-up ones); answered 405 with Allow. */
export class MethodNotAllowedError extends Error {
  constructor(readonly method: string) {
    super(`method ${method} is not allowed`);
    this.name = 'MethodNotAllowedError';
  }
}

/** A request body in a format the route does not read (JSON sent as text/plain); answered 415. */
export class UnsupportedMediaTypeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedMediaTypeError';
  }
}

/** Too many failed attempts from one address or on one account: 429 with Retry-After. */
export class TooManyAttemptsError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'too many failed sign-in attempts; try again later',
  ) {
    super(message);
    this.name = 'TooManyAttemptsError';
  }
}
