import type { AlertKindName, ChannelName, HitForDelivery } from './delivery-ports';
import type { ReleaseNotice } from './release-notice';

/**
 * 'export': an export's ready / failed e-mail (not an alert's; it carries `export` instead of sections).
 * 'release': a data product's release told to a subscriber (it carries `release`).
 */
export type DeliveryKindName = 'realtime' | 'digest' | 'test' | 'export' | 'release';
/**
 * 'held': a digest-mode release e-mail waiting, unqueued (the sweeper leaves it), for the subscriber's
 * next daily digest, which carries it and marks it sent.
 */
export type DeliveryStatusName = 'held' | 'pending' | 'sent' | 'retrying' | 'failed';
/** Hourly is the volume guard's digest of a real-time alert that hit too often. */
export type DigestCadence = 'hourly' | 'daily' | 'weekly';

/** One document as a message shows it (a snapshot of its hit: a retry sends what was planned). */
export type DeliveredDocument = Omit<HitForDelivery, 'id' | 'alertId' | 'deliveryKey'>;

/** A sentence of a digest's answer and the documents it cites. */
export interface AnswerSentence {
  text: string;
  documentIds: string[];
}

/** What one alert contributes to a message. */
export interface DeliverySection {
  alertId: string;
  alertName: string;
  alertKind: AlertKindName;
  question: string;
  /** Every new document of the alert in this message (the top ones are listed). */
  total: number;
  documents: DeliveredDocument[];
  /** The extractive answer to the alert's question over its new documents, when it has one. */
  answer: AnswerSentence[];
}

/** What an export's e-mail says, snapshot from its exports.completed.v1 event. */
export interface ExportSummary {
  exportId: string;
  processId: string;
  workspaceId: string;
  /** '' for a workspace export. */
  requestId: string;
  title: string;
  fileName: string;
  /** Bytes (0 when it failed). */
  size: number;
  succeeded: boolean;
  expiresAt?: Date;
  error: string;
}

/**
 * A message recorded before it is sent, under a key that makes it happen once: a re-planned hit or
 * a re-run digest window finds the record already there, and the worker skips a record already sent.
 */
export interface DeliveryRecord {
  key: string;
  kind: DeliveryKindName;
  channel: ChannelName;
  status: DeliveryStatusName;
  ownerUserId: string;
  ownerEmail: string;
  /** Every alert the message carries (one, except for digests). */
  alertIds: string[];
  /** For the webhook channel. */
  endpointId: string;
  /** The hits it carries (marked delivered under `hitGroup`). */
  hitIds: string[];
  /** The key hits are marked with: the same for every channel of one real-time hit or one digest. */
  hitGroup: string;
  sections: DeliverySection[];
  documentCount: number;
  label: string;
  /** Set on kind 'export' only. */
  export?: ExportSummary;
  /** Set on kind 'release' only. */
  release?: ReleaseNotice;
  /** A daily digest e-mail's data products section: the held release e-mails it carries. */
  releases?: ReleaseNotice[];
  attempts: number;
  error: string;
  createdAt: Date;
  sentAt?: Date;
  nextAttemptAt?: Date;
}

/** How many of an alert's documents a message lists; the rest are "and N more". */
export const TOP_DOCUMENTS = 5;

export const deliveryKeys = {
  realtimeGroup: (alertId: string, documentId: string) => `rt:${alertId}:${documentId}`,
  realtime: (alertId: string, documentId: string, channel: ChannelName) => `rt:${alertId}:${documentId}:${channel}`,
  digestGroup: (ownerUserId: string, cadence: DigestCadence, windowStart: Date) =>
    `digest:${ownerUserId}:${cadence}:${windowStart.toISOString()}`,
  digest: (ownerUserId: string, cadence: DigestCadence, windowStart: Date, channel: ChannelName, endpointId = '') =>
    `digest:${ownerUserId}:${cadence}:${windowStart.toISOString()}:${channel}${endpointId ? `:${endpointId}` : ''}`,
  test: (alertId: string, n: string, channel: ChannelName) => `test:${alertId}:${n}:${channel}`,
  /** A file is ready once per export; each failure (a retry can fail again) is its own event. */
  exportEmail: (exportId: string, succeeded: boolean, eventId: string) =>
    succeeded ? `export:${exportId}:email` : `export:${exportId}:failed:${eventId}:email`,
};

export function toDeliveredDocument(hit: HitForDelivery): DeliveredDocument {
  return {
    documentId: hit.documentId,
    title: hit.title,
    snippet: hit.snippet,
    docketNumber: hit.docketNumber,
    sourceName: hit.sourceName,
    filingType: hit.filingType,
    matchedAt: hit.matchedAt,
    ...(hit.filedAt ? { filedAt: hit.filedAt } : {}),
  };
}

const DATE_LABEL = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "daily digest, 25 Nov 2026" (the window's UTC date; the e-mail itself says the user's). */
export function digestLabel(cadence: DigestCadence, windowStart: Date): string {
  const hour = cadence === 'hourly' ? ` ${String(windowStart.getUTCHours()).padStart(2, '0')}:00 UTC` : '';
  return `${cadence} digest, ${DATE_LABEL.format(windowStart)}${hour}`;
}

/** A job id for BullMQ, which refuses ':' in custom ids. */
export function jobIdOf(key: string): string {
  return key.replaceAll(':', '|');
}
