import type { Redis } from 'ioredis';

/** Long enough for any job to finish; the counter is useless once its process is final. */
const KEY_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Per-process sequence numbers from a Redis counter, so they keep increasing across retries,
 * crashes and whichever process (API or worker) emits the update. The first number is 1.
 */
export class RedisProcessSequence {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async next(processId: string): Promise<number> {
    const key = `${this.prefix}:${processId}`;
    const value = await this.redis.incr(key);
    if (value === 1) await this.redis.expire(key, KEY_TTL_SECONDS);
    return value;
  }
}
