import {
  AlertKind,
  Cadence,
  type Alert,
  type AlertHit,
  type AlertDefinition as ProtoDefinition,
  type Schedule,
} from '@docket/proto/src/alerts';
import type { AlertDefinitionInput } from '../domain/alert-definition';
import type { AlertKindName, CadenceName, HitForDelivery } from '../domain/delivery-ports';
import type { AlertView } from './alert.service';

const CADENCE_NAMES: Record<number, CadenceName> = {
  [Cadence.CADENCE_REALTIME]: 'realtime',
  [Cadence.CADENCE_DAILY]: 'daily',
  [Cadence.CADENCE_WEEKLY]: 'weekly',
};
const CADENCE_VALUES: Record<CadenceName, Cadence> = {
  realtime: Cadence.CADENCE_REALTIME,
  daily: Cadence.CADENCE_DAILY,
  weekly: Cadence.CADENCE_WEEKLY,
};

/** A cadence off the wire by name: '' when unset, the number itself when unknown (so the error can say it). */
export function cadenceName(value: Cadence | number): string {
  if (value === Cadence.CADENCE_UNSPECIFIED) return '';
  return CADENCE_NAMES[value] ?? String(value);
}

export function scheduleInput(schedule: Schedule | undefined): AlertDefinitionInput['schedule'] {
  return schedule
    ? {
        cadence: cadenceName(schedule.cadence),
        hour: schedule.hour,
        weekday: schedule.weekday,
        timeZone: schedule.timeZone,
      }
    : undefined;
}

export function definitionInput(definition: ProtoDefinition | undefined): AlertDefinitionInput {
  return {
    name: definition?.name ?? '',
    query: definition?.query ?? '',
    filters: definition?.filters,
    question: definition?.question ?? '',
    schedule: scheduleInput(definition?.schedule),
    channels: definition?.channels,
  };
}

export function kindFilter(kind: AlertKind): AlertKindName | undefined {
  if (kind === AlertKind.ALERT_KIND_SEARCH) return 'search';
  if (kind === AlertKind.ALERT_KIND_DOCKET) return 'docket';
  return undefined;
}

export function alertToProto(alert: AlertView): Alert {
  const { definition } = alert;
  return {
    id: alert.id,
    ownerUserId: alert.ownerUserId,
    kind: alert.kind === 'docket' ? AlertKind.ALERT_KIND_DOCKET : AlertKind.ALERT_KIND_SEARCH,
    definition: {
      name: definition.name,
      query: definition.query,
      filters: { ...definition.filters },
      question: definition.question,
      schedule: { ...definition.schedule, cadence: CADENCE_VALUES[definition.schedule.cadence] },
      // An alert unsubscribed from its e-mail shows e-mail off, so the edit form offers to turn it on again.
      channels: { ...definition.channels, email: definition.channels.email && !alert.emailUnsubscribed },
    },
    docket: alert.docket ? { ...alert.docket } : undefined,
    paused: alert.paused,
    volumeNotice: alert.volumeNotice,
    createdAt: alert.createdAt,
    updatedAt: alert.updatedAt,
    lastHitAt: alert.lastHitAt,
    hitsThisWeek: String(alert.hitsThisWeek),
    hitsTotal: String(alert.hitsTotal),
  };
}

export function hitToProto(hit: HitForDelivery): AlertHit {
  return {
    id: hit.id,
    alertId: hit.alertId,
    documentId: hit.documentId,
    title: hit.title,
    snippet: hit.snippet,
    docketNumber: hit.docketNumber,
    sourceName: hit.sourceName,
    filingType: hit.filingType,
    filedAt: hit.filedAt,
    matchedAt: hit.matchedAt,
    deliveryKey: hit.deliveryKey,
  };
}
