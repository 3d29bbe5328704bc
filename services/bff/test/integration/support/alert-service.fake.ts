import { EventEmitter } from 'node:events';
import type { ServerWritableStream } from '@grpc/grpc-js';
import { ConflictError, InputError, NotFoundError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import * as alertsV1 from '@docket/proto/src/alerts';
import { serverStream, startGrpcServer, unary, type RunningGrpcServer } from '@docket/service-kit';

/**
 * An in-process AlertService over real gRPC for the BFF's tests: owner-scoped like the real one
 * (another user's alert or endpoint is NOT_FOUND), errors named the way the alerts service names them
 * (proto field paths), and WatchNotifications pushed by `notify` / mark read.
 */
export class FakeAlertService {
  readonly alerts = new Map<string, alertsV1.Alert>();
  readonly endpoints = new Map<string, alertsV1.WebhookEndpoint & { owner: string }>();
  readonly notifications: (alertsV1.Notification & { owner: string })[] = [];
  readonly createRequests: alertsV1.CreateAlertRequest[] = [];
  readonly followRequests: alertsV1.FollowDocketRequest[] = [];
  readonly dataSubscriptions = new Map<string, alertsV1.DataSubscription>();
  /** Live WatchNotifications streams, and how many the client cancelled. */
  watchers = 0;
  cancelledWatches = 0;
  /** token → alert id (unsubscribe). */
  readonly tokens = new Map<string, string>();
  readonly emailOff = new Set<string>();
  private readonly changes = new EventEmitter();
  private server: RunningGrpcServer | undefined;
  private sequence = 0;

  /** Live WatchNotifications streams of one user. */
  watchersOf(ownerUserId: string): number {
    return this.changes.listenerCount(ownerUserId);
  }

  async start(logger: Logger): Promise<string> {
    this.changes.setMaxListeners(100);
    this.server = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      logger,
      services: [{ definition: alertsV1.AlertServiceService, implementation: this.impl(logger) }],
    });
    return `127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.shutdown(1000);
  }

  /** A new notification for `owner`, pushed to their watchers. */
  notify(owner: string, fields: Partial<alertsV1.Notification>): alertsV1.Notification {
    const notification = {
      ...alertsV1.Notification.fromPartial({ kind: 'hit', ...fields }),
      id: `n-${++this.sequence}`,
      createdAt: new Date(),
      owner,
    };
    this.notifications.unshift(notification);
    this.changes.emit(owner, notification);
    return notification;
  }

  private unread(owner: string): number {
    return this.notifications.filter((n) => n.owner === owner && !n.read).length;
  }

  private owned(owner: string, alertId: string): alertsV1.Alert {
    const alert = this.alerts.get(alertId);
    if (!alert || alert.ownerUserId !== owner) throw new NotFoundError(`no alert ${alertId}`);
    return alert;
  }

  private ownedEndpoint(owner: string, id: string) {
    const endpoint = this.endpoints.get(id);
    if (!endpoint || endpoint.owner !== owner) throw new NotFoundError(`no webhook endpoint ${id}`);
    return endpoint;
  }

  /** The checks of the real service the BFF's tests rely on: the query's column, the cadence, the endpoint. */
  private check(owner: string, definition: alertsV1.AlertDefinition | undefined): void {
    const query = definition?.query ?? '';
    const open = query.indexOf('(');
    if (open >= 0 && !query.includes(')')) {
      throw new InputError(`query: unclosed parenthesis at column ${open + 1}`, [
        { path: 'definition.query', message: `unclosed parenthesis at column ${open + 1}` },
      ]);
    }
    if (!definition?.schedule || definition.schedule.cadence === alertsV1.Cadence.CADENCE_UNSPECIFIED) {
      throw new InputError('schedule.cadence: is required', [
        { path: 'definition.schedule.cadence', message: 'is required' },
      ]);
    }
    const endpointId = definition.channels?.webhookEndpointId ?? '';
    if (endpointId && this.endpoints.get(endpointId)?.owner !== owner) {
      throw new InputError('channels.webhook_endpoint_id: not one of your endpoints', [
        { path: 'definition.channels.webhook_endpoint_id', message: 'is not one of your webhook endpoints' },
      ]);
    }
    if ([...this.alerts.values()].filter((a) => a.ownerUserId === owner).length >= 5)
      throw new ConflictError('at most 5 alerts per user');
  }

  private impl(logger: Logger): alertsV1.AlertServiceServer {
    const now = () => new Date();
    return {
      createAlert: unary(logger, async (req: alertsV1.CreateAlertRequest) => {
        this.check(req.ownerUserId, req.definition);
        this.createRequests.push(req);
        const alert = alertsV1.Alert.fromPartial({
          id: `alert-${++this.sequence}`,
          ownerUserId: req.ownerUserId,
          kind: alertsV1.AlertKind.ALERT_KIND_SEARCH,
          definition: req.definition,
          createdAt: now(),
          updatedAt: now(),
          hitsThisWeek: '0',
          hitsTotal: '0',
        });
        this.alerts.set(alert.id, alert);
        return { alert };
      }),
      updateAlert: unary(logger, async (req: alertsV1.UpdateAlertRequest) => {
        const alert = this.owned(req.ownerUserId, req.alertId);
        this.check(req.ownerUserId, req.definition);
        Object.assign(alert, { definition: req.definition, updatedAt: now() });
        return { alert };
      }),
      getAlert: unary(logger, async (req: alertsV1.GetAlertRequest) => ({
        alert: this.owned(req.ownerUserId, req.alertId),
      })),
      listAlerts: unary(logger, async (req: alertsV1.ListAlertsRequest) => ({
        alerts: [...this.alerts.values()].filter(
          (a) => a.ownerUserId === req.ownerUserId && (!req.kind || a.kind === req.kind),
        ),
      })),
      deleteAlert: unary(logger, async (req: alertsV1.DeleteAlertRequest) => {
        this.owned(req.ownerUserId, req.alertId);
        this.alerts.delete(req.alertId);
        return {};
      }),
      setAlertPaused: unary(logger, async (req: alertsV1.SetAlertPausedRequest) => {
        const alert = this.owned(req.ownerUserId, req.alertId);
        alert.paused = req.paused;
        return { alert };
      }),
      sendTestAlert: unary(logger, async (req: alertsV1.SendTestAlertRequest) => {
        const alert = this.owned(req.ownerUserId, req.alertId);
        const channels = [
          alert.definition?.channels?.inApp && alertsV1.Channel.CHANNEL_IN_APP,
          alert.definition?.channels?.email && alertsV1.Channel.CHANNEL_EMAIL,
        ].filter((c): c is alertsV1.Channel => Boolean(c));
        return {
          deliveries: channels.map((channel) =>
            alertsV1.Delivery.fromPartial({
              key: `test:${alert.id}:1:${channel}`,
              alertId: alert.id,
              channel,
              kind: alertsV1.DeliveryKind.DELIVERY_KIND_TEST,
              status: alertsV1.DeliveryStatus.DELIVERY_STATUS_SENT,
              attempts: 1,
              createdAt: now(),
              sentAt: now(),
              label: 'test',
            }),
          ),
        };
      }),
      listAlertHits: unary(logger, async (req: alertsV1.ListAlertHitsRequest) => {
        const alert = this.owned(req.ownerUserId, req.alertId);
        return {
          hits: [
            alertsV1.AlertHit.fromPartial({
              id: 'hit-1',
              alertId: alert.id,
              documentId: 'doc-1',
              title: 'Order on rates',
              snippet: 'the \uE000rate\uE001 increase',
              docketNumber: 'ER24-1-000',
              sourceName: 'FERC',
              filingType: 'Order',
              filedAt: new Date('2024-04-30T00:00:00Z'),
              matchedAt: now(),
              deliveryKey: `rt:${alert.id}:doc-1:email`,
            }),
          ].slice(0, req.limit || 50),
        };
      }),
      listDeliveries: unary(logger, async (req: alertsV1.ListDeliveriesRequest) => {
        const alert = this.owned(req.ownerUserId, req.alertId);
        return {
          deliveries: [
            alertsV1.Delivery.fromPartial({
              key: `rt:${alert.id}:doc-1:email`,
              alertId: alert.id,
              channel: alertsV1.Channel.CHANNEL_EMAIL,
              kind: alertsV1.DeliveryKind.DELIVERY_KIND_REALTIME,
              status: alertsV1.DeliveryStatus.DELIVERY_STATUS_RETRYING,
              attempts: 2,
              error: 'SMTP 451 try again later',
              documentCount: 1,
              createdAt: now(),
              nextAttemptAt: new Date(Date.now() + 60_000),
            }),
          ],
        };
      }),
      followDocket: unary(logger, async (req: alertsV1.FollowDocketRequest) => {
        this.followRequests.push(req);
        const existing = [...this.alerts.values()].find(
          (a) => a.ownerUserId === req.ownerUserId && a.docket?.docketNumber === req.docket?.docketNumber,
        );
        if (existing) return { alert: existing };
        const alert = alertsV1.Alert.fromPartial({
          id: `alert-${++this.sequence}`,
          ownerUserId: req.ownerUserId,
          kind: alertsV1.AlertKind.ALERT_KIND_DOCKET,
          docket: req.docket,
          definition: {
            name: req.docket?.docketNumber ?? '',
            schedule: req.schedule ?? { cadence: alertsV1.Cadence.CADENCE_REALTIME, timeZone: 'UTC' },
            channels: req.channels ?? { inApp: true, email: true },
          },
          createdAt: now(),
          updatedAt: now(),
          hitsThisWeek: '0',
          hitsTotal: '0',
        });
        this.alerts.set(alert.id, alert);
        return { alert };
      }),
      listNotifications: unary(logger, async (req: alertsV1.ListNotificationsRequest) => {
        const mine = this.notifications.filter((n) => n.owner === req.ownerUserId && (!req.unreadOnly || !n.read));
        const start = req.cursor ? Number(req.cursor) : 0;
        const page = mine.slice(start, start + (req.limit || 30));
        const more = start + page.length < mine.length;
        return {
          notifications: page,
          unreadCount: String(this.unread(req.ownerUserId)),
          nextCursor: more ? String(start + page.length) : '',
        };
      }),
      markNotificationsRead: unary(logger, async (req: alertsV1.MarkNotificationsReadRequest) => {
        for (const n of this.notifications)
          if (n.owner === req.ownerUserId && (req.all || req.notificationIds.includes(n.id))) n.read = true;
        this.changes.emit(req.ownerUserId, undefined);
        return { unreadCount: String(this.unread(req.ownerUserId)) };
      }),
      watchNotifications: serverStream(
        logger,
        (call: ServerWritableStream<alertsV1.WatchNotificationsRequest, alertsV1.WatchNotificationsResponse>) => {
          const owner = call.request.ownerUserId;
          this.watchers += 1;
          return new Promise<void>((resolve) => {
            call.write({ unreadCount: String(this.unread(owner)) });
            const onChange = (notification: alertsV1.Notification | undefined) =>
              call.write({ unreadCount: String(this.unread(owner)), notification });
            this.changes.on(owner, onChange);
            call.on('cancelled', () => {
              this.changes.off(owner, onChange);
              this.watchers -= 1;
              this.cancelledWatches += 1;
              resolve();
            });
          });
        },
      ),
      createWebhookEndpoint: unary(logger, async (req: alertsV1.CreateWebhookEndpointRequest) => {
        if (new URL(req.url).hostname === '10.0.0.1')
          throw new InputError('url: resolves to a private address', [
            { path: 'url', message: 'resolves to a private address (10.0.0.1)' },
          ]);
        const endpoint = {
          ...alertsV1.WebhookEndpoint.fromPartial({
            id: `wh-${++this.sequence}`,
            url: req.url,
            description: req.description,
            createdAt: now(),
          }),
          owner: req.ownerUserId,
        };
        this.endpoints.set(endpoint.id, endpoint);
        return { endpoint, secret: `whsec_${Buffer.from(endpoint.id).toString('base64')}` };
      }),
      listWebhookEndpoints: unary(logger, async (req: alertsV1.ListWebhookEndpointsRequest) => ({
        endpoints: [...this.endpoints.values()].filter((e) => e.owner === req.ownerUserId),
      })),
      deleteWebhookEndpoint: unary(logger, async (req: alertsV1.DeleteWebhookEndpointRequest) => {
        this.ownedEndpoint(req.ownerUserId, req.endpointId);
        this.endpoints.delete(req.endpointId);
        return {};
      }),
      enableWebhookEndpoint: unary(logger, async (req: alertsV1.EnableWebhookEndpointRequest) => {
        const endpoint = this.ownedEndpoint(req.ownerUserId, req.endpointId);
        Object.assign(endpoint, { disabled: false, disabledReason: '', consecutiveFailures: 0 });
        return { endpoint };
      }),
      describeUnsubscribe: unary(logger, async (req: alertsV1.DescribeUnsubscribeRequest) => {
        const alert = this.alerts.get(this.tokens.get(req.token) ?? '');
        if (!alert) throw new NotFoundError('unknown or expired unsubscribe link');
        return {
          alertId: alert.id,
          alertName: alert.definition?.name ?? '',
          unsubscribed: this.emailOff.has(alert.id),
        };
      }),
      unsubscribe: unary(logger, async (req: alertsV1.UnsubscribeRequest) => {
        const alert = this.alerts.get(this.tokens.get(req.token) ?? '');
        if (!alert) throw new NotFoundError('unknown or expired unsubscribe link');
        this.emailOff.add(alert.id);
        return { alertId: alert.id, alertName: alert.definition?.name ?? '', unsubscribed: true };
      }),
      ...this.dataSubscriptionImpl(logger),
    };
  }

  /** Data subscriptions: one per owner and product; the product must be non-empty, the rest is kept as sent. */
  private dataSubscriptionImpl(
    logger: Logger,
  ): Pick<
    alertsV1.AlertServiceServer,
    'createDataSubscription' | 'updateDataSubscription' | 'listDataSubscriptions' | 'deleteDataSubscription'
  > {
    const mine = (owner: string, id: string) => {
      const found = this.dataSubscriptions.get(id);
      if (!found || found.ownerUserId !== owner) throw new NotFoundError(`no data subscription ${id}`);
      return found;
    };
    return {
      createDataSubscription: unary(logger, async (req: alertsV1.CreateDataSubscriptionRequest) => {
        const productId = req.definition?.dataProductId ?? '';
        if (!productId)
          throw new InputError('data_product_id: must not be empty', [
            { path: 'data_product_id', message: 'must not be empty' },
          ]);
        const taken = [...this.dataSubscriptions.values()].some(
          (d) => d.ownerUserId === req.ownerUserId && d.definition?.dataProductId === productId,
        );
        if (taken) throw new ConflictError(`you already subscribe to ${productId}`);
        const subscription = alertsV1.DataSubscription.fromPartial({
          id: `sub-${++this.sequence}`,
          ownerUserId: req.ownerUserId,
          definition: req.definition,
          dataProductName: `Product ${productId}`,
          createdAt: new Date(),
          updatedAt: new Date(),
        });
        this.dataSubscriptions.set(subscription.id, subscription);
        return { subscription };
      }),
      updateDataSubscription: unary(logger, async (req: alertsV1.UpdateDataSubscriptionRequest) => {
        const current = mine(req.ownerUserId, req.subscriptionId);
        const subscription = {
          ...current,
          definition: { ...req.definition!, dataProductId: current.definition!.dataProductId },
          updatedAt: new Date(),
        };
        this.dataSubscriptions.set(subscription.id, subscription);
        return { subscription };
      }),
      listDataSubscriptions: unary(logger, async (req: alertsV1.ListDataSubscriptionsRequest) => ({
        subscriptions: [...this.dataSubscriptions.values()].filter(
          (d) =>
            d.ownerUserId === req.ownerUserId &&
            (!req.dataProductId || d.definition?.dataProductId === req.dataProductId),
        ),
      })),
      deleteDataSubscription: unary(logger, async (req: alertsV1.DeleteDataSubscriptionRequest) => {
        mine(req.ownerUserId, req.subscriptionId);
        this.dataSubscriptions.delete(req.subscriptionId);
        return {};
      }),
    };
  }
}
