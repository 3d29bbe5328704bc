// What the alerts gateway returns and the routes send: the alerts service's messages in the API's
// shape, as the zod schemas of alerts.schemas.ts describe it.

import type { z } from 'zod';
import type {
  Alert,
  AlertChannels,
  AlertDefinitionView as AlertDefinitionSchema,
  AlertFilters,
  AlertHit,
  AlertSchedule,
  Delivery,
  FollowedDocket,
  Notification,
  NotificationEvent,
  UnsubscribeResponse,
  VolumeEstimate,
  WebhookEndpoint,
} from './alerts.schemas';

export {
  alertKinds,
  cadences,
  channelNames,
  deliveryKinds,
  deliveryStatuses,
  type AlertKindName,
  type CadenceName,
} from './alert-vocabulary';

/** An alert's filters (every list present; '' for an open date). */
export type AlertFiltersView = z.output<typeof AlertFilters>;

/** When an alert's hits are sent: at once, or in a daily or weekly digest. */
export type AlertScheduleView = z.output<typeof AlertSchedule>;

/** Where an alert's hits are sent. */
export type AlertChannelsView = z.output<typeof AlertChannels>;

/** An alert's definition as answered: every field present. */
export type AlertDefinitionView = z.output<typeof AlertDefinitionSchema>;

/** A definition as a caller gives it (validated, defaults applied). */
export interface AlertDefinitionInput {
  name: string;
  query: string;
  filters?: AlertFiltersView | undefined;
  question: string;
  schedule: AlertScheduleView;
  channels: AlertChannelsView;
}

/** The docket a docket follow watches. */
export type FollowedDocketView = z.output<typeof FollowedDocket>;

/** An alert (a saved search or a followed docket) with its hit counts. */
export type AlertView = z.output<typeof Alert>;

/** A docket to follow, with how and where to hear of its new filings (defaults when absent). */
export interface DocketFollow extends FollowedDocketView {
  schedule?: AlertScheduleView | undefined;
  channels?: AlertChannelsView | undefined;
}

/** A document an alert matched. */
export type AlertHitView = z.output<typeof AlertHit>;

/** One sending of an alert's hits on one channel. */
export type DeliveryView = z.output<typeof Delivery>;

/** An in-app notification. */
export type NotificationView = z.output<typeof Notification>;

/** What the notifications stream sends: the unread count, and the notification that just arrived. */
export type NotificationEventView = z.output<typeof NotificationEvent>;

/** A webhook endpoint of a user (its secret is shown once, at creation). */
export type WebhookEndpointView = z.output<typeof WebhookEndpoint>;

/** What an unsubscribe link did. */
export type UnsubscribeView = z.output<typeof UnsubscribeResponse>;

/** How many documents a query and filters would have matched per day, over the last `days`. */
export interface VolumeEstimateRequest {
  query: string;
  filters?: AlertFiltersView | undefined;
  days: number;
}

/** How many documents a query and filters matched per day over a window. */
export type VolumeEstimateView = z.output<typeof VolumeEstimate>;
