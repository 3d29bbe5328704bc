import type { Logger } from '@docket/observability';
import type {
  CreateAlertRequest,
  CreateAlertResponse,
  DeleteAlertRequest,
  DeleteAlertResponse,
  FollowDocketRequest,
  FollowDocketResponse,
  GetAlertRequest,
  GetAlertResponse,
  ListAlertHitsRequest,
  ListAlertHitsResponse,
  ListAlertsRequest,
  ListAlertsResponse,
  ListNotificationsRequest,
  ListNotificationsResponse,
  MarkNotificationsReadRequest,
  MarkNotificationsReadResponse,
  SetAlertPausedRequest,
  SetAlertPausedResponse,
  UpdateAlertRequest,
  UpdateAlertResponse,
  WatchNotificationsRequest,
  WatchNotificationsResponse,
} from '@docket/proto/src/alerts';
import { serverStream, unary } from '@docket/service-kit';
import type { AlertService } from '../service/alert.service';
import type { NotificationService } from '../service/notification.service';
import {
  alertToProto,
  definitionInput,
  hitToProto,
  kindFilter,
  notificationToProto,
  scheduleInput,
} from './alert.mappers';
import type { AlertHandlers } from './alerts.grpc';

/** The matching core's part of AlertService: alerts, docket follows, hits and notifications. */
export function matchingHandlers(deps: {
  alerts: AlertService;
  notifications: NotificationService;
  logger: Logger;
}): AlertHandlers {
  const { alerts, notifications, logger } = deps;
  return {
    createAlert: unary<CreateAlertRequest, CreateAlertResponse>(logger, async (request) => ({
      alert: alertToProto(
        await alerts.create(request.ownerUserId, request.ownerEmail, definitionInput(request.definition)),
      ),
    })),
    updateAlert: unary<UpdateAlertRequest, UpdateAlertResponse>(logger, async (request) => ({
      alert: alertToProto(
        await alerts.update(
          request.ownerUserId,
          request.ownerEmail,
          request.alertId,
          definitionInput(request.definition),
        ),
      ),
    })),
    getAlert: unary<GetAlertRequest, GetAlertResponse>(logger, async (request) => ({
      alert: alertToProto(await alerts.get(request.ownerUserId, request.alertId)),
    })),
    listAlerts: unary<ListAlertsRequest, ListAlertsResponse>(logger, async (request) => ({
      alerts: (await alerts.list(request.ownerUserId, kindFilter(request.kind))).map(alertToProto),
    })),
    deleteAlert: unary<DeleteAlertRequest, DeleteAlertResponse>(logger, async (request) => {
      await alerts.delete(request.ownerUserId, request.alertId);
      return {};
    }),
    setAlertPaused: unary<SetAlertPausedRequest, SetAlertPausedResponse>(logger, async (request) => ({
      alert: alertToProto(await alerts.setPaused(request.ownerUserId, request.alertId, request.paused)),
    })),
    listAlertHits: unary<ListAlertHitsRequest, ListAlertHitsResponse>(logger, async (request) => ({
      hits: (await alerts.hits(request.ownerUserId, request.alertId, request.limit)).map(hitToProto),
    })),
    followDocket: unary<FollowDocketRequest, FollowDocketResponse>(logger, async (request) => ({
      alert: alertToProto(
        await alerts.follow(request.ownerUserId, request.ownerEmail, {
          docket: request.docket,
          schedule: scheduleInput(request.schedule),
          channels: request.channels,
        }),
      ),
    })),
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
