import { Schema, type Connection, type Model } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import type { DataSubscriptionDefinition, DataSubscriptionRecord } from '../domain/data-subscription';

type DataSubscriptionDoc = Omit<DataSubscriptionRecord, 'id'> & { _id: string };

const filterSchema = new Schema(
  {
    column: String,
    op: String,
    values: { type: [String], default: [] },
    text: { type: String, default: '' },
    min: { type: String, default: '' },
    max: { type: String, default: '' },
  },
  { _id: false },
);

const schema = new Schema<DataSubscriptionDoc>(
  {
    _id: { type: String, required: true },
    ownerUserId: { type: String, required: true },
    ownerEmail: { type: String, default: '' },
    dataProductId: { type: String, required: true },
    dataProductName: { type: String, default: '' },
    channels: { inApp: Boolean, email: String, webhookEndpointId: { type: String, default: '' } },
    filters: { type: [filterSchema], default: [] },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    lastReleaseId: { type: String, default: '' },
    lastNotifiedAt: { type: Date },
  },
  { collection: 'data_subscriptions', versionKey: false },
);
// One subscription per user and product; the release consumer reads a product's subscribers.
schema.index({ ownerUserId: 1, dataProductId: 1 }, { unique: true });
schema.index({ dataProductId: 1, _id: 1 });

export class DuplicateSubscriptionError extends Error {
  override readonly name = 'DuplicateSubscriptionError';
}

/** Data-product subscriptions (the alerts service's own database). */
export class DataSubscriptionRepository {
  private readonly model: Model<DataSubscriptionDoc>;

  constructor(connection: Connection) {
    this.model = connection.model<DataSubscriptionDoc>('DataSubscription', schema);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  /** Throws DuplicateSubscriptionError when the owner already follows the product. */
  async create(
    input: DataSubscriptionDefinition & Pick<DataSubscriptionRecord, 'ownerUserId' | 'ownerEmail' | 'dataProductName'>,
    now: Date,
  ): Promise<DataSubscriptionRecord> {
    const doc: DataSubscriptionDoc = { _id: uuidv7(), ...input, createdAt: now, updatedAt: now, lastReleaseId: '' };
    try {
      await this.model.create(doc);
    } catch (error) {
      if ((error as { code?: number }).code === 11000)
        throw new DuplicateSubscriptionError(`${input.ownerUserId} already follows ${input.dataProductId}`);
      throw error;
    }
    return toRecord(doc);
  }

  async update(
    ownerUserId: string,
    id: string,
    changes: Pick<DataSubscriptionRecord, 'ownerEmail' | 'channels' | 'filters'>,
    now: Date,
  ): Promise<DataSubscriptionRecord | undefined> {
    const doc = await this.model
      .findOneAndUpdate({ _id: id, ownerUserId }, { $set: { ...changes, updatedAt: now } }, { new: true })
      .lean<DataSubscriptionDoc>();
    return doc ? toRecord(doc) : undefined;
  }

  async get(ownerUserId: string, id: string): Promise<DataSubscriptionRecord | undefined> {
    const doc = await this.model.findOne({ _id: id, ownerUserId }).lean<DataSubscriptionDoc>();
    return doc ? toRecord(doc) : undefined;
  }

  /** Oldest first. */
  async list(ownerUserId: string, dataProductId?: string): Promise<DataSubscriptionRecord[]> {
    const filter = { ownerUserId, ...(dataProductId ? { dataProductId } : {}) };
    const docs = await this.model.find(filter).sort({ _id: 1 }).lean<DataSubscriptionDoc[]>();
    return docs.map(toRecord);
  }

  countOfOwner(ownerUserId: string): Promise<number> {
    return this.model.countDocuments({ ownerUserId });
  }

  async delete(ownerUserId: string, id: string): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: id, ownerUserId });
    return result.deletedCount === 1;
  }

  /** Every subscription of a product, a page at a time (by id), however many there are. */
  async *ofProduct(dataProductId: string, pageSize = 500): AsyncIterable<DataSubscriptionRecord> {
    let after = '';
    for (;;) {
      const docs = await this.model
        .find({ dataProductId, ...(after ? { _id: { $gt: after } } : {}) })
        .sort({ _id: 1 })
        .limit(pageSize)
        .lean<DataSubscriptionDoc[]>();
      for (const doc of docs) yield toRecord(doc);
      if (docs.length < pageSize) return;
      after = docs.at(-1)!._id;
    }
  }

  /** Remembers the last release the subscriber was told of (a later one is never replaced by an older). */
  async markNotified(id: string, releaseId: string, at: Date): Promise<void> {
    await this.model.updateOne(
      { _id: id, $or: [{ lastNotifiedAt: { $exists: false } }, { lastNotifiedAt: { $lte: at } }] },
      { $set: { lastReleaseId: releaseId, lastNotifiedAt: at } },
    );
  }
}

function toRecord(doc: DataSubscriptionDoc): DataSubscriptionRecord {
  const { _id, ...rest } = doc;
  return {
    ...rest,
    id: _id,
    ownerEmail: rest.ownerEmail ?? '',
    dataProductName: rest.dataProductName ?? '',
    channels: {
      inApp: Boolean(rest.channels?.inApp),
      email: rest.channels?.email ?? 'off',
      webhookEndpointId: rest.channels?.webhookEndpointId ?? '',
    },
    filters: (rest.filters ?? []).map((f) => ({
      column: f.column,
      op: f.op,
      values: f.values ?? [],
      text: f.text ?? '',
      min: f.min ?? '',
      max: f.max ?? '',
    })),
    lastReleaseId: rest.lastReleaseId ?? '',
  };
}
