import { Schema, type Connection, type Model } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { addOutbox, type PendingEvent } from '@docket/events';
import type { HitForDelivery } from '../domain/delivery-ports';

/** A stored hit: what delivery reads, plus the owner (for per-owner counts) and its outbox. */
type HitDoc = Omit<HitForDelivery, 'id'> & { _id: string; ownerUserId: string; pendingEvents?: PendingEvent[] };

const schema = new Schema<HitDoc>(
  {
    _id: { type: String, required: true },
    alertId: { type: String, required: true },
    ownerUserId: { type: String, required: true },
    documentId: { type: String, required: true },
    title: { type: String, default: '' },
    snippet: { type: String, default: '' },
    docketNumber: { type: String, default: '' },
    sourceName: { type: String, default: '' },
    filingType: { type: String, default: '' },
    filedAt: { type: Date },
    matchedAt: { type: Date, required: true },
    deliveryKey: { type: String, default: '' },
  },
  { collection: 'hits', versionKey: false },
);
addOutbox(schema);
// One hit per alert × document: a redelivered or updated document adds nothing.
schema.index({ alertId: 1, documentId: 1 }, { unique: true });
schema.index({ alertId: 1, matchedAt: -1 });
schema.index({ alertId: 1, deliveryKey: 1, matchedAt: 1 });
schema.index({ ownerUserId: 1, matchedAt: -1 });

export type NewHit = Omit<HitForDelivery, 'id' | 'deliveryKey'> & { ownerUserId: string };

/** Alert hits (the alerts service's own database). */
export class HitRepository {
  readonly model: Model<HitDoc>;

  constructor(connection: Connection) {
    this.model = connection.model<HitDoc>('AlertHit', schema);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  /**
   * Stores the hit with its event in one single-document write; null when the alert already has a
   * hit for this document (the unique index refuses a second one, event and all).
   */
  async insertIfNew(hit: NewHit, event: () => PendingEvent): Promise<string | null> {
    const id = uuidv7();
    try {
      await this.model.create({ _id: id, ...hit, deliveryKey: '', pendingEvents: [event()] });
      return id;
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return null;
      throw error;
    }
  }

  /**
   * The alert's hit of this document if no delivery carried it yet. Read by the unique (alert,
   * document) key: the MongoDB stand-in keeps unique indexes only, so a query by the document alone
   * would read every hit there is.
   */
  async undeliveredOf(alertId: string, documentId: string): Promise<HitForDelivery | null> {
    const doc = await this.model.findOne({ alertId, documentId }).lean<HitDoc>();
    return doc && doc.deliveryKey === '' ? toHit(doc) : null;
  }

  async undelivered(alertId: string, limit: number): Promise<HitForDelivery[]> {
    const docs = await this.model
      .find({ alertId, deliveryKey: '' })
      .sort({ matchedAt: 1, _id: 1 })
      .limit(limit)
      .lean<HitDoc[]>();
    return docs.map(toHit);
  }

  countUndelivered(alertId: string): Promise<number> {
    return this.model.countDocuments({ alertId, deliveryKey: '' });
  }

  async markDelivered(hitIds: string[], deliveryKey: string): Promise<void> {
    if (hitIds.length === 0) return;
    await this.model.updateMany({ _id: { $in: hitIds }, deliveryKey: '' }, { $set: { deliveryKey } });
  }

  /** The alert's latest hits, newest first. */
  async latest(alertId: string, limit: number): Promise<HitForDelivery[]> {
    const docs = await this.model.find({ alertId }).sort({ matchedAt: -1, _id: -1 }).limit(limit).lean<HitDoc[]>();
    return docs.map(toHit);
  }

  /** Hits per alert of one owner matched at or after `since`. */
  async countByAlertSince(ownerUserId: string, since: Date): Promise<Map<string, number>> {
    const groups = await this.model.aggregate<{ _id: string; count: number }>([
      { $match: { ownerUserId, matchedAt: { $gte: since } } },
      { $group: { _id: '$alertId', count: { $sum: 1 } } },
    ]);
    return new Map(groups.map((group) => [group._id, group.count]));
  }

  async deleteOfAlert(alertId: string): Promise<void> {
    await this.model.deleteMany({ alertId });
  }
}

function toHit(doc: HitDoc): HitForDelivery {
  return {
    id: doc._id,
    alertId: doc.alertId,
    documentId: doc.documentId,
    title: doc.title ?? '',
    snippet: doc.snippet ?? '',
    docketNumber: doc.docketNumber ?? '',
    sourceName: doc.sourceName ?? '',
    filingType: doc.filingType ?? '',
    ...(doc.filedAt ? { filedAt: doc.filedAt } : {}),
    matchedAt: doc.matchedAt,
    deliveryKey: doc.deliveryKey ?? '',
  };
}
