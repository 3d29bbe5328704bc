// What the data subscriptions gateway returns and the routes send, as data-subscriptions.schemas.ts
// describes it.

import type { z } from 'zod';
import type {
  DataSubscription,
  DataSubscriptionChannelsView as DataSubscriptionChannelsSchema,
  DataSubscriptionFilterView as DataSubscriptionFilterSchema,
} from './data-subscriptions.schemas';

/** E-mail: none, one per release at once, or at the daily digest hour. */
export type EmailModeName = DataSubscriptionChannelsView['email'];
export type SubscriptionFilterOp = DataSubscriptionFilterView['op'];

/** A filter on one column of the product, as the rows table takes them. */
export type DataSubscriptionFilterView = z.output<typeof DataSubscriptionFilterSchema>;

/** Where a subscription's new releases are announced. */
export type DataSubscriptionChannelsView = z.output<typeof DataSubscriptionChannelsSchema>;

/** A subscription to a data product's releases, with its filters and channels. */
export type DataSubscriptionView = z.output<typeof DataSubscription>;

/** What a create or an edit sends (an edit keeps the product). */
export interface DataSubscriptionInput {
  dataProductId: string;
  channels: DataSubscriptionChannelsView;
  filters: DataSubscriptionFilterView[];
}
