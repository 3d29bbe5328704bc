import type { Logger } from '@docket/observability';
import type { ApiRouter } from '../http/api-router';
import type { SessionEnds } from '../http/event-stream';
import type { AlertsGateway } from './alerts.gateway';
import { ownerOf } from './alerts.routes';
import {
  MarkReadBody,
  NotificationEvent,
  NotificationsQuery,
  NotificationsResponse,
  UnreadCountResponse,
} from './alerts.schemas';
import { relayNotificationEvents } from './notification-events.relay';

/** /api/notifications: the bell's list and unread count, mark read, and the live count over SSE. */
export function registerNotificationRoutes(
  api: ApiRouter,
  deps: { alerts: AlertsGateway; logger: Logger; heartbeatMs: number; sessionEnds: SessionEnds },
): void {
  const { alerts } = deps;

  api.route(
    {
      method: 'get',
      path: '/api/notifications',
      tag: 'notifications',
      access: 'user',
      query: NotificationsQuery,
      summary: 'Your notifications, newest first, with the unread count',
      responses: { 200: { description: 'A page of notifications', schema: NotificationsResponse } },
    },
    async ({ query }, req, res) => {
      res.json(
        await alerts.notifications(ownerOf(req), {
          limit: query.limit,
          unreadOnly: query.unread,
          cursor: query.cursor,
        }),
      );
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/notifications/read',
      tag: 'notifications',
      access: 'user',
      body: MarkReadBody,
      summary: 'Mark notifications read (the ones named, or all)',
      responses: { 200: { description: 'The unread count left', schema: UnreadCountResponse } },
    },
    async ({ body }, req, res) => {
      res.json({ unreadCount: await alerts.markRead(ownerOf(req), body.ids, body.all) });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/notifications/events',
      tag: 'notifications',
      access: 'user',
      summary:
        'The unread count live, as server-sent events (`event: notifications`): ' +
        'at once, then on every new notification or read',
      responses: {
        200: {
          description: 'text/event-stream of unread counts',
          contentType: 'text/event-stream',
          schema: NotificationEvent,
        },
      },
    },
    async (_input, req, res) => {
      relayNotificationEvents(req, res, deps, ownerOf(req));
    },
  );
}
