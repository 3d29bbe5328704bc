import { ConflictError, InputError, NotFoundError } from '@docket/errors';
import {
  validateDataSubscription,
  type DataSubscriptionInput,
  type DataSubscriptionRecord,
} from '../domain/data-subscription';
import type { WebhookEndpointOwnership } from '../domain/delivery-ports';
import type { ProductFacts, ReleaseChangesSource } from '../domain/release-notice';
import { DuplicateSubscriptionError, type DataSubscriptionRepository } from './data-subscription.repository';

/**
 * Each user's subscriptions to data products: one per product, its channels checked against the
 * user's webhook endpoints and its filters against the product's columns (and, once the product has
 * a release, by the documents service against the columns' types, so a value that can never match is
 * refused now rather than silently never notified).
 */
export class DataSubscriptionService {
  constructor(
    private readonly deps: {
      subscriptions: DataSubscriptionRepository;
      products: ReleaseChangesSource;
      endpoints: WebhookEndpointOwnership;
      maxPerUser: number;
      clock?: () => Date;
    },
  ) {}

  async create(ownerUserId: string, ownerEmail: string, input: DataSubscriptionInput): Promise<DataSubscriptionRecord> {
    requireOwner(ownerUserId);
    const product = input.dataProductId.trim() ? await this.productOf(input.dataProductId.trim()) : undefined;
    const definition = await this.validate(ownerUserId, input, product);
    if ((await this.deps.subscriptions.countOfOwner(ownerUserId)) >= this.deps.maxPerUser)
      throw new ConflictError(`you follow ${this.deps.maxPerUser} data products already: unsubscribe from one first`);
    try {
      return await this.deps.subscriptions.create(
        { ...definition, ownerUserId, ownerEmail: ownerEmail.trim(), dataProductName: product?.name ?? '' },
        this.now(),
      );
    } catch (error) {
      if (error instanceof DuplicateSubscriptionError)
        throw new ConflictError(`you already subscribe to ${definition.dataProductId}: edit that subscription instead`);
      throw error;
    }
  }

  /** Replaces channels and filters; the product stays the subscription's own. */
  async update(
    ownerUserId: string,
    ownerEmail: string,
    subscriptionId: string,
    input: Omit<DataSubscriptionInput, 'dataProductId'>,
  ): Promise<DataSubscriptionRecord> {
    const current = await this.get(ownerUserId, subscriptionId);
    const product = await this.productOf(current.dataProductId);
    const definition = await this.validate(ownerUserId, { ...input, dataProductId: current.dataProductId }, product);
    const updated = await this.deps.subscriptions.update(
      ownerUserId,
      subscriptionId,
      {
        ownerEmail: ownerEmail.trim() || current.ownerEmail,
        channels: definition.channels,
        filters: definition.filters,
      },
      this.now(),
    );
    if (!updated) throw new NotFoundError(`no data subscription ${subscriptionId}`);
    return updated;
  }

  async get(ownerUserId: string, subscriptionId: string): Promise<DataSubscriptionRecord> {
    requireOwner(ownerUserId);
    const found = await this.deps.subscriptions.get(ownerUserId, subscriptionId);
    if (!found) throw new NotFoundError(`no data subscription ${subscriptionId}`);
    return found;
  }

  list(ownerUserId: string, dataProductId: string): Promise<DataSubscriptionRecord[]> {
    requireOwner(ownerUserId);
    return this.deps.subscriptions.list(ownerUserId, dataProductId.trim() || undefined);
  }

  async delete(ownerUserId: string, subscriptionId: string): Promise<void> {
    requireOwner(ownerUserId);
    if (!(await this.deps.subscriptions.delete(ownerUserId, subscriptionId)))
      throw new NotFoundError(`no data subscription ${subscriptionId}`);
  }

  private async validate(ownerUserId: string, input: DataSubscriptionInput, product: ProductFacts | undefined) {
    const definition = await validateDataSubscription(input, {
      ownerUserId,
      columns: product && product.columns.length > 0 ? product.columns : undefined,
      endpoints: this.deps.endpoints,
    });
    const latest = product?.releases[0];
    // The documents service reads each value as its column's type; its issues name the same fields.
    if (latest && definition.filters.length > 0)
      await this.deps.products.changes(definition.dataProductId, latest.id, definition.filters);
    return definition;
  }

  private async productOf(dataProductId: string): Promise<ProductFacts> {
    const product = await this.deps.products.product(dataProductId);
    if (!product)
      throw new InputError(`data_product_id: no data product ${JSON.stringify(dataProductId)}`, [
        { path: 'data_product_id', message: `no data product ${JSON.stringify(dataProductId)}` },
      ]);
    return product;
  }

  private now(): Date {
    return this.deps.clock?.() ?? new Date();
  }
}

function requireOwner(ownerUserId: string): void {
  if (ownerUserId.trim() === '')
    throw new InputError('owner_user_id: must not be empty', [{ path: 'owner_user_id', message: 'must not be empty' }]);
}
