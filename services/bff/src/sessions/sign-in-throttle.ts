import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface SignInThrottleOptions {
  /** Failed sign-ins allowed per e-mail + IP within `windowSeconds` before blocking. */
  maxFailuresPerEmailAndIp: number;
  /** Failed sign-ins allowed per IP (any e-mail) within `windowSeconds`; stops password spraying. */
  maxFailuresPerIp: number;
  windowSeconds: number;
  blockSeconds: number;
}

export const defaultSignInThrottle: SignInThrottleOptions = {
  maxFailuresPerEmailAndIp: 5,
  maxFailuresPerIp: 50,
  windowSeconds: 15 * 60,
  blockSeconds: 15 * 60,
};

/** Counts failed sign-ins in Redis (shared by every BFF instance) and says when to refuse. */
export class SignInThrottle {
  private readonly byEmailAndIp: RateLimiterRedis;
  private readonly byIp: RateLimiterRedis;

  constructor(redis: Redis, options: SignInThrottleOptions = defaultSignInThrottle, keyPrefix = 'bff:signin') {
    this.byEmailAndIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${keyPrefix}:email-ip`,
      points: options.maxFailuresPerEmailAndIp,
      duration: options.windowSeconds,
      blockDuration: options.blockSeconds,
    });
    this.byIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${keyPrefix}:ip`,
      points: options.maxFailuresPerIp,
      duration: options.windowSeconds,
      blockDuration: options.blockSeconds,
    });
  }

  /** Seconds until the next attempt is allowed, or 0 when the caller may try now. */
  async retryAfterSeconds(email: string, ip: string): Promise<number> {
    const [pair, address] = await Promise.all([this.byEmailAndIp.get(pairKey(email, ip)), this.byIp.get(ip)]);
    const waits = [
      blockedFor(pair, this.byEmailAndIp.points),
      blockedFor(address, this.byIp.points),
    ];
    return Math.max(...waits);
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    // consume() rejects with a RateLimiterRes once the limit is passed; that is expected, not an error.
    await Promise.all([
      this.byEmailAndIp.consume(pairKey(email, ip)).catch(ignoreLimitReached),
      this.byIp.consume(ip).catch(ignoreLimitReached),
    ]);
  }

  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.byEmailAndIp.delete(pairKey(email, ip));
  }
}

function pairKey(email: string, ip: string): string {
  return `${email}_${ip}`;
}

function blockedFor(res: RateLimiterRes | null, points: number): number {
  if (!res || res.consumedPoints < points) return 0;
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

function ignoreLimitReached(error: unknown): void {
  if (error instanceof RateLimiterRes) return;
  throw error;
}
