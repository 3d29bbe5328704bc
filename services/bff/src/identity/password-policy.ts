import { randomBytes } from 'node:crypto';

export const MIN_PASSWORD_LENGTH = 12;
// argon2 hashes any length, but an unbounded input is a cheap way to burn our CPU.
export const MAX_PASSWORD_LENGTH = 256;

/** A random password for first administrators and invited users: 24 url-safe characters (144 bits). */
export function generateTemporaryPassword(): string {
  return randomBytes(18).toString('base64url');
}
