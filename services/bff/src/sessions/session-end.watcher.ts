import type { Redis } from 'ioredis';
import type { Logger } from '@docket/observability';
import { SESSIONS_ENDED_CHANNEL, type SessionStore } from './session.store';

type OnEnded = () => void;

/**
 * Tells long-lived responses (server-sent event streams) that their session has ended, so that a
 * stream never outlives sign-out, deactivation or a password change. Two ways in:
 * - at once: every BFF process publishes the ids it ends on SESSIONS_ENDED_CHANNEL (SessionStore),
 *   and this watcher hears them over a subscriber connection of its own;
 * - at most `sweepMs` later: a session that expired in Redis (or whose end was published while this
 *   process was not listening) is found by checking the watched sessions still exist.
 */
export class SessionEndWatcher {
  private readonly watchers = new Map<string, Set<OnEnded>>();
  private sweepTimer: ReturnType<typeof setInterval> | undefined;
  private sweeping = false;

  constructor(
    private readonly subscriber: Redis,
    private readonly sessions: SessionStore,
    private readonly logger: Logger,
    private readonly sweepMs: number,
  ) {}

  async start(): Promise<void> {
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === SESSIONS_ENDED_CHANNEL) this.endAll(parseIds(message));
    });
    await this.subscriber.subscribe(SESSIONS_ENDED_CHANNEL);
    this.sweepTimer = setInterval(() => void this.sweep(), this.sweepMs);
    this.sweepTimer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.sweepTimer);
    await this.subscriber.quit().catch(() => undefined);
  }

  /** Calls `onEnded` once when the session ends; the returned function stops watching. */
  watch(sessionId: string, onEnded: OnEnded): () => void {
    let callbacks = this.watchers.get(sessionId);
    if (!callbacks) this.watchers.set(sessionId, (callbacks = new Set()));
    const once: OnEnded = () => {
      unwatch();
      onEnded();
    };
    const unwatch = () => {
      callbacks.delete(once);
      if (callbacks.size === 0 && this.watchers.get(sessionId) === callbacks) this.watchers.delete(sessionId);
    };
    callbacks.add(once);
    return unwatch;
  }

  private endAll(sessionIds: string[]): void {
    for (const sessionId of sessionIds) {
      for (const onEnded of [...(this.watchers.get(sessionId) ?? [])]) onEnded();
    }
  }

  private async sweep(): Promise<void> {
    if (this.sweeping || this.watchers.size === 0) return;
    this.sweeping = true;
    try {
      const sessionIds = [...this.watchers.keys()];
      const alive = await this.sessions.existing(sessionIds);
      this.endAll(sessionIds.filter((id) => !alive.has(id)));
    } catch (error) {
      // Redis away: the streams keep going until it answers again (every request needs it anyway).
      this.logger.warn({ err: error }, 'could not check the sessions of open event streams');
    } finally {
      this.sweeping = false;
    }
  }
}

function parseIds(message: string): string[] {
  try {
    const ids: unknown = JSON.parse(message);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
