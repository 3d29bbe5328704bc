/** The double-submit CSRF check failed; answered 403 `csrf_failed`. */
export class CsrfError extends Error {
  constructor(message = 'missing or invalid CSRF token; fetch /api/auth/csrf and send it in the x-csrf-token header') {
    super(message);
    this.name = 'CsrfError';
  }
}
