import {
  EmailMode,
  type DataSubscription,
  type DataSubscriptionDefinition as ProtoDefinition,
} from '@docket/proto/src/alerts';
import type { DataSubscriptionInput, DataSubscriptionRecord, EmailModeName } from '../domain/data-subscription';

const MODE_NAMES: Record<number, EmailModeName> = {
  [EmailMode.EMAIL_MODE_OFF]: 'off',
  [EmailMode.EMAIL_MODE_IMMEDIATE]: 'immediate',
  [EmailMode.EMAIL_MODE_DIGEST]: 'digest',
};
const MODE_VALUES: Record<EmailModeName, EmailMode> = {
  off: EmailMode.EMAIL_MODE_OFF,
  immediate: EmailMode.EMAIL_MODE_IMMEDIATE,
  digest: EmailMode.EMAIL_MODE_DIGEST,
};

/** An e-mail mode off the wire: '' when unset (off), the number itself when unknown (so the error can say it). */
function modeName(value: EmailMode | number): string {
  if (value === EmailMode.EMAIL_MODE_UNSPECIFIED) return '';
  return MODE_NAMES[value] ?? String(value);
}

export function subscriptionInput(definition: ProtoDefinition | undefined): DataSubscriptionInput {
  return {
    dataProductId: definition?.dataProductId ?? '',
    channels: definition?.channels
      ? {
          inApp: definition.channels.inApp,
          email: modeName(definition.channels.email),
          webhookEndpointId: definition.channels.webhookEndpointId,
        }
      : undefined,
    filters: (definition?.filters ?? []).map((f) => ({
      column: f.column,
      op: f.op,
      values: f.values,
      text: f.text,
      min: f.min,
      max: f.max,
    })),
  };
}

export function subscriptionToProto(record: DataSubscriptionRecord): DataSubscription {
  return {
    id: record.id,
    ownerUserId: record.ownerUserId,
    definition: {
      dataProductId: record.dataProductId,
      channels: {
        inApp: record.channels.inApp,
        email: MODE_VALUES[record.channels.email],
        webhookEndpointId: record.channels.webhookEndpointId,
      },
      filters: record.filters.map((f) => ({ ...f, values: [...f.values] })),
    },
    dataProductName: record.dataProductName,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    lastReleaseId: record.lastReleaseId,
    ...(record.lastNotifiedAt ? { lastNotifiedAt: record.lastNotifiedAt } : {}),
  };
}
