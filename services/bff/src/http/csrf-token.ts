import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Double-submit CSRF tokens: `<nonce>.<hmac(secret, binding.nonce)>`. The binding is the session id
 * (or '' before sign-in), so a token planted by another site, or left over from another session,
 * does not verify.
 */
export function createCsrfToken(secret: string, binding: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(secret, binding, nonce)}`;
}

export function verifyCsrfToken(secret: string, binding: string, token: string): boolean {
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  return safeEqual(signature, sign(secret, binding, nonce));
}

/** Constant-time string comparison (length differences still return early, which leaks nothing secret). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function sign(secret: string, binding: string, nonce: string): string {
  return createHmac('sha256', secret).update(`${binding}.${nonce}`).digest('base64url');
}
