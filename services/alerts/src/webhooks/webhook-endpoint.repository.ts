import { Schema, type Connection, type Model } from 'mongoose';
import type { WebhookEndpointRecord, WebhookEndpointStore } from './webhook-endpoint';

type EndpointDoc = Omit<WebhookEndpointRecord, 'id'> & { _id: string };

const schema = new Schema<EndpointDoc>(
  {
    _id: { type: String, required: true },
    ownerUserId: { type: String, required: true },
    url: { type: String, required: true },
    description: { type: String, default: '' },
    secret: { type: String, required: true },
    disabled: { type: Boolean, default: false },
    disabledReason: { type: String, default: '' },
    disabledAt: { type: Date },
    consecutiveFailures: { type: Number, default: 0 },
    finalFailures: { type: Number, default: 0 },
    lastError: { type: String, default: '' },
    generation: { type: Number, default: 0 },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    lastSuccessAt: { type: Date },
  },
  { collection: 'webhook_endpoints', versionKey: false },
);
schema.index({ ownerUserId: 1, createdAt: 1 });

/** Webhook endpoints keyed by id, each change one single-document write (no transactions). */
export class WebhookEndpointRepository implements WebhookEndpointStore {
  private readonly model: Model<EndpointDoc>;

  constructor(connection: Connection) {
    this.model = connection.model<EndpointDoc>('WebhookEndpoint', schema);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  async insert(endpoint: WebhookEndpointRecord): Promise<void> {
    const { id, ...rest } = endpoint;
    await this.model.create({ _id: id, ...rest });
  }

  countOfOwner(ownerUserId: string): Promise<number> {
    return this.model.countDocuments({ ownerUserId });
  }

  async listOfOwner(ownerUserId: string): Promise<WebhookEndpointRecord[]> {
    const docs = await this.model.find({ ownerUserId }).sort({ createdAt: 1, _id: 1 }).lean<EndpointDoc[]>();
    return docs.map(toRecord);
  }

  async find(endpointId: string): Promise<WebhookEndpointRecord | null> {
    const doc = await this.model.findById(endpointId).lean<EndpointDoc>();
    return doc ? toRecord(doc) : null;
  }

  async delete(ownerUserId: string, endpointId: string): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: endpointId, ownerUserId });
    return result.deletedCount > 0;
  }

  async enable(ownerUserId: string, endpointId: string, at: Date): Promise<WebhookEndpointRecord | null> {
    const doc = await this.model
      .findOneAndUpdate(
        { _id: endpointId, ownerUserId },
        {
          $set: {
            disabled: false,
            disabledReason: '',
            consecutiveFailures: 0,
            finalFailures: 0,
            lastError: '',
            updatedAt: at,
          },
          $unset: { disabledAt: 1 },
          $inc: { generation: 1 },
        },
        { new: true },
      )
      .lean<EndpointDoc>();
    return doc ? toRecord(doc) : null;
  }

  async recordAttemptFailure(endpointId: string, error: string, at: Date): Promise<void> {
    await this.model.updateOne(
      { _id: endpointId },
      { $inc: { consecutiveFailures: 1 }, $set: { lastError: error, updatedAt: at } },
    );
  }

  async recordSuccess(endpointId: string, at: Date): Promise<void> {
    await this.model.updateOne(
      { _id: endpointId },
      { $set: { consecutiveFailures: 0, finalFailures: 0, lastError: '', lastSuccessAt: at, updatedAt: at } },
    );
  }

  async recordFinalFailure(endpointId: string, reason: string, at: Date): Promise<WebhookEndpointRecord | null> {
    const doc = await this.model
      .findOneAndUpdate(
        { _id: endpointId, disabled: false },
        { $inc: { finalFailures: 1 }, $set: { lastError: reason, updatedAt: at } },
        { new: true },
      )
      .lean<EndpointDoc>();
    return doc ? toRecord(doc) : null;
  }

  async disable(endpointId: string, reason: string, at: Date): Promise<WebhookEndpointRecord | null> {
    const doc = await this.model
      .findOneAndUpdate(
        { _id: endpointId, disabled: false },
        { $set: { disabled: true, disabledReason: reason, disabledAt: at, updatedAt: at } },
        { new: true },
      )
      .lean<EndpointDoc>();
    return doc ? toRecord(doc) : null;
  }
}

function toRecord(doc: EndpointDoc): WebhookEndpointRecord {
  return {
    id: doc._id,
    ownerUserId: doc.ownerUserId,
    url: doc.url,
    description: doc.description ?? '',
    secret: doc.secret,
    disabled: doc.disabled ?? false,
    disabledReason: doc.disabledReason ?? '',
    disabledAt: doc.disabledAt ?? undefined,
    consecutiveFailures: doc.consecutiveFailures ?? 0,
    finalFailures: doc.finalFailures ?? 0,
    lastError: doc.lastError ?? '',
    generation: doc.generation ?? 0,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    lastSuccessAt: doc.lastSuccessAt ?? undefined,
  };
}
