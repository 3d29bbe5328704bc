import { z } from 'zod';
import { nullableDateTime } from '../http/common.schemas';

const emailModes = ['off', 'immediate', 'digest'] as const;
const filterOps = ['in', 'contains', 'range'] as const;
const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

export const DataSubscriptionFilter = z
  .object({
    column: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,62}$/u, 'must name a column (letters, digits, _)')
      .meta({ description: "One of the product's columns" }),
    op: z.enum(filterOps).meta({ description: 'in: one of values; contains: text; range: min and/or max' }),
    values: z.array(text(200)).max(100, 'at most 100 values').default([]),
    text: text(200).default(''),
    min: text(200).default(''),
    max: text(200).default(''),
  })
  .strict()
  .meta({ id: 'DataSubscriptionFilter' });

export const DataSubscriptionChannels = z
  .object({
    inApp: z.boolean().default(true),
    email: z.enum(emailModes).default('off').meta({ description: 'off, at once per release, or in the digest' }),
    webhookEndpointId: text(200).default('').meta({ description: 'One of your webhook endpoints; empty: none' }),
  })
  .strict()
  .refine((c) => c.inApp || c.email !== 'off' || c.webhookEndpointId !== '', {
    message: 'choose at least one channel',
  })
  .meta({ id: 'DataSubscriptionChannels' });

const filters = z
  .array(DataSubscriptionFilter)
  .max(5, 'at most 5 filters')
  .meta({ description: 'ANDed; empty: every change of the product' });

export const CreateDataSubscriptionBody = z
  .object({
    dataProductId: z.string().trim().min(1, 'is required').max(200),
    channels: DataSubscriptionChannels.default({ inApp: true, email: 'off', webhookEndpointId: '' }),
    filters: filters.default([]),
  })
  .strict()
  .meta({ id: 'CreateDataSubscription' });

export const UpdateDataSubscriptionBody = z
  .object({
    channels: DataSubscriptionChannels.optional().meta({ description: 'Absent: unchanged' }),
    filters: filters.optional().meta({ description: 'Absent: unchanged; [] removes every filter' }),
  })
  .strict()
  .meta({ id: 'UpdateDataSubscription' });

export const DataSubscriptionParams = z.object({ subscriptionId: z.string().min(1).max(200) });
export const DataSubscriptionsQuery = z
  .object({ dataProductId: z.string().min(1).max(200).optional().meta({ description: 'Only this product' }) })
  .strict();

export const DataSubscriptionFilterView = z
  .object({
    column: z.string(),
    op: z.enum(filterOps),
    values: z.array(z.string()),
    text: z.string(),
    min: z.string(),
    max: z.string(),
  })
  .meta({ id: 'DataSubscriptionFilterView' });

export const DataSubscriptionChannelsView = z
  .object({ inApp: z.boolean(), email: z.enum(emailModes), webhookEndpointId: z.string() })
  .meta({ id: 'DataSubscriptionChannelsView' });

export const DataSubscription = z
  .object({
    id: z.string(),
    dataProductId: z.string(),
    dataProductName: z.string(),
    channels: DataSubscriptionChannelsView,
    filters: z.array(DataSubscriptionFilterView),
    createdAt: nullableDateTime,
    updatedAt: nullableDateTime,
    lastReleaseId: z.string().meta({ description: 'The last release you were told of; empty until one' }),
    lastNotifiedAt: nullableDateTime,
  })
  .meta({ id: 'DataSubscription' });

export const DataSubscriptionResponse = z.object({ subscription: DataSubscription });
export const DataSubscriptionsResponse = z.object({ subscriptions: z.array(DataSubscription) });
