'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import { formatDateTime } from '@/lib/format';
import type { Notification, NotificationEvent } from './alert-types';
import styles from './alerts.module.css';
import { NOTIFICATION_EVENT } from './notification-bell';

const KIND_LABELS: Record<string, string> = { hit: 'New filing', digest: 'Digest', notice: 'Notice' };

/** Only links inside the app are followed (a notification's link is the server's, but never trusted blindly). */
function inAppLink(link: string): string {
  return link.startsWith('/') && !link.startsWith('//') ? link : '/notifications';
}

/**
 * Your notifications, newest first: new ones appear live (from the bell's stream), opening one marks
 * it read and goes to its document, alert or digest; mark all read; older ones page in.
 */
export function NotificationsList({
  initial,
  initialCursor,
  initialUnread,
}: {
  initial: Notification[];
  initialCursor: string | null;
  initialUnread: number;
}) {
  const router = useRouter();
  const [items, setItems] = useState(initial);
  const [cursor, setCursor] = useState(initialCursor);
  const [unread, setUnread] = useState(initialUnread);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const onUpdate = (event: Event) => {
      const { unreadCount, notification } = (event as CustomEvent<NotificationEvent>).detail;
      setUnread(unreadCount);
      if (notification)
        setItems((list) => (list.some((n) => n.id === notification.id) ? list : [notification, ...list]));
    };
    window.addEventListener(NOTIFICATION_EVENT, onUpdate);
    return () => window.removeEventListener(NOTIFICATION_EVENT, onUpdate);
  }, []);

  async function markRead(ids: string[], all: boolean) {
    const answer = await unwrap(api.POST('/api/notifications/read', { body: { ids, all } }));
    setUnread(answer.unreadCount);
    setItems((list) => list.map((n) => (all || ids.includes(n.id) ? { ...n, read: true } : n)));
  }

  async function open(notification: Notification) {
    if (!notification.read) await markRead([notification.id], false).catch(() => undefined);
    router.push(inAppLink(notification.link));
  }

  async function more() {
    if (!cursor) return;
    setPending(true);
    try {
      const page = await unwrap(api.GET('/api/notifications', { params: { query: { limit: 30, cursor } } }));
      setItems((list) => [...list, ...page.notifications.filter((n) => !list.some((m) => m.id === n.id))]);
      setCursor(page.nextCursor);
    } catch (err) {
      setError(isApiError(err) ? err.message : 'Older notifications could not be loaded.');
    }
    setPending(false);
  }

  return (
    <section className="card" aria-labelledby="notifications-heading">
      <div className="card-header">
        <h2 id="notifications-heading">
          {unread > 0 ? (
            <>
              <span data-testid="notifications-unread">{unread}</span> unread
            </>
          ) : (
            'All read'
          )}
        </h2>
        <button
          type="button"
          className="btn btn-sm"
          disabled={unread === 0}
          onClick={() =>
            markRead([], true).catch((err: unknown) =>
              setError(isApiError(err) ? err.message : 'Could not mark them read.'),
            )
          }
          data-testid="notifications-mark-all"
        >
          Mark all read
        </button>
      </div>
      <FormError message={error} />
      {items.length === 0 ? (
        <div className="empty-state">
          <h2>No notifications</h2>
          <p>New filings your alerts and followed dockets find appear here, and on the bell.</p>
        </div>
      ) : (
        <ul className={styles.notifications} data-testid="notifications">
          {items.map((n) => (
            <li
              key={n.id}
              className={`${styles.notification} ${n.read ? '' : styles.notificationUnread}`}
              data-testid="notification"
              data-read={n.read}
            >
              <span
                className={n.read ? undefined : styles.unreadDot}
                role={n.read ? undefined : 'img'}
                aria-label={n.read ? undefined : 'Unread'}
              />
              <div>
                <a
                  href={inAppLink(n.link)}
                  className={styles.notificationTitle}
                  onClick={(event) => {
                    event.preventDefault();
                    void open(n);
                  }}
                  data-testid="notification-link"
                >
                  {n.title}
                </a>
                {n.body ? <p className={styles.notificationBody}>{n.body}</p> : null}
                <p className={`subtle text-xs ${styles.notificationKind}`}>{KIND_LABELS[n.kind] ?? n.kind}</p>
              </div>
              <div className={styles.notificationSide}>
                <span className={styles.notificationTime}>{formatDateTime(n.createdAt)}</span>
                {!n.read ? (
                  <button
                    type="button"
                    className="btn btn-sm"
                    onClick={() => void markRead([n.id], false).catch(() => undefined)}
                    data-testid="notification-mark-read"
                  >
                    Mark read
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {cursor ? (
        <div className={`card-body ${styles.moreNotifications}`}>
          <button type="button" className="btn" onClick={more} disabled={pending}>
            {pending ? 'Loading…' : 'Older notifications'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
