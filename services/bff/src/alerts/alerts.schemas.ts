import { z } from 'zod';
import { alertKinds, cadences, channelNames, deliveryKinds, deliveryStatuses } from './alert-vocabulary';

// Alerts, docket follows, notifications, webhook endpoints and unsubscribe. The alerts
// service checks the definition in full (the query's syntax and cost, the owner's endpoints, limits);
// these schemas refuse what is malformed on its face, naming the field as the body spells it.

const isoDateTime = z.iso.datetime({ offset: true });
const nullableDateTime = isoDateTime.nullable();
const isoDay = z.iso.date('must be a date as YYYY-MM-DD');

/** The alerts service's limit on a query (the search page's too). */
export const MAX_ALERT_QUERY_LENGTH = 1000;

const list = (what: string) =>
  z
    .array(z.string().max(200, 'must be at most 200 characters'))
    .max(50, `at most 50 ${what}`)
    .default([])
    .transform((items) => items.map((item) => item.trim()).filter((item) => item !== ''));

export const AlertFilters = z
  .object({
    agencies: list('agencies'),
    filingTypes: list('filing types'),
    dockets: list('dockets'),
    parties: list('parties'),
    filedFrom: isoDay.or(z.literal('')).default(''),
    filedTo: isoDay.or(z.literal('')).default(''),
  })
  .strict()
  .refine((f) => !f.filedFrom || !f.filedTo || f.filedFrom <= f.filedTo, {
    path: ['filedTo'],
    message: 'must not be before filedFrom',
  })
  .meta({
    id: 'AlertFilters',
    description: "ANDed with the query; values inside one list are ORed (as the search page's filters)",
  });

/** Whether `name` is a time zone this runtime knows (IANA names, as Intl reads them). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const AlertSchedule = z
  .object({
    cadence: z.enum(cadences, { error: 'must be one of realtime, daily, weekly' }),
    hour: z
      .number()
      .int()
      .min(0, 'must be 0-23')
      .max(23, 'must be 0-23')
      .default(8)
      .meta({ description: 'The hour a daily or weekly digest is sent, in timeZone' }),
    weekday: z
      .number()
      .int()
      .min(0, 'must be 0 (Sunday) to 6 (Saturday)')
      .max(6, 'must be 0 (Sunday) to 6 (Saturday)')
      .default(1)
      .meta({ description: '0 = Sunday … 6 = Saturday; weekly only' }),
    timeZone: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(64)
      .default('UTC')
      .refine(isTimeZone, { message: 'must be an IANA time zone, e.g. Europe/Paris' }),
  })
  .strict()
  .meta({ id: 'AlertSchedule' });

export const AlertChannels = z
  .object({
    inApp: z.boolean().default(true),
    email: z.boolean().default(false),
    webhookEndpointId: z
      .string()
      .trim()
      .max(200)
      .default('')
      .meta({ description: 'One of your webhook endpoints; empty: no webhook' }),
  })
  .strict()
  .refine((c) => c.inApp || c.email || c.webhookEndpointId !== '', { message: 'choose at least one channel' })
  .meta({ id: 'AlertChannels' });

export const AlertDefinition = z
  .object({
    name: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
    query: z
      .string()
      .trim()
      .max(MAX_ALERT_QUERY_LENGTH, 'Queries are limited to 1,000 characters')
      .default('')
      .meta({ description: 'The query language (as search); may be empty when filters are given' }),
    filters: AlertFilters.default({
      agencies: [],
      filingTypes: [],
      dockets: [],
      parties: [],
      filedFrom: '',
      filedTo: '',
    }),
    question: z
      .string()
      .trim()
      .max(1000, 'must be at most 1,000 characters')
      .default('')
      .meta({ description: "Optional: each digest answers it over the alert's new documents" }),
    schedule: AlertSchedule,
    channels: AlertChannels,
  })
  .strict()
  .meta({ id: 'AlertDefinition' });

export type AlertDefinitionInput = z.output<typeof AlertDefinition>;

/** An alert's definition as answered: every field present (the request's defaults already applied). */
export const AlertDefinitionView = z
  .object({
    name: z.string(),
    query: z.string(),
    filters: z
      .object({
        agencies: z.array(z.string()),
        filingTypes: z.array(z.string()),
        dockets: z.array(z.string()),
        parties: z.array(z.string()),
        filedFrom: z.string(),
        filedTo: z.string(),
      })
      .meta({ id: 'AlertFiltersView' }),
    question: z.string(),
    schedule: z
      .object({
        cadence: z.enum(cadences),
        hour: z.number().int(),
        weekday: z.number().int(),
        timeZone: z.string(),
      })
      .meta({ id: 'AlertScheduleView' }),
    channels: z
      .object({
        inApp: z.boolean(),
        email: z.boolean(),
        webhookEndpointId: z.string(),
      })
      .meta({ id: 'AlertChannelsView' }),
  })
  .meta({ id: 'AlertDefinitionView' });

export type AlertDefinitionView = z.infer<typeof AlertDefinitionView>;

export const FollowedDocket = z
  .object({
    docketId: z.string().meta({ description: 'The docket entity id, when known' }),
    docketNumber: z.string(),
    title: z.string(),
    sourceName: z.string(),
  })
  .meta({ id: 'FollowedDocket' });

export const Alert = z
  .object({
    id: z.string(),
    kind: z.enum(alertKinds),
    definition: AlertDefinitionView,
    docket: FollowedDocket.nullable().meta({ description: 'Set for a docket follow' }),
    paused: z.boolean(),
    volumeNotice: z.string().meta({
      description: 'Set while the volume guard delivers this real-time alert as an hourly digest, saying why',
    }),
    createdAt: nullableDateTime,
    updatedAt: nullableDateTime,
    lastHitAt: nullableDateTime,
    hitsThisWeek: z.number().int(),
    hitsTotal: z.number().int(),
  })
  .meta({ id: 'Alert' });

export const AlertResponse = z.object({ alert: Alert });
export const AlertsResponse = z.object({ alerts: z.array(Alert) });
export const AlertsQuery = z.object({
  kind: z.enum(alertKinds).optional().meta({ description: 'Only this kind; both when absent' }),
});

export const PausedBody = z.object({ paused: z.boolean() }).strict().meta({ id: 'AlertPaused' });

export const FollowDocketBody = z
  .object({
    docketId: z.string().trim().max(200).default('').meta({
      description: "A docket's id: the follow takes that docket's number, title and source (404 when it is none)",
    }),
    docketNumber: z.string().trim().min(1, 'is required').max(200),
    title: z.string().trim().max(500).default(''),
    sourceName: z.string().trim().max(200).default(''),
    schedule: AlertSchedule.optional().meta({ description: 'Default: real-time' }),
    channels: AlertChannels.optional().meta({ description: 'Default: in-app and e-mail' }),
  })
  .strict()
  .meta({ id: 'FollowDocketRequest' });

export const AlertHit = z
  .object({
    id: z.string(),
    documentId: z.string(),
    title: z.string(),
    snippet: z.string().meta({ description: 'Plain text; the matched words between U+E000 and U+E001' }),
    docketNumber: z.string(),
    sourceName: z.string(),
    filingType: z.string(),
    filedAt: nullableDateTime,
    matchedAt: nullableDateTime,
    deliveryKey: z.string().meta({ description: 'The delivery that carried it; empty while not yet delivered' }),
  })
  .meta({ id: 'AlertHit' });

export const LimitQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const AlertHitsResponse = z.object({ hits: z.array(AlertHit) });

export const Delivery = z
  .object({
    key: z.string(),
    alertId: z.string(),
    channel: z.enum(channelNames),
    kind: z.enum(deliveryKinds),
    status: z.enum(deliveryStatuses),
    attempts: z.number().int(),
    error: z.string().meta({ description: 'Why the last attempt failed' }),
    documentCount: z.number().int(),
    createdAt: nullableDateTime,
    sentAt: nullableDateTime,
    nextAttemptAt: nullableDateTime,
    label: z.string(),
  })
  .meta({ id: 'Delivery' });

export const DeliveriesResponse = z.object({ deliveries: z.array(Delivery) });

export const VolumeEstimateBody = z
  .object({
    query: z.string().trim().max(MAX_ALERT_QUERY_LENGTH, 'Queries are limited to 1,000 characters').default(''),
    filters: AlertFilters.default({
      agencies: [],
      filingTypes: [],
      dockets: [],
      parties: [],
      filedFrom: '',
      filedTo: '',
    }),
    days: z.number().int().min(1).max(365).default(30),
  })
  .strict()
  .meta({ id: 'VolumeEstimateRequest' });

export const VolumeEstimate = z
  .object({
    total: z.number().int().meta({ description: 'Matches filed in the window' }),
    perDay: z.number(),
    days: z
      .array(z.object({ day: z.string(), count: z.number().int() }))
      .meta({ description: 'One bucket per UTC day, oldest first, zero days included' }),
    from: z.string(),
    to: z.string(),
  })
  .meta({ id: 'VolumeEstimate' });

export const Notification = z
  .object({
    id: z.string(),
    kind: z.string().meta({ description: 'hit, digest or notice' }),
    title: z.string(),
    body: z.string(),
    link: z.string().meta({ description: 'Where it leads in the app (/documents/{id}, /alerts/{id}, …)' }),
    alertId: z.string(),
    documentId: z.string(),
    read: z.boolean(),
    createdAt: nullableDateTime,
  })
  .meta({ id: 'Notification' });

export const NotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(30),
  unread: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1')
    .meta({ description: 'Only unread ones' }),
  cursor: z.string().max(500).optional().meta({ description: 'nextCursor of the previous page' }),
});

export const NotificationsResponse = z.object({
  notifications: z.array(Notification),
  unreadCount: z.number().int(),
  nextCursor: z.string().nullable(),
});

export const MarkReadBody = z
  .object({
    ids: z.array(z.string().min(1).max(200)).max(200).default([]),
    all: z.boolean().default(false),
  })
  .strict()
  .refine((b) => b.all || b.ids.length > 0, { path: ['ids'], message: 'name at least one notification, or all: true' })
  .meta({ id: 'MarkNotificationsRead' });

export const UnreadCountResponse = z.object({ unreadCount: z.number().int() });

export const NotificationEvent = z
  .object({
    unreadCount: z.number().int(),
    notification: Notification.nullable().meta({
      description: 'The notification that just arrived; null for a count change alone',
    }),
  })
  .meta({ id: 'NotificationEvent' });

export const WebhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    disabled: z.boolean(),
    disabledReason: z.string(),
    consecutiveFailures: z.number().int(),
    createdAt: nullableDateTime,
    lastSuccessAt: nullableDateTime,
  })
  .meta({ id: 'WebhookEndpoint' });

export const WebhookEndpointsResponse = z.object({ endpoints: z.array(WebhookEndpoint) });
export const WebhookEndpointResponse = z.object({ endpoint: WebhookEndpoint });
export const CreatedWebhookEndpointResponse = z.object({
  endpoint: WebhookEndpoint,
  secret: z.string().meta({ description: 'The signing secret (whsec_…), shown this once only' }),
});

export const CreateWebhookEndpointBody = z
  .object({
    url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000),
    description: z.string().trim().max(200).default(''),
  })
  .strict()
  .meta({ id: 'CreateWebhookEndpoint' });

export const UnsubscribeQuery = z.object({ token: z.string().min(1, 'is required').max(2000) });

export const UnsubscribeForm = z
  .strictObject({
    'List-Unsubscribe': z.literal('One-Click', {
      error: (issue) => (issue.input === undefined ? 'is required' : 'must be One-Click'),
    }),
  })
  .meta({
    id: 'OneClickUnsubscribe',
    description:
      'RFC 8058: what a mail client posts (application/x-www-form-urlencoded, or multipart/form-data), ' +
      'exactly this one pair; the token in the URL says whose alert',
  });

export const UnsubscribeResponse = z
  .object({
    alertId: z.string(),
    alertName: z.string(),
    unsubscribed: z.boolean().meta({ description: 'Whether e-mail for the alert is off' }),
  })
  .meta({ id: 'Unsubscribe' });
