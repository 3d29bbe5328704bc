import type { Logger } from '@docket/observability';
import type {
  ListNotificationsRequest,
  ListNotificationsResponse,
  MarkNotificationsReadRequest,
  MarkNotificationsReadResponse,
  WatchNotificationsRequest,
  WatchNotificationsResponse,
} from '@docket/proto/src/alerts';
import { serverStream, unary } from '@docket/service-kit';
import type { AlertHandlers } from '../alert-service.binding';
import { notificationToProto } from './notification.mapper';
import type { NotificationService } from './notification.service';

/** The notifications' part of AlertService: the in-app list, marking read, and the live watch stream. */
export function notificationHandlers(deps: { notifications: NotificationService; logger: Logger }): AlertHandlers {
  const { notifications, logger } = deps;
  return {
    listNotifications: unary<ListNotificationsRequest, ListNotificationsResponse>(logger, async (request) => {
      const page = await notifications.list(request.ownerUserId, {
        limit: request.limit,
        unreadOnly: request.unreadOnly,
        cursor: request.cursor,
      });
      return {
        notifications: page.notifications.map(notificationToProto),
        unreadCount: String(page.unreadCount),
        nextCursor: page.nextCursor,
      };
    }),
    markNotificationsRead: unary<MarkNotificationsReadRequest, MarkNotificationsReadResponse>(
      logger,
      async (request) => ({
        unreadCount: String(await notifications.markRead(request.ownerUserId, request.notificationIds, request.all)),
      }),
    ),
    watchNotifications: serverStream<WatchNotificationsRequest, WatchNotificationsResponse>(logger, async (call) => {
      const cancelled = new AbortController();
      call.on('cancelled', () => cancelled.abort());
      call.on('close', () => cancelled.abort());
      for await (const change of notifications.watch(call.request.ownerUserId, cancelled.signal)) {
        call.write({
          unreadCount: String(change.unreadCount),
          notification: change.notification ? notificationToProto(change.notification) : undefined,
        });
      }
    }),
  };
}
