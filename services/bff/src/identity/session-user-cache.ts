import { LRUCache } from 'lru-cache';
import type { UserRecord } from '../http/user';

/** How long a resolved session is reused at most; see SessionUserCache. */
export const SESSION_USER_CACHE_MS = 1_500;
const MAX_SESSIONS = 10_000;

/**
 * Sessions resolved recently (session id -> its signed-in user), so a busy browser costs Redis and
 * MongoDB one lookup per session every `ttlMs` (1.5 s) instead of ~3 round trips per request.
 *
 * Bounded staleness: whatever this process changes (sign-out, deactivation, a role, password or
 * profile change) is forgotten at once through forgetSession / forgetUser. A change made by another
 * BFF process, or a session expiring in Redis, is seen here at most `ttlMs` later.
 */
export class SessionUserCache {
  private readonly resolved: LRUCache<string, UserRecord>;
  /** One lookup per session at a time: concurrent requests of one browser share it. */
  private readonly inFlight = new Map<string, Promise<UserRecord | null>>();
  /**
   * Bumped by every forget: a lookup that started before a forget may have read the old user, so
   * its answer is returned to its own request but not kept.
   */
  private generation = 0;

  constructor(readonly ttlMs: number = SESSION_USER_CACHE_MS) {
    this.resolved = new LRUCache({ max: MAX_SESSIONS, ttl: ttlMs, ttlAutopurge: false });
  }

  /** The cached user of `sessionId`, or the answer of `lookup` (kept when it is a user). */
  async resolve(sessionId: string, lookup: () => Promise<UserRecord | null>): Promise<UserRecord | null> {
    const cached = this.resolved.get(sessionId);
    if (cached) return cached;
    const pending = this.inFlight.get(sessionId);
    if (pending) return pending;
    const generation = this.generation;
    const looking: Promise<UserRecord | null> = lookup().finally(() => {
      if (this.inFlight.get(sessionId) === looking) this.inFlight.delete(sessionId);
    });
    this.inFlight.set(sessionId, looking);
    const user = await looking;
    if (user && generation === this.generation) this.resolved.set(sessionId, user);
    return user;
  }

  forgetSession(sessionId: string): void {
    this.generation += 1;
    this.inFlight.delete(sessionId);
    this.resolved.delete(sessionId);
  }

  /** Every session of the user: its account changed (role, activation, password, name). */
  forgetUser(userId: string): void {
    this.generation += 1;
    // Rare (an account change) and the cache is small: a scan beats keeping a second index in step.
    const sessions = [...this.resolved.entries()]
      .filter(([, user]) => user.id === userId)
      .map(([sessionId]) => sessionId);
    for (const sessionId of sessions) this.resolved.delete(sessionId);
    // A lookup in flight may have read the old record: later requests must not join it.
    this.inFlight.clear();
  }
}
