import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];
export type DataSubscription = Schemas['DataSubscription'];
export type DataSubscriptionFilter = Schemas['DataSubscriptionFilterView'];
export type DataSubscriptionChannels = Schemas['DataSubscriptionChannelsView'];
export type EmailMode = DataSubscriptionChannels['email'];

export const EMAIL_MODE_LABELS: Record<EmailMode, string> = {
  off: 'No e-mail',
  immediate: 'E-mail at once',
  digest: 'E-mail in the daily digest',
};

/** "In-app, e-mail at once, webhook" */
export function describeChannels(channels: DataSubscriptionChannels): string {
  const parts = [
    ...(channels.inApp ? ['In-app'] : []),
    ...(channels.email === 'off' ? [] : [EMAIL_MODE_LABELS[channels.email]]),
    ...(channels.webhookEndpointId ? ['Webhook'] : []),
  ];
  return parts.join(', ') || 'No channel';
}

/** "state is NY or NJ" — the rows a subscription follows; "Every change" without a filter. */
export function describeFilters(filters: readonly DataSubscriptionFilter[]): string {
  if (filters.length === 0) return 'Every change';
  return filters
    .map((f) => {
      const label = f.column.replace(/_/g, ' ');
      if (f.op === 'in') return `${label} is ${f.values.join(' or ')}`;
      if (f.op === 'contains') return `${label} contains “${f.text}”`;
      if (f.min && f.max) return `${label} from ${f.min} to ${f.max}`;
      return f.min ? `${label} at least ${f.min}` : `${label} at most ${f.max}`;
    })
    .join('; ');
}
