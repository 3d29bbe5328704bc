import { InputError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import type { NotificationSink } from '../domain/delivery-ports';
import {
  DEFAULT_NOTIFICATION_PAGE,
  MAX_NOTIFICATION_PAGE,
  type NotificationChange,
  type NotificationChanges,
  type NotificationRecord,
} from '../domain/notification';
import type { NotificationRepository } from './notification.repository';

export interface NotificationPage {
  notifications: NotificationRecord[];
  unreadCount: number;
  nextCursor: string;
}

/**
 * The user's in-app notifications: written once per key by delivery (NotificationSink), listed,
 * marked read, and watched live; every change is published on the feed with the new unread count.
 */
export class NotificationService implements NotificationSink {
  /** Aborted at shutdown: open watches end so the gRPC server can drain. */
  private readonly closing = new AbortController();

  constructor(
    private readonly store: NotificationRepository,
    private readonly feed: NotificationChanges,
    private readonly logger: Logger,
  ) {}

  async notify(input: Parameters<NotificationSink['notify']>[0]): Promise<void> {
    const created = await this.store.insertIfNew({
      key: input.key,
      ownerUserId: input.ownerUserId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      link: input.link,
      alertId: input.alertId ?? '',
      documentId: input.documentId ?? '',
    });
    if (created) await this.announce(input.ownerUserId, created);
  }

  async list(
    ownerUserId: string,
    options: { limit: number; unreadOnly: boolean; cursor: string },
  ): Promise<NotificationPage> {
    requireOwner(ownerUserId);
    const limit = options.limit === 0 ? DEFAULT_NOTIFICATION_PAGE : options.limit;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_NOTIFICATION_PAGE) {
      throw new InputError(`limit: must be between 1 and ${MAX_NOTIFICATION_PAGE}`, [
        { path: 'limit', message: `must be between 1 and ${MAX_NOTIFICATION_PAGE}` },
      ]);
    }
    const beforeId = decodeCursor(options.cursor);
    // One more than asked tells whether another page exists.
    const rows = await this.store.list(ownerUserId, {
      limit: limit + 1,
      unreadOnly: options.unreadOnly,
      ...(beforeId ? { beforeId } : {}),
    });
    const notifications = rows.slice(0, limit);
    const last = notifications.at(-1);
    return {
      notifications,
      unreadCount: await this.store.countUnread(ownerUserId),
      nextCursor: rows.length > limit && last ? Buffer.from(last.id).toString('base64url') : '',
    };
  }

  /** Marks some (or all) read; returns the unread count after. */
  async markRead(ownerUserId: string, ids: string[], all: boolean): Promise<number> {
    requireOwner(ownerUserId);
    if (!all && ids.length === 0)
      throw new InputError('notification_ids: name at least one notification, or set all', [
        { path: 'notification_ids', message: 'name at least one notification, or set all' },
      ]);
    const changed = all ? await this.store.markAllRead(ownerUserId) : await this.store.markRead(ownerUserId, ids);
    const unreadCount = await this.store.countUnread(ownerUserId);
    if (changed > 0) await this.publish(ownerUserId, { unreadCount });
    return unreadCount;
  }

  /** The unread count now, then every change, until `signal` aborts. */
  async *watch(ownerUserId: string, cancelled: AbortSignal): AsyncIterable<NotificationChange> {
    requireOwner(ownerUserId);
    const signal = AbortSignal.any([cancelled, this.closing.signal]);
    const queue: NotificationChange[] = [];
    let wake: (() => void) | undefined;
    const onAbort = () => wake?.();
    signal.addEventListener('abort', onAbort);
    const stop = await this.feed.listen(ownerUserId, (change) => {
      queue.push(change);
      wake?.();
    });
    try {
      // Subscribed before counting: a change in between is in the queue, never missed.
      yield { unreadCount: await this.store.countUnread(ownerUserId) };
      while (!signal.aborted) {
        const next = queue.shift();
        if (next) {
          yield next;
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      await stop();
    }
  }

  /** Ends every open watch. */
  close(): void {
    this.closing.abort();
  }

  private async announce(ownerUserId: string, notification: NotificationRecord): Promise<void> {
    await this.publish(ownerUserId, { unreadCount: await this.store.countUnread(ownerUserId), notification });
  }

  private async publish(ownerUserId: string, change: NotificationChange): Promise<void> {
    try {
      await this.feed.publish(ownerUserId, change);
    } catch (error) {
      // The notification is stored; a watcher that missed the change sees it on its next count or list.
      this.logger.warn({ err: error, ownerUserId }, 'could not publish a notification change');
    }
  }
}

function requireOwner(ownerUserId: string): void {
  if (ownerUserId.trim() === '')
    throw new InputError('owner_user_id: must not be empty', [{ path: 'owner_user_id', message: 'must not be empty' }]);
}

function decodeCursor(cursor: string): string | undefined {
  if (cursor === '') return undefined;
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[0-9a-f-]{36}$/u.test(id))
    throw new InputError('cursor: not a cursor this list returned', [
      { path: 'cursor', message: 'not a cursor this list returned' },
    ]);
  return id;
}
