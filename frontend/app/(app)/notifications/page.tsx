import type { Metadata } from 'next';
import Link from 'next/link';
import { NotificationsList } from '@/components/alerts/notifications-list';
import { listNotifications } from '@/lib/bff.server';
import styles from './notifications.module.css';

export const metadata: Metadata = { title: 'Notifications' };

export default async function NotificationsPage() {
  const page = await listNotifications('');
  return (
    <div className={`page ${styles.pageWidth}`}>
      <div className="page-header">
        <div>
          <h1>Notifications</h1>
          <p>
            What your <Link href="/alerts">alerts</Link> and{' '}
            <Link href="/user/preferences/alerts/dockets">followed dockets</Link> found.
          </p>
        </div>
      </div>
      <NotificationsList
        initial={page.notifications}
        initialCursor={page.nextCursor}
        initialUnread={page.unreadCount}
      />
    </div>
  );
}
