import type { Notification } from '@docket/proto/src/alerts';
import type { NotificationRecord } from '../domain/notification';

export function notificationToProto(notification: NotificationRecord): Notification {
  return {
    id: notification.id,
    title: notification.title,
    body: notification.body,
    link: notification.link,
    alertId: notification.alertId,
    documentId: notification.documentId,
    read: notification.read,
    createdAt: notification.createdAt,
    kind: notification.kind,
  };
}
