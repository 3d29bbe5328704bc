import { Schema, type Connection, type Model } from 'mongoose';
import type { DeliveryRecord, DeliveryStatusName } from '../domain/delivery';
import type { ChannelName } from '../domain/delivery-ports';
import { carriedReleaseKeys } from './release-digest';

/** The stored shape: the record with its key as Mongo's _id (unique: a delivery is recorded once). */
type DeliveryDoc = Omit<DeliveryRecord, 'key'> & { _id: string; updatedAt: Date };

const documentSchema = new Schema(
  {
    documentId: String,
    title: String,
    snippet: String,
    docketNumber: String,
    sourceName: String,
    filingType: String,
    filedAt: Date,
    matchedAt: Date,
  },
  { _id: false },
);
const sectionSchema = new Schema(
  {
    alertId: String,
    alertName: String,
    alertKind: String,
    question: String,
    total: Number,
    documents: { type: [documentSchema], default: [] },
    answer: { type: [{ text: String, documentIds: [String], _id: false }], default: [] },
  },
  { _id: false },
);

const exportSchema = new Schema(
  {
    exportId: String,
    processId: String,
    workspaceId: String,
    requestId: String,
    title: String,
    fileName: String,
    size: Number,
    succeeded: Boolean,
    expiresAt: Date,
    error: String,
  },
  { _id: false },
);

const schema = new Schema<DeliveryDoc>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    channel: { type: String, required: true },
    status: { type: String, required: true },
    ownerUserId: { type: String, required: true },
    ownerEmail: { type: String, default: '' },
    alertIds: { type: [String], default: [] },
    endpointId: { type: String, default: '' },
    hitIds: { type: [String], default: [] },
    hitGroup: { type: String, default: '' },
    sections: { type: [sectionSchema], default: [] },
    documentCount: { type: Number, default: 0 },
    label: { type: String, default: '' },
    export: { type: exportSchema, required: false },
    // A snapshot of the notice (its change log has per-column counts): stored as given.
    release: { type: Schema.Types.Mixed, required: false },
    releases: { type: [Schema.Types.Mixed], default: undefined },
    attempts: { type: Number, default: 0 },
    error: { type: String, default: '' },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    sentAt: { type: Date },
    nextAttemptAt: { type: Date },
  },
  { collection: 'deliveries', versionKey: false },
);
schema.index({ alertIds: 1, createdAt: -1 });
schema.index({ status: 1, updatedAt: 1 });
schema.index({ status: 1, ownerUserId: 1, hitGroup: 1 });

export type NewDelivery = Omit<DeliveryRecord, 'status' | 'attempts' | 'error' | 'sentAt' | 'nextAttemptAt'>;

/** Deliveries keyed by their idempotency key (the alerts service's own database). */
export class DeliveryRepository {
  private readonly model: Model<DeliveryDoc>;

  constructor(connection: Connection) {
    this.model = connection.model<DeliveryDoc>('Delivery', schema);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  /**
   * Records a delivery as pending (or held for a digest); when its key is already recorded, returns that
   * one untouched.
   */
  async record(
    delivery: NewDelivery,
    status: 'pending' | 'held' = 'pending',
  ): Promise<{ delivery: DeliveryRecord; created: boolean }> {
    const { key, ...rest } = delivery;
    try {
      await this.model.create({ ...rest, _id: key, status, attempts: 0, error: '', updatedAt: delivery.createdAt });
      return { delivery: { ...delivery, status, attempts: 0, error: '' }, created: true };
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
    }
    const existing = await this.find(key);
    if (!existing) throw new Error(`delivery ${key} collided on its key but cannot be read`);
    return { delivery: existing, created: false };
  }

  /** Digest-mode release e-mails waiting for their subscriber's daily digest. */
  heldReleases(): HeldReleases {
    return new HeldReleases(this.model);
  }

  async find(key: string): Promise<DeliveryRecord | undefined> {
    const doc = await this.model.findById(key).lean<DeliveryDoc>();
    return doc ? toRecord(doc) : undefined;
  }

  /** Counts an attempt that succeeded; a record already sent stays as it was. */
  async markSent(key: string, at: Date): Promise<void> {
    await this.model.updateOne(
      { _id: key, status: { $ne: 'sent' } },
      {
        $set: { status: 'sent', sentAt: at, error: '', updatedAt: at },
        $unset: { nextAttemptAt: 1 },
        $inc: { attempts: 1 },
      },
    );
  }

  async markRetrying(key: string, error: string, nextAttemptAt: Date, at: Date): Promise<void> {
    await this.model.updateOne(
      { _id: key, status: { $ne: 'sent' } },
      { $set: { status: 'retrying', error, nextAttemptAt, updatedAt: at }, $inc: { attempts: 1 } },
    );
  }

  async markFailed(key: string, error: string, at: Date, countsAsAttempt = true): Promise<void> {
    await this.model.updateOne(
      { _id: key, status: { $ne: 'sent' } },
      {
        $set: { status: 'failed', error, updatedAt: at },
        $unset: { nextAttemptAt: 1 },
        $inc: { attempts: countsAsAttempt ? 1 : 0 },
      },
    );
  }

  /** Newest first: the alert page's delivery history (digests list every alert they carried). */
  async listForAlert(alertId: string, limit: number): Promise<DeliveryRecord[]> {
    const docs = await this.model
      .find({ alertIds: alertId })
      .sort({ createdAt: -1 })
      .limit(limit)
      .lean<DeliveryDoc[]>();
    return docs.map(toRecord);
  }

  /** Real-time messages of an alert on one channel recorded since a time (the volume guard's count). */
  countRealtimeSince(alertId: string, channel: ChannelName, since: Date): Promise<number> {
    return this.model.countDocuments({ alertIds: alertId, kind: 'realtime', channel, createdAt: { $gte: since } });
  }

  /**
   * Deliveries not finished and untouched since `before`: what a crash may have left without a queued
   * job (recorded, then killed before the job was added). Re-queuing them is harmless: the job id is
   * the key, and the worker skips a delivery already sent.
   */
  async unfinished(statuses: DeliveryStatusName[], before: Date, limit: number): Promise<DeliveryRecord[]> {
    const docs = await this.model
      .find({ status: { $in: statuses }, updatedAt: { $lt: before } })
      .sort({ updatedAt: 1 })
      .limit(limit)
      .lean<DeliveryDoc[]>();
    return docs.map(toRecord);
  }
}

/**
 * Held release e-mails as the daily digest takes them: claimed under the digest's group (so two windows
 * planning at once cannot both carry one), then marked sent once the digest that carries them is
 * recorded, and the claims it did not carry given back.
 */
export class HeldReleases {
  constructor(private readonly model: Model<DeliveryDoc>) {}

  async *owners(): AsyncIterable<string> {
    for (const owner of await this.model.distinct('ownerUserId', { status: 'held' })) yield String(owner);
  }

  /** Claims the owner's unclaimed held releases for `group`; returns every one `group` holds, oldest first. */
  async claim(ownerUserId: string, group: string, at: Date): Promise<DeliveryRecord[]> {
    await this.settleAbandonedClaims(ownerUserId, group, at);
    await this.model.updateMany(
      { status: 'held', ownerUserId, hitGroup: '' },
      { $set: { hitGroup: group, updatedAt: at } },
    );
    const docs = await this.model
      .find({ status: 'held', ownerUserId, hitGroup: group })
      .sort({ createdAt: 1, _id: 1 })
      .lean<DeliveryDoc[]>();
    return docs.map(toRecord);
  }

  /**
   * Claims older than the lease that another digest left: the releases its recorded e-mail carries go
   * out with that e-mail (the sweeper sends a recorded one), the others are unclaimed for this digest.
   */
  private async settleAbandonedClaims(ownerUserId: string, group: string, at: Date): Promise<void> {
    const abandoned = await this.model.distinct('hitGroup', {
      status: 'held',
      ownerUserId,
      hitGroup: { $nin: ['', group] },
      updatedAt: { $lt: new Date(at.getTime() - HELD_CLAIM_LEASE_MS) },
    });
    for (const staleGroup of abandoned.map(String)) {
      const email = await this.model
        .findOne({ kind: 'digest', channel: 'email', ownerUserId, hitGroup: staleGroup })
        .lean<DeliveryDoc>();
      const carried = email ? carriedReleaseKeys(toRecord(email)) : [];
      await this.settle(ownerUserId, staleGroup, carried, email?._id ?? '', at);
    }
  }

  /** The claimed ones among `carried` go out with the digest `digestKey`; the others wait for the next. */
  async settle(ownerUserId: string, group: string, carried: string[], digestKey: string, at: Date): Promise<void> {
    if (carried.length > 0)
      await this.model.updateMany(
        { _id: { $in: carried }, status: 'held' },
        { $set: { status: 'sent', sentAt: at, hitGroup: digestKey, label: 'in digest', updatedAt: at } },
      );
    await this.model.updateMany(
      { status: 'held', ownerUserId, hitGroup: group, _id: { $nin: carried } },
      { $set: { hitGroup: '', updatedAt: at } },
    );
  }
}

/**
 * How long a digest's claim on held releases lasts. A digest that never finished (every retry of its
 * window failed) leaves its claims behind; after this, the next digest settles them.
 */
export const HELD_CLAIM_LEASE_MS = 60 * 60_000;

function toRecord(doc: DeliveryDoc): DeliveryRecord {
  const { _id, updatedAt: _updatedAt, ...rest } = doc;
  return {
    ...rest,
    key: _id,
    sections: (rest.sections ?? []).map((s) => ({
      ...s,
      documents: s.documents ?? [],
      answer: (s.answer ?? []).map((a) => ({ text: a.text, documentIds: a.documentIds ?? [] })),
    })),
  };
}
