/**
 * An alert as the matching core keeps it: a saved search (query + filters) or a docket follow, its
 * owner, schedule and channels, and what it matched so far. Repositories map to and from this.
 */
import type { SearchFilters } from '@docket/query-language';
import type { AlertForDelivery, AlertKindName, CadenceName } from './delivery-ports';

export const CADENCES: readonly CadenceName[] = ['realtime', 'daily', 'weekly'];

export interface AlertChannels {
  inApp: boolean;
  email: boolean;
  /** Empty: no webhook. */
  webhookEndpointId: string;
}

export interface AlertSchedule {
  cadence: CadenceName;
  hour: number;
  weekday: number;
  timeZone: string;
}

/** The docket a follow watches; docketId (the documents service's id) or the number identifies it. */
export interface FollowedDocket {
  docketId: string;
  docketNumber: string;
  title: string;
  sourceName: string;
}

/** What the user edits (for a docket follow only name, schedule and channels apply). */
export interface AlertDefinition {
  name: string;
  query: string;
  filters: SearchFilters;
  question: string;
  schedule: AlertSchedule;
  channels: AlertChannels;
}

/** Where alert changes go so that matching sees them at once (the percolation index of this process). */
export interface AlertChangeSink {
  apply(alert: AlertRecord): void;
}

export interface AlertRecord {
  id: string;
  ownerUserId: string;
  ownerEmail: string;
  kind: AlertKindName;
  definition: AlertDefinition;
  /** Set for kind 'docket'. */
  docket?: FollowedDocket;
  paused: boolean;
  volumeNotice: string;
  emailUnsubscribed: boolean;
  hitsTotal: number;
  lastHitAt?: Date;
  createdAt: Date;
  updatedAt: Date;
  /** Set once deleted: kept a while so other processes' percolation indexes see the deletion. */
  deletedAt?: Date;
}

/** The key that makes a follow unique per owner: the docket id, else its normalised number. */
export function followKeyOf(
  docket: Pick<FollowedDocket, 'docketId' | 'docketNumber'>,
  normalizeNumber: (n: string) => string,
): string {
  return docket.docketId !== '' ? `id:${docket.docketId}` : `no:${normalizeNumber(docket.docketNumber)}`;
}

export function toAlertForDelivery(alert: AlertRecord): AlertForDelivery {
  const { definition } = alert;
  return {
    id: alert.id,
    ownerUserId: alert.ownerUserId,
    ownerEmail: alert.ownerEmail,
    name: definition.name,
    kind: alert.kind,
    query: definition.query,
    question: definition.question,
    cadence: definition.schedule.cadence,
    hour: definition.schedule.hour,
    weekday: definition.schedule.weekday,
    timeZone: definition.schedule.timeZone,
    channels: { ...definition.channels },
    paused: alert.paused,
    volumeNotice: alert.volumeNotice,
    emailUnsubscribed: alert.emailUnsubscribed,
  };
}

export function isCadence(value: string): value is CadenceName {
  return (CADENCES as readonly string[]).includes(value);
}
