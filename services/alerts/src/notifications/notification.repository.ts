import { Schema, type Connection, type Model } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import type { NotificationRecord } from '../domain/notification';

/** Ids are UUIDv7, so their order is creation order: the list pages by id alone. */
type NotificationDoc = Omit<NotificationRecord, 'id'> & { _id: string; key: string };

const schema = new Schema<NotificationDoc>(
  {
    _id: { type: String, required: true },
    key: { type: String, required: true },
    ownerUserId: { type: String, required: true },
    kind: { type: String, required: true },
    title: { type: String, default: '' },
    body: { type: String, default: '' },
    link: { type: String, default: '' },
    alertId: { type: String, default: '' },
    documentId: { type: String, default: '' },
    read: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
  },
  { collection: 'notifications', versionKey: false },
);
schema.index({ key: 1 }, { unique: true });
schema.index({ ownerUserId: 1, _id: -1 });
schema.index({ ownerUserId: 1, read: 1 });

/** In-app notifications (the alerts service's own database). */
export class NotificationRepository {
  private readonly model: Model<NotificationDoc>;

  constructor(connection: Connection) {
    this.model = connection.model<NotificationDoc>('Notification', schema);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  /** Stores it once per key; null when that key was already stored. */
  async insertIfNew(
    input: Omit<NotificationRecord, 'id' | 'read' | 'createdAt'> & { key: string },
  ): Promise<NotificationRecord | null> {
    const doc: NotificationDoc = { _id: uuidv7(), ...input, read: false, createdAt: new Date() };
    try {
      await this.model.create(doc);
      return toRecord(doc);
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return null;
      throw error;
    }
  }

  /** Newest first, strictly older than `beforeId` when given. */
  async list(
    ownerUserId: string,
    options: { limit: number; unreadOnly: boolean; beforeId?: string },
  ): Promise<NotificationRecord[]> {
    const filter = {
      ownerUserId,
      ...(options.unreadOnly ? { read: false } : {}),
      ...(options.beforeId ? { _id: { $lt: options.beforeId } } : {}),
    };
    const docs = await this.model.find(filter).sort({ _id: -1 }).limit(options.limit).lean<NotificationDoc[]>();
    return docs.map(toRecord);
  }

  countUnread(ownerUserId: string): Promise<number> {
    return this.model.countDocuments({ ownerUserId, read: false });
  }

  /** Marks these (only the owner's) read; how many changed. */
  async markRead(ownerUserId: string, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.model.updateMany(
      { _id: { $in: ids }, ownerUserId, read: false },
      { $set: { read: true } },
    );
    return result.modifiedCount;
  }

  async markAllRead(ownerUserId: string): Promise<number> {
    const result = await this.model.updateMany({ ownerUserId, read: false }, { $set: { read: true } });
    return result.modifiedCount;
  }
}

function toRecord(doc: NotificationDoc): NotificationRecord {
  return {
    id: doc._id,
    ownerUserId: doc.ownerUserId,
    kind: doc.kind,
    title: doc.title ?? '',
    body: doc.body ?? '',
    link: doc.link ?? '',
    alertId: doc.alertId ?? '',
    documentId: doc.documentId ?? '',
    read: Boolean(doc.read),
    createdAt: doc.createdAt,
  };
}
