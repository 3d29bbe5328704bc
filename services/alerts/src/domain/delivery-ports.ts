import type { PendingEvent } from '@docket/events';

/**
 * The seams between the alerts service's parts, agreed before they were built side by side:
 * matching (subscriptions, percolation, hits, notifications) hands new hits to delivery; delivery
 * (real-time, digests, e-mail, in-app, webhooks) reads alerts and hits back and writes notifications.
 * Every operation here is idempotent: a redelivered event or a restarted worker calls it again.
 */

export type AlertKindName = 'search' | 'docket';
export type CadenceName = 'realtime' | 'daily' | 'weekly';
export type ChannelName = 'in_app' | 'email' | 'webhook';

/** What delivery needs to know of an alert (a saved search or a docket follow). */
export interface AlertForDelivery {
  id: string;
  ownerUserId: string;
  ownerEmail: string;
  name: string;
  kind: AlertKindName;
  /** Saved search: the query as the user wrote it (empty for a docket follow). */
  query: string;
  question: string;
  cadence: CadenceName;
  /** 0-23 in timeZone, daily and weekly digests. */
  hour: number;
  /** 0 = Sunday … 6 = Saturday, weekly digests. */
  weekday: number;
  timeZone: string;
  channels: { inApp: boolean; email: boolean; webhookEndpointId: string };
  paused: boolean;
  /** Set while the volume guard folds this real-time alert into an hourly digest. */
  volumeNotice: string;
  /** E-mail for this alert was turned off by its unsubscribe link. */
  emailUnsubscribed: boolean;
}

/** One document an alert matched (unique per alert × document). */
export interface HitForDelivery {
  id: string;
  alertId: string;
  documentId: string;
  title: string;
  /** Plain text, matched words between U+E000 and U+E001. */
  snippet: string;
  docketNumber: string;
  sourceName: string;
  filingType: string;
  filedAt?: Date;
  matchedAt: Date;
  /** The delivery that carried it; empty until one did. */
  deliveryKey: string;
}

/** Implemented by delivery; called by the percolator after it stored hits. */
export interface DeliveryPlanner {
  /**
   * Plans delivery of hits not yet planned (a redelivered event calls it again with the same hits:
   * nothing is planned twice). Real-time alerts are queued at once; digest cadences wait for their window.
   */
  planHits(alert: AlertForDelivery, hits: HitForDelivery[]): Promise<void>;
}

/** Implemented by matching (the notification store + live stream); called by delivery. */
export interface NotificationSink {
  /** Creates the notification once per key (a repeated call with the same key does nothing). */
  notify(notification: {
    key: string;
    ownerUserId: string;
    kind: 'hit' | 'digest' | 'notice';
    title: string;
    body: string;
    /** In-app path: /documents/{id}, /alerts/{id}, … */
    link: string;
    alertId?: string;
    documentId?: string;
  }): Promise<void>;
}

/** Implemented by matching's stores; read by delivery. */
export interface AlertSource {
  alert(alertId: string): Promise<AlertForDelivery | null>;
  /** Active (not paused) alerts of one owner with the given digest cadence. */
  alertsOfOwner(ownerUserId: string, cadence: CadenceName): Promise<AlertForDelivery[]>;
  /** Owners with at least one active alert of this cadence (digest scheduling). */
  ownersWithCadence(cadence: CadenceName): AsyncIterable<string>;
  setVolumeNotice(alertId: string, notice: string): Promise<void>;
  setEmailUnsubscribed(alertId: string, unsubscribed: boolean): Promise<void>;
}

export interface HitSource {
  /** Hits of an alert not yet carried by any delivery, oldest first. */
  undeliveredHits(alertId: string, limit: number): Promise<HitForDelivery[]>;
  countUndelivered(alertId: string): Promise<number>;
  /** Records which delivery carried these hits (only hits with no delivery key yet are changed). */
  markDelivered(hitIds: string[], deliveryKey: string): Promise<void>;
}

/** A webhook message as sent; `id` is the delivery key (the `webhook-id` header). */
export interface WebhookMessage {
  id: string;
  ownerUserId: string;
  endpointId: string;
  type: 'alert.hits' | 'alert.digest' | 'alert.test' | 'data_product.release';
  payload: Record<string, unknown>;
}

/** Implemented by the webhook channel; used by the delivery worker. */
export interface WebhookSender {
  /**
   * Signs and POSTs the message (Standard Webhooks). Resolves when the receiver answered 2xx; throws
   * RetryableDeliveryError for a failure worth retrying and PermanentDeliveryError otherwise (the
   * endpoint is gone, disabled, or points at a private address).
   */
  send(message: WebhookMessage): Promise<void>;
  /** Counts a final failure against the endpoint (disables it, and notifies its owner, past the limit). */
  recordFinalFailure(endpointId: string, reason: string): Promise<void>;
  recordSuccess(endpointId: string): Promise<void>;
}

export class RetryableDeliveryError extends Error {
  override readonly name = 'RetryableDeliveryError';
}

export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
}

/** What matching asks when an alert names a webhook endpoint. */
export interface WebhookEndpointOwnership {
  /** Whether this endpoint exists and belongs to this owner (disabled ones count: they can be enabled again). */
  isOwnersEndpoint(ownerUserId: string, endpointId: string): Promise<boolean>;
}

/** The alerts.triggered.v1 event of a new hit, ready for the hit's outbox (made by events/). */
export type TriggeredEventOf = (hit: { alertId: string; ownerUserId: string; documentId: string }) => PendingEvent;
