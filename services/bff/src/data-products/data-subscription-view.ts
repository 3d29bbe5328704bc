// What the data subscriptions gateway returns and the routes send; data-subscriptions.schemas.ts
// describes the same shapes (test/types/views-match-schemas.ts keeps them together).

/** E-mail: none, one per release at once, or at the daily digest hour. */
export type EmailModeName = 'off' | 'immediate' | 'digest';
export type SubscriptionFilterOp = 'in' | 'contains' | 'range';

/** A filter on one column of the product, as the rows table takes them. */
export interface DataSubscriptionFilterView {
  column: string;
  op: SubscriptionFilterOp;
  values: string[];
  text: string;
  min: string;
  max: string;
}

export interface DataSubscriptionChannelsView {
  inApp: boolean;
  email: EmailModeName;
  webhookEndpointId: string;
}

export interface DataSubscriptionView {
  id: string;
  dataProductId: string;
  dataProductName: string;
  channels: DataSubscriptionChannelsView;
  filters: DataSubscriptionFilterView[];
  createdAt: string | null;
  updatedAt: string | null;
  lastReleaseId: string;
  lastNotifiedAt: string | null;
}

/** What a create or an edit sends (an edit keeps the product). */
export interface DataSubscriptionInput {
  dataProductId: string;
  channels: DataSubscriptionChannelsView;
  filters: DataSubscriptionFilterView[];
}
