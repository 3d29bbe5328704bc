// What the alerts gateway returns and the routes send: the alerts service's messages in the API's
// shape. The zod schemas of alerts.schemas.ts describe the same shapes for validation and OpenAPI;
// test/unit/views-match-schemas.test.ts fails to compile when the two part.

export const cadences = ['realtime', 'daily', 'weekly'] as const;
export const alertKinds = ['search', 'docket'] as const;
export const channelNames = ['in_app', 'email', 'webhook'] as const;
export const deliveryStatuses = ['pending', 'sent', 'retrying', 'failed'] as const;
export const deliveryKinds = ['realtime', 'digest', 'test'] as const;

export type CadenceName = (typeof cadences)[number];
export type AlertKindName = (typeof alertKinds)[number];

export interface AlertFiltersView {
  agencies: string[];
  filingTypes: string[];
  dockets: string[];
  parties: string[];
  /** YYYY-MM-DD, or '' when open. */
  filedFrom: string;
  filedTo: string;
}

export interface AlertScheduleView {
  cadence: CadenceName;
  /** Hour of the day (0–23) in timeZone, for digests. */
  hour: number;
  /** Day of the week (0 = Sunday), for weekly digests. */
  weekday: number;
  timeZone: string;
}

export interface AlertChannelsView {
  inApp: boolean;
  email: boolean;
  webhookEndpointId: string;
}

export interface AlertDefinitionView {
  name: string;
  query: string;
  filters: AlertFiltersView;
  question: string;
  schedule: AlertScheduleView;
  channels: AlertChannelsView;
}

/** A definition as a caller gives it (validated, defaults applied). */
export interface AlertDefinitionInput {
  name: string;
  query: string;
  filters?: AlertFiltersView | undefined;
  question: string;
  schedule: AlertScheduleView;
  channels: AlertChannelsView;
}

export interface FollowedDocketView {
  docketId: string;
  docketNumber: string;
  title: string;
  sourceName: string;
}

export interface AlertView {
  id: string;
  kind: AlertKindName;
  definition: AlertDefinitionView;
  docket: FollowedDocketView | null;
  paused: boolean;
  volumeNotice: string;
  createdAt: string | null;
  updatedAt: string | null;
  lastHitAt: string | null;
  hitsThisWeek: number;
  hitsTotal: number;
}

/** A docket to follow, with how and where to hear of its new filings (defaults when absent). */
export interface DocketFollow extends FollowedDocketView {
  schedule?: AlertScheduleView | undefined;
  channels?: AlertChannelsView | undefined;
}

export interface AlertHitView {
  id: string;
  documentId: string;
  title: string;
  snippet: string;
  docketNumber: string;
  sourceName: string;
  filingType: string;
  filedAt: string | null;
  matchedAt: string | null;
  deliveryKey: string;
}

export interface DeliveryView {
  key: string;
  alertId: string;
  channel: (typeof channelNames)[number];
  kind: (typeof deliveryKinds)[number];
  status: (typeof deliveryStatuses)[number];
  attempts: number;
  error: string;
  documentCount: number;
  createdAt: string | null;
  sentAt: string | null;
  nextAttemptAt: string | null;
  label: string;
}

export interface NotificationView {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  alertId: string;
  documentId: string;
  read: boolean;
  createdAt: string | null;
}

export interface NotificationEventView {
  unreadCount: number;
  notification: NotificationView | null;
}

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  disabled: boolean;
  disabledReason: string;
  consecutiveFailures: number;
  createdAt: string | null;
  lastSuccessAt: string | null;
}

export interface UnsubscribeView {
  alertId: string;
  alertName: string;
  unsubscribed: boolean;
}

/** How many documents a query and filters would have matched per day, over the last `days`. */
export interface VolumeEstimateRequest {
  query: string;
  filters?: AlertFiltersView | undefined;
  days: number;
}

export interface VolumeEstimateView {
  total: number;
  perDay: number;
  days: { day: string; count: number }[];
  from: string;
  to: string;
}
