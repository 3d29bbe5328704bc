import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface SignInThrottleOptions {
  /** Failed attempts allowed per account + address within `windowSeconds` before blocking. */
  maxFailuresPerEmailAndIp: number;
  /** Failed attempts allowed per address (any account) within `windowSeconds`; stops password spraying. */
  maxFailuresPerIp: number;
  windowSeconds: number;
  blockSeconds: number;
  /** Failed attempts allowed per account from every address together within `accountWindowSeconds`. */
  maxFailuresPerAccount: number;
  accountWindowSeconds: number;
  accountBlockSeconds: number;
  /** How long a browser that signed in to an account stays exempt from that account's ceiling. */
  trustedBrowserSeconds: number;
}

export const defaultSignInThrottle: SignInThrottleOptions = {
  maxFailuresPerEmailAndIp: 5,
  maxFailuresPerIp: 50,
  windowSeconds: 15 * 60,
  blockSeconds: 15 * 60,
  maxFailuresPerAccount: 20,
  accountWindowSeconds: 60 * 60,
  accountBlockSeconds: 60 * 60,
  trustedBrowserSeconds: 90 * 24 * 60 * 60,
};

/** Who is trying: the account, the client address (from a trusted proxy only) and the browser's id cookie. */
export interface Attempt {
  email: string;
  ip: string;
  /** The drs_browser cookie; '' when the caller has none. */
  browserId: string;
}

/**
 * Counts failed password checks (sign-in, and the current password of a password change) in Redis,
 * shared by every BFF instance, and says when to refuse. Three limits, as OWASP's authentication
 * guidance and the big identity providers do it ("smart lockout"):
 * - account + address, tight (5 / 15 min): the common case, one guesser at one place. Someone else
 *   cannot trip it for you: the address is the socket's, or what a configured proxy says.
 * - address, any account (50 / 15 min): password spraying from one place.
 * - account, every address (20 / h, blocked for an hour): a guesser rotating addresses. A lockout
 *   anyone could trigger by naming your e-mail would be a denial of service, so browsers that have
 *   signed in to the account before (their drs_browser id is remembered) are exempt from this one.
 */
export class SignInThrottle {
  private readonly byEmailAndIp: RateLimiterRedis;
  private readonly byIp: RateLimiterRedis;
  private readonly byAccount: RateLimiterRedis;

  constructor(
    private readonly redis: Redis,
    private readonly options: SignInThrottleOptions = defaultSignInThrottle,
    private readonly keyPrefix = 'bff:signin',
  ) {
    const limiter = (name: string, points: number, duration: number, blockDuration: number) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix: `${keyPrefix}:${name}`, points, duration, blockDuration });
    this.byEmailAndIp = limiter(
      'email-ip',
      options.maxFailuresPerEmailAndIp,
      options.windowSeconds,
      options.blockSeconds,
    );
    this.byIp = limiter('ip', options.maxFailuresPerIp, options.windowSeconds, options.blockSeconds);
    this.byAccount = limiter(
      'account',
      options.maxFailuresPerAccount,
      options.accountWindowSeconds,
      options.accountBlockSeconds,
    );
  }

  /** Seconds until the next attempt is allowed, or 0 when the caller may try now. */
  async retryAfterSeconds(attempt: Attempt): Promise<number> {
    const [pair, address, account, trusted] = await Promise.all([
      this.byEmailAndIp.get(pairKey(attempt)),
      this.byIp.get(attempt.ip),
      this.byAccount.get(attempt.email),
      this.isTrustedBrowser(attempt),
    ]);
    return Math.max(
      blockedFor(pair, this.byEmailAndIp.points),
      blockedFor(address, this.byIp.points),
      trusted ? 0 : blockedFor(account, this.byAccount.points),
    );
  }

  async recordFailure(attempt: Attempt): Promise<void> {
    // consume() rejects with a RateLimiterRes once the limit is passed; that is expected, not an error.
    await Promise.all([
      this.byEmailAndIp.consume(pairKey(attempt)).catch(ignoreLimitReached),
      this.byIp.consume(attempt.ip).catch(ignoreLimitReached),
      this.byAccount.consume(attempt.email).catch(ignoreLimitReached),
    ]);
  }

  /** The right password: this place's count starts over and this browser is trusted for the account. */
  async recordSuccess(attempt: Attempt): Promise<void> {
    await this.byEmailAndIp.delete(pairKey(attempt));
    if (attempt.browserId)
      await this.redis.set(this.trustedKey(attempt), '1', 'EX', this.options.trustedBrowserSeconds);
  }

  private async isTrustedBrowser(attempt: Attempt): Promise<boolean> {
    return attempt.browserId !== '' && (await this.redis.exists(this.trustedKey(attempt))) === 1;
  }

  private trustedKey(attempt: Attempt): string {
    // Hashed: the Redis keys do not hold a usable cookie value.
    const browser = createHash('sha256').update(attempt.browserId).digest('base64url');
    return `${this.keyPrefix}:trusted:${attempt.email}:${browser}`;
  }
}

function pairKey(attempt: Attempt): string {
  return `${attempt.email}_${attempt.ip}`;
}

function blockedFor(res: RateLimiterRes | null, points: number): number {
  if (!res || res.consumedPoints < points) return 0;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

function ignoreLimitReached(error: unknown): void {
  if (error instanceof RateLimiterRes) return;
  throw error;
}
