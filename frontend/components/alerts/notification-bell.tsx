'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { BellIcon } from '@/components/icons';
import { goToSignIn } from '@/lib/session-ended';
import type { NotificationEvent } from './alert-types';
import styles from './alerts.module.css';

/** Dispatched on window for every live update, so an open notifications page adds new ones at once. */
export const NOTIFICATION_EVENT = 'docket:notifications';

/**
 * The bell in the top bar: the unread count, live over server-sent events (EventSource reconnects by
 * itself after a dropped stream; the BFF asks it to wait 3 s).
 */
export function NotificationBell() {
  const [unread, setUnread] = useState<number | null>(null);

  useEffect(() => {
    const source = new EventSource('/api/notifications/events');
    source.addEventListener('notifications', (event) => {
      const update = JSON.parse((event as MessageEvent<string>).data) as NotificationEvent;
      setUnread(update.unreadCount);
      window.dispatchEvent(new CustomEvent<NotificationEvent>(NOTIFICATION_EVENT, { detail: update }));
    });
    // Signed out (here or in another tab), deactivated or a password changed elsewhere.
    source.addEventListener('session-ended', () => {
      source.close();
      goToSignIn();
    });
    return () => source.close();
  }, []);

  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link
      href="/notifications"
      className={styles.bell}
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      data-unread={unread ?? ''}
    >
      <BellIcon size={18} />
      {unread ? (
        <span className={styles.bellCount} data-testid="notification-count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
