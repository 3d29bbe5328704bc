import { Schema, type Connection, type Model } from 'mongoose';
import { isFinal, type ProcessRecord, type ProcessUpdate } from '../domain/process';

/** The stored shape: the domain record with its id as Mongo's _id. */
type ProcessDoc = Omit<ProcessRecord, 'id' | 'finishedAt'> & { _id: string; finishedAt?: Date };

const schema = new Schema<ProcessDoc>(
  {
    _id: { type: String, required: true },
    kind: { type: String, default: '' },
    title: { type: String, default: '' },
    ownerId: { type: String, default: '' },
    status: { type: String, required: true },
    total: { type: Number, default: 0 },
    done: { type: Number, default: 0 },
    message: { type: String, default: '' },
    failed: { type: Number, default: 0 },
    failures: { type: [{ item: String, reason: String, message: String, _id: false }], default: [] },
    sequence: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    finishedAt: { type: Date },
  },
  { collection: 'processes', versionKey: false },
);
schema.index({ ownerId: 1, createdAt: -1 });
schema.index({ createdAt: -1 });

export type ApplyOutcome = 'applied' | 'stale';

/** Processes keyed by process id (the export service's own database). */
export class ProcessRepository {
  private readonly model: Model<ProcessDoc>;

  constructor(connection: Connection) {
    this.model = connection.model<ProcessDoc>('Process', schema);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  /**
   * Applies an update only when it is newer than what is stored — without transactions: a
   * conditional update on `sequence < new`, upserting when the process is new. When the filter
   * misses because a newer state exists, the upsert collides on _id (duplicate key) → stale.
   * When it collides because a concurrent first update inserted just before us, the retry
   * without upsert applies it if it is still newer.
   */
  async apply(update: ProcessUpdate): Promise<ApplyOutcome> {
    const filter = { _id: update.id, sequence: { $lt: update.sequence } };
    const set = {
      kind: update.kind,
      title: update.title,
      ownerId: update.ownerId,
      status: update.status,
      total: update.total,
      done: update.done,
      message: update.message,
      failed: update.failed,
      failures: update.failures,
      sequence: update.sequence,
      updatedAt: update.at,
      ...(isFinal(update.status) ? { finishedAt: update.at } : {}),
    };
    try {
      await this.model.updateOne(filter, { $set: set, $setOnInsert: { createdAt: update.at } }, { upsert: true });
      return 'applied';
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
    }
    const result = await this.model.updateOne(filter, { $set: set });
    return result.matchedCount > 0 ? 'applied' : 'stale';
  }

  async findById(id: string): Promise<ProcessRecord | undefined> {
    const doc = await this.model.findById(id).lean<ProcessDoc>();
    return doc ? toRecord(doc) : undefined;
  }

  /** Newest first. */
  async list(options: { ownerId?: string; limit: number }): Promise<ProcessRecord[]> {
    const filter = options.ownerId ? { ownerId: options.ownerId } : {};
    const docs = await this.model
      .find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .limit(options.limit)
      .lean<ProcessDoc[]>();
    return docs.map(toRecord);
  }
}

function toRecord(doc: ProcessDoc): ProcessRecord {
  return {
    id: doc._id,
    kind: doc.kind ?? '',
    title: doc.title ?? '',
    ownerId: doc.ownerId ?? '',
    status: doc.status,
    total: doc.total ?? 0,
    done: doc.done ?? 0,
    message: doc.message ?? '',
    failed: doc.failed ?? 0,
    failures: (doc.failures ?? []).map((f) => ({
      item: f.item ?? '',
      reason: f.reason ?? '',
      message: f.message ?? '',
    })),
    sequence: doc.sequence,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    finishedAt: doc.finishedAt ?? undefined,
  };
}
