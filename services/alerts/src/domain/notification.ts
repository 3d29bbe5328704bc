/** An in-app notification (a hit, a digest, a notice such as an endpoint disabled). */
export interface NotificationRecord {
  id: string;
  ownerUserId: string;
  kind: 'hit' | 'digest' | 'notice';
  title: string;
  body: string;
  /** In-app path: /documents/{id}, /alerts/{id}, … */
  link: string;
  alertId: string;
  documentId: string;
  read: boolean;
  createdAt: Date;
}

/** What a watcher is told: the unread count, and the notification that just arrived if any. */
export interface NotificationChange {
  unreadCount: number;
  notification?: NotificationRecord;
}

export const DEFAULT_NOTIFICATION_PAGE = 20;
export const MAX_NOTIFICATION_PAGE = 100;

/** Where notification changes are announced and heard, across the alerts processes (events/notification-feed.ts). */
export interface NotificationChanges {
  publish(ownerUserId: string, change: NotificationChange): Promise<void>;
  /** Calls `listener` with each change of the user's notifications until the returned stop is called. */
  listen(ownerUserId: string, listener: (change: NotificationChange) => void): Promise<() => Promise<void>>;
}
