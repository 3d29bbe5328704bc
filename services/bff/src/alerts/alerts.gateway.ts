import { InputError } from '@docket/errors';
import * as alertsV1 from '@docket/proto/src/alerts';
import { grpcCall } from '@docket/service-kit';
import { watchServerStream, type StreamWatch } from '../grpc/server-stream-watch';
import { isoOrNull } from '../grpc/timestamps';
import type {
  AlertDefinitionInput,
  AlertDefinitionView,
  AlertHitView,
  AlertKindName,
  AlertView,
  CadenceName,
  DeliveryView,
  DocketFollow,
  NotificationEventView,
  NotificationView,
  UnsubscribeView,
  WebhookEndpointView,
} from './alert-view';

/** Who acts: every call is scoped to this user (another user's alert is NOT_FOUND, hence 404). */
export interface AlertOwner {
  id: string;
  email: string;
}

export type NotificationWatch = StreamWatch;

const { AlertKind, Cadence, Channel, DeliveryKind, DeliveryStatus } = alertsV1;

const CADENCES: Record<CadenceName, alertsV1.Cadence> = {
  realtime: Cadence.CADENCE_REALTIME,
  daily: Cadence.CADENCE_DAILY,
  weekly: Cadence.CADENCE_WEEKLY,
};
const KINDS: Record<AlertKindName, alertsV1.AlertKind> = {
  search: AlertKind.ALERT_KIND_SEARCH,
  docket: AlertKind.ALERT_KIND_DOCKET,
};

/** The BFF's view of the alerts service's AlertService. */
export class AlertsGateway {
  constructor(private readonly client: alertsV1.AlertServiceClient) {}

  async list(owner: AlertOwner, kind?: AlertKindName): Promise<AlertView[]> {
    const response = await grpcCall(this.client, 'listAlerts', {
      ownerUserId: owner.id,
      kind: kind ? KINDS[kind] : AlertKind.ALERT_KIND_UNSPECIFIED,
    });
    return response.alerts.map(toAlertView);
  }

  async get(owner: AlertOwner, alertId: string): Promise<AlertView> {
    return toAlertView(required((await grpcCall(this.client, 'getAlert', { ownerUserId: owner.id, alertId })).alert));
  }

  async create(owner: AlertOwner, definition: AlertDefinitionInput): Promise<AlertView> {
    const response = await withFieldNames(
      grpcCall(this.client, 'createAlert', {
        ownerUserId: owner.id,
        ownerEmail: owner.email,
        definition: toDefinition(definition),
      }),
    );
    return toAlertView(required(response.alert));
  }

  async update(owner: AlertOwner, alertId: string, definition: AlertDefinitionInput): Promise<AlertView> {
    const response = await withFieldNames(
      grpcCall(this.client, 'updateAlert', {
        ownerUserId: owner.id,
        ownerEmail: owner.email,
        alertId,
        definition: toDefinition(definition),
      }),
    );
    return toAlertView(required(response.alert));
  }

  async remove(owner: AlertOwner, alertId: string): Promise<void> {
    await grpcCall(this.client, 'deleteAlert', { ownerUserId: owner.id, alertId });
  }

  async setPaused(owner: AlertOwner, alertId: string, paused: boolean): Promise<AlertView> {
    return toAlertView(
      required((await grpcCall(this.client, 'setAlertPaused', { ownerUserId: owner.id, alertId, paused })).alert),
    );
  }

  async sendTest(owner: AlertOwner, alertId: string): Promise<DeliveryView[]> {
    const response = await grpcCall(
      this.client,
      'sendTestAlert',
      { ownerUserId: owner.id, alertId },
      { deadlineMs: 30_000 },
    );
    return response.deliveries.map(toDeliveryView);
  }

  async hits(owner: AlertOwner, alertId: string, limit: number): Promise<AlertHitView[]> {
    const response = await grpcCall(this.client, 'listAlertHits', { ownerUserId: owner.id, alertId, limit });
    return response.hits.map(toHitView);
  }

  async deliveries(owner: AlertOwner, alertId: string, limit: number): Promise<DeliveryView[]> {
    const response = await grpcCall(this.client, 'listDeliveries', { ownerUserId: owner.id, alertId, limit });
    return response.deliveries.map(toDeliveryView);
  }

  /** Following a docket twice returns the existing follow. */
  async followDocket(owner: AlertOwner, body: DocketFollow): Promise<AlertView> {
    const response = await withFieldNames(
      grpcCall(this.client, 'followDocket', {
        ownerUserId: owner.id,
        ownerEmail: owner.email,
        docket: {
          docketId: body.docketId,
          docketNumber: body.docketNumber,
          title: body.title,
          sourceName: body.sourceName,
        },
        schedule: body.schedule ? toSchedule(body.schedule) : undefined,
        channels: body.channels,
      }),
    );
    return toAlertView(required(response.alert));
  }

  async notifications(
    owner: AlertOwner,
    page: { limit: number; unreadOnly: boolean; cursor?: string | undefined },
  ): Promise<{ notifications: NotificationView[]; unreadCount: number; nextCursor: string | null }> {
    const response = await grpcCall(this.client, 'listNotifications', {
      ownerUserId: owner.id,
      limit: page.limit,
      unreadOnly: page.unreadOnly,
      cursor: page.cursor ?? '',
    });
    return {
      notifications: response.notifications.map(toNotificationView),
      unreadCount: Number(response.unreadCount),
      nextCursor: response.nextCursor || null,
    };
  }

  async markRead(owner: AlertOwner, ids: string[], all: boolean): Promise<number> {
    const response = await grpcCall(this.client, 'markNotificationsRead', {
      ownerUserId: owner.id,
      notificationIds: ids,
      all,
    });
    return Number(response.unreadCount);
  }

  /** The unread count now, then every change, until the service ends the stream or `cancel()` is called. */
  watchNotifications(
    owner: AlertOwner,
    handlers: { onEvent(event: NotificationEventView): void; onEnd(error?: Error): void },
  ): NotificationWatch {
    return watchServerStream(this.client.watchNotifications({ ownerUserId: owner.id }), {
      onMessage: (message: alertsV1.WatchNotificationsResponse) => {
        handlers.onEvent({
          unreadCount: Number(message.unreadCount),
          notification: message.notification ? toNotificationView(message.notification) : null,
        });
      },
      onEnd: handlers.onEnd,
    });
  }

  async webhookEndpoints(owner: AlertOwner): Promise<WebhookEndpointView[]> {
    return (await grpcCall(this.client, 'listWebhookEndpoints', { ownerUserId: owner.id })).endpoints.map(
      toEndpointView,
    );
  }

  /** The secret comes back this once only. */
  async createWebhookEndpoint(
    owner: AlertOwner,
    url: string,
    description: string,
  ): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
    const response = await withFieldNames(
      grpcCall(this.client, 'createWebhookEndpoint', { ownerUserId: owner.id, url, description }),
    );
    return { endpoint: toEndpointView(required(response.endpoint)), secret: response.secret };
  }

  async deleteWebhookEndpoint(owner: AlertOwner, endpointId: string): Promise<void> {
    await grpcCall(this.client, 'deleteWebhookEndpoint', { ownerUserId: owner.id, endpointId });
  }

  async enableWebhookEndpoint(owner: AlertOwner, endpointId: string): Promise<WebhookEndpointView> {
    return toEndpointView(
      required((await grpcCall(this.client, 'enableWebhookEndpoint', { ownerUserId: owner.id, endpointId })).endpoint),
    );
  }

  async describeUnsubscribe(token: string): Promise<UnsubscribeView> {
    const { alertId, alertName, unsubscribed } = await withFieldNames(
      grpcCall(this.client, 'describeUnsubscribe', { token }),
    );
    return { alertId, alertName, unsubscribed };
  }

  async unsubscribe(token: string): Promise<UnsubscribeView> {
    const { alertId, alertName, unsubscribed } = await withFieldNames(grpcCall(this.client, 'unsubscribe', { token }));
    return { alertId, alertName, unsubscribed };
  }
}

function required<T>(message: T | undefined): T {
  if (!message) throw new Error('the alerts service answered without the object asked for');
  return message;
}

/**
 * The alerts service names fields as the proto does (`definition.schedule.time_zone`); the API's
 * callers sent `schedule.timeZone`: issues name what they sent.
 */
export function alertIssuePath(path: string): string {
  return path
    .replace(/^definition\./u, '')
    .replace(/^docket\./u, '')
    .replace(/_([a-z])/gu, (_m, letter: string) => letter.toUpperCase());
}

async function withFieldNames<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof InputError)
      throw new InputError(
        error.message,
        error.issues.map((issue) => ({ ...issue, path: alertIssuePath(issue.path) })),
      );
    throw error;
  }
}

function toSchedule(schedule: AlertDefinitionInput['schedule']): alertsV1.Schedule {
  return {
    cadence: CADENCES[schedule.cadence],
    hour: schedule.hour,
    weekday: schedule.weekday,
    timeZone: schedule.timeZone,
  };
}

function toDefinition(definition: AlertDefinitionInput): alertsV1.AlertDefinition {
  return {
    name: definition.name,
    query: definition.query,
    filters: definition.filters,
    question: definition.question,
    schedule: toSchedule(definition.schedule),
    channels: definition.channels,
  };
}

const cadenceNames = new Map<alertsV1.Cadence, CadenceName>(
  Object.entries(CADENCES).map(([name, value]) => [value, name as CadenceName]),
);

function toDefinitionView(d: alertsV1.AlertDefinition | undefined): AlertDefinitionView {
  const filters = d?.filters;
  const schedule = d?.schedule;
  return {
    name: d?.name ?? '',
    query: d?.query ?? '',
    filters: {
      agencies: filters?.agencies ?? [],
      filingTypes: filters?.filingTypes ?? [],
      dockets: filters?.dockets ?? [],
      parties: filters?.parties ?? [],
      filedFrom: filters?.filedFrom ?? '',
      filedTo: filters?.filedTo ?? '',
    },
    question: d?.question ?? '',
    schedule: {
      // An unset cadence only comes from a record older than the field; it was delivered at once.
      cadence: cadenceNames.get(schedule?.cadence ?? Cadence.CADENCE_REALTIME) ?? 'realtime',
      hour: schedule?.hour ?? 0,
      weekday: schedule?.weekday ?? 0,
      timeZone: schedule?.timeZone || 'UTC',
    },
    channels: {
      inApp: d?.channels?.inApp ?? false,
      email: d?.channels?.email ?? false,
      webhookEndpointId: d?.channels?.webhookEndpointId ?? '',
    },
  };
}

export function toAlertView(a: alertsV1.Alert): AlertView {
  return {
    id: a.id,
    kind: a.kind === AlertKind.ALERT_KIND_DOCKET ? 'docket' : 'search',
    definition: toDefinitionView(a.definition),
    docket: a.docket
      ? {
          docketId: a.docket.docketId,
          docketNumber: a.docket.docketNumber,
          title: a.docket.title,
          sourceName: a.docket.sourceName,
        }
      : null,
    paused: a.paused,
    volumeNotice: a.volumeNotice,
    createdAt: isoOrNull(a.createdAt),
    updatedAt: isoOrNull(a.updatedAt),
    lastHitAt: isoOrNull(a.lastHitAt),
    hitsThisWeek: Number(a.hitsThisWeek),
    hitsTotal: Number(a.hitsTotal),
  };
}

function toHitView(h: alertsV1.AlertHit): AlertHitView {
  return {
    id: h.id,
    documentId: h.documentId,
    title: h.title,
    snippet: h.snippet,
    docketNumber: h.docketNumber,
    sourceName: h.sourceName,
    filingType: h.filingType,
    filedAt: isoOrNull(h.filedAt),
    matchedAt: isoOrNull(h.matchedAt),
    deliveryKey: h.deliveryKey,
  };
}

const CHANNEL_NAMES: Partial<Record<alertsV1.Channel, DeliveryView['channel']>> = {
  [Channel.CHANNEL_IN_APP]: 'in_app',
  [Channel.CHANNEL_EMAIL]: 'email',
  [Channel.CHANNEL_WEBHOOK]: 'webhook',
};
const DELIVERY_KINDS: Partial<Record<alertsV1.DeliveryKind, DeliveryView['kind']>> = {
  [DeliveryKind.DELIVERY_KIND_REALTIME]: 'realtime',
  [DeliveryKind.DELIVERY_KIND_DIGEST]: 'digest',
  [DeliveryKind.DELIVERY_KIND_TEST]: 'test',
};
const DELIVERY_STATUSES: Partial<Record<alertsV1.DeliveryStatus, DeliveryView['status']>> = {
  [DeliveryStatus.DELIVERY_STATUS_PENDING]: 'pending',
  [DeliveryStatus.DELIVERY_STATUS_SENT]: 'sent',
  [DeliveryStatus.DELIVERY_STATUS_RETRYING]: 'retrying',
  [DeliveryStatus.DELIVERY_STATUS_FAILED]: 'failed',
};

function toDeliveryView(d: alertsV1.Delivery): DeliveryView {
  return {
    key: d.key,
    alertId: d.alertId,
    channel: CHANNEL_NAMES[d.channel] ?? 'in_app',
    kind: DELIVERY_KINDS[d.kind] ?? 'realtime',
    status: DELIVERY_STATUSES[d.status] ?? 'pending',
    attempts: d.attempts,
    error: d.error,
    documentCount: d.documentCount,
    createdAt: isoOrNull(d.createdAt),
    sentAt: isoOrNull(d.sentAt),
    nextAttemptAt: isoOrNull(d.nextAttemptAt),
    label: d.label,
  };
}

function toNotificationView(n: alertsV1.Notification): NotificationView {
  return {
    id: n.id,
    kind: n.kind || 'hit',
    title: n.title,
    body: n.body,
    link: n.link,
    alertId: n.alertId,
    documentId: n.documentId,
    read: n.read,
    createdAt: isoOrNull(n.createdAt),
  };
}

function toEndpointView(e: alertsV1.WebhookEndpoint): WebhookEndpointView {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    disabled: e.disabled,
    disabledReason: e.disabledReason,
    consecutiveFailures: e.consecutiveFailures,
    createdAt: isoOrNull(e.createdAt),
    lastSuccessAt: isoOrNull(e.lastSuccessAt),
  };
}
