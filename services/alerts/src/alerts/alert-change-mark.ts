import { randomUUID } from 'node:crypto';

/** The Redis calls the mark makes (an ioredis client has them). */
export interface MarkStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<unknown>;
  set(key: string, value: string, nx: 'NX'): Promise<unknown>;
}

/**
 * A mark in Redis that every alert write replaces with a new random value, so that a percolator
 * tells with one GET whether the store holds an alert change it has not read yet. Reading the changes
 * themselves (a query on updatedAt) before every document was a store read per document, and the
 * MongoDB stand-in, which uses no index on updatedAt, scanned every alert for it.
 */
export class AlertChangeMark {
  private readonly key: string;

  constructor(
    private readonly redis: MarkStore,
    prefix: string,
  ) {
    this.key = `${prefix}:alerts-changed`;
  }

  /** After an alert write: a new mark. */
  async bump(): Promise<void> {
    await this.redis.set(this.key, randomUUID());
  }

  /**
   * The mark now. Where there is none (a fresh or restarted Redis) one is set, so that a store with no
   * change since reads as unchanged, and a mark lost with Redis never equals the one read before.
   */
  async current(): Promise<string> {
    const mark = await this.redis.get(this.key);
    if (mark !== null) return mark;
    await this.redis.set(this.key, randomUUID(), 'NX');
    return (await this.redis.get(this.key)) ?? '';
  }
}
