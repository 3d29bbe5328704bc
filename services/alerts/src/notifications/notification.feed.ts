import type { Redis } from 'ioredis';
import type { Logger } from '@docket/observability';
import type { NotificationChange } from '../domain/notification';

type Listener = (change: NotificationChange) => void;

/**
 * Notification changes on Redis pub/sub, one channel per user, so a watcher connected to any alerts
 * process hears of a notification written by any other. One subscriber connection per process;
 * a user's channel is subscribed while at least one of their watchers is open here.
 */
export class NotificationFeed {
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {
    subscriber.on('message', (channel: string, message: string) => this.dispatch(channel, message));
  }

  async publish(ownerUserId: string, change: NotificationChange): Promise<void> {
    await this.publisher.publish(this.channelOf(ownerUserId), JSON.stringify(change));
  }

  /** Listens to one user's changes until the returned function is called; resolves once subscribed. */
  async listen(ownerUserId: string, listener: Listener): Promise<() => Promise<void>> {
    const channel = this.channelOf(ownerUserId);
    let set = this.listeners.get(channel);
    if (!set) {
      this.listeners.set(channel, (set = new Set()));
      await this.subscriber.subscribe(channel);
    }
    set.add(listener);
    return async () => {
      const current = this.listeners.get(channel);
      current?.delete(listener);
      if (current?.size === 0) {
        this.listeners.delete(channel);
        await this.subscriber.unsubscribe(channel).catch(() => undefined);
      }
    };
  }

  private dispatch(channel: string, message: string): void {
    const set = this.listeners.get(channel);
    if (!set) return;
    let change: NotificationChange;
    try {
      const parsed = JSON.parse(message) as NotificationChange;
      change = parsed.notification
        ? { ...parsed, notification: { ...parsed.notification, createdAt: new Date(parsed.notification.createdAt) } }
        : parsed;
    } catch (error) {
      this.logger.warn({ err: error, channel }, 'unreadable notification change; ignored');
      return;
    }
    for (const listener of set) listener(change);
  }

  private channelOf(ownerUserId: string): string {
    return `${this.prefix}:notifications:${ownerUserId}`;
  }
}
