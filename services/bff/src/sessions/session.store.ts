import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface SessionData {
  userId: string;
  createdAt: string;
}

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * Server-side sessions in Redis: `bff:sess:<id>` holds the session with a sliding expiry, and
 * `bff:user-sess:<userId>` lists a user's session ids so deactivation or a password change can
 * revoke all of them. Expiry is Redis's own key TTL, so no clean-up job is needed.
 */
export class SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
  ) {}

  /** Starts a session; the id is 32 random bytes, so it is unguessable and carries no data. */
  async create(userId: string): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const data: SessionData = { userId, createdAt: new Date().toISOString() };
    await this.redis
      .multi()
      .set(sessionKey(id), JSON.stringify(data), 'EX', this.ttlSeconds)
      .sadd(userKey(userId), id)
      .expire(userKey(userId), this.ttlSeconds)
      .exec();
    return id;
  }

  /** Returns the session and slides its expiry, or null when it does not exist (any more). */
  async touch(id: string): Promise<SessionData | null> {
    if (!SESSION_ID.test(id)) return null;
    const raw = await this.redis.getex(sessionKey(id), 'EX', this.ttlSeconds);
    if (!raw) return null;
    const data = JSON.parse(raw) as SessionData;
    await this.redis.expire(userKey(data.userId), this.ttlSeconds);
    return data;
  }

  async destroy(id: string): Promise<void> {
    if (!SESSION_ID.test(id)) return;
    const raw = await this.redis.getdel(sessionKey(id));
    if (raw) await this.redis.srem(userKey((JSON.parse(raw) as SessionData).userId), id);
    await this.announceEnded([id]);
  }

  /** Ends every session of the user except `keepId` (the caller's own, after a password change). */
  async revokeAllForUser(userId: string, keepId?: string): Promise<number> {
    const ids = (await this.redis.smembers(userKey(userId))).filter((id) => id !== keepId);
    if (ids.length === 0) return 0;
    await this.redis
      .multi()
      .del(...ids.map(sessionKey))
      .srem(userKey(userId), ...ids)
      .exec();
    await this.announceEnded(ids);
    return ids.length;
  }

  async exists(id: string): Promise<boolean> {
    return (await this.redis.exists(sessionKey(id))) === 1;
  }

  /** Which of the ids are still sessions, in one round trip (without sliding their expiry). */
  async existing(ids: string[]): Promise<Set<string>> {
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.exists(sessionKey(id));
    const answers = (await pipeline.exec()) ?? [];
    return new Set(ids.filter((_id, i) => answers[i]?.[1] === 1));
  }

  /** Every BFF process ends the event streams of these sessions at once (SessionEndWatcher). */
  private async announceEnded(ids: string[]): Promise<void> {
    await this.redis.publish(SESSIONS_ENDED_CHANNEL, JSON.stringify(ids));
  }
}

export const SESSIONS_ENDED_CHANNEL = 'bff:sessions-ended';

export const sessionKey = (id: string) => `bff:sess:${id}`;
const userKey = (userId: string) => `bff:user-sess:${userId}`;
