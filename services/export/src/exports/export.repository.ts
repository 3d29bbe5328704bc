import { Schema, type Connection, type Model } from 'mongoose';
import { addOutbox, type PendingEvent } from '@docket/events';
import {
  ACTIVE_STATUSES,
  type ExportProgress,
  type ExportRecord,
  type ExportStatus,
  type StoredFile,
} from '../domain/export';

type ExportDoc = Omit<ExportRecord, 'id'> & { _id: string; pendingEvents?: PendingEvent[] };

const schema = new Schema<ExportDoc>(
  {
    _id: { type: String, required: true },
    processId: { type: String, required: true },
    workspaceId: { type: String, required: true },
    requestId: { type: String, default: '' },
    userId: { type: String, required: true },
    userEmail: { type: String, default: '' },
    subject: { type: String, required: true },
    format: { type: String, required: true },
    options: { includeFullText: Boolean, includeOriginalFiles: Boolean },
    source: { type: Schema.Types.Mixed, required: true },
    status: { type: String, required: true },
    title: { type: String, default: '' },
    fileName: { type: String, default: '' },
    contentType: { type: String, default: '' },
    file: { key: String, size: Number, sha256: String },
    progress: { unit: String, done: Number, total: Number },
    error: { type: String, default: '' },
    attempts: { type: Number, default: 0 },
    createdAt: { type: Date, required: true },
    startedAt: { type: Date },
    finishedAt: { type: Date },
    expiresAt: { type: Date },
  },
  { collection: 'exports', versionKey: false, minimize: false },
);
schema.index({ userId: 1, _id: -1 });
schema.index({ status: 1, expiresAt: 1 });
addOutbox(schema);

/**
 * Export records (the export service's own database). Every state change is a conditional update
 * on the current status, so a cancel racing a finishing worker has exactly one winner; the
 * exports.completed.v1 event is written in the same update as the final state (outbox).
 */
export class ExportRepository {
  readonly model: Model<ExportDoc>;

  constructor(connection: Connection) {
    this.model = connection.model<ExportDoc>('Export', schema);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  async insert(record: ExportRecord): Promise<void> {
    const { id, ...rest } = record;
    await this.model.create({ _id: id, ...rest });
  }

  async find(id: string): Promise<ExportRecord | undefined> {
    const doc = await this.model.findById(id, { pendingEvents: 0 }).lean<ExportDoc>();
    return doc ? toRecord(doc) : undefined;
  }

  /** The user's exports, newest first (ids are time-ordered UUIDv7), after `cursor`. */
  async listByUser(
    userId: string,
    options: { limit: number; cursor?: string | undefined; workspaceId?: string | undefined },
  ): Promise<ExportRecord[]> {
    const filter: Record<string, unknown> = { userId };
    if (options.cursor) filter._id = { $lt: options.cursor };
    if (options.workspaceId) filter.workspaceId = options.workspaceId;
    const docs = await this.model
      .find(filter, { pendingEvents: 0 })
      .sort({ _id: -1 })
      .limit(options.limit)
      .lean<ExportDoc[]>();
    return docs.map(toRecord);
  }

  async usage(userId: string): Promise<{ running: number; stored: number }> {
    const [running, stored] = await Promise.all([
      this.model.countDocuments({ userId, status: { $in: ACTIVE_STATUSES } }),
      this.model.countDocuments({ userId, status: 'succeeded' }),
    ]);
    return { running, stored };
  }

  /**
   * A run begins (or begins again after a worker died): only a queued or running export;
   * undefined when it was cancelled meanwhile.
   */
  async markRunning(id: string, now: Date): Promise<ExportRecord | undefined> {
    const doc = await this.model
      .findOneAndUpdate(
        { _id: id, status: { $in: ACTIVE_STATUSES } },
        { $set: { status: 'running', startedAt: now, error: '' }, $inc: { attempts: 1 } },
        { new: true, projection: { pendingEvents: 0 } },
      )
      .lean<ExportDoc>();
    return doc ? toRecord(doc) : undefined;
  }

  /** Saves progress; returns the status now stored, so the run learns of a cancel at its next step. */
  async saveProgress(id: string, progress: ExportProgress): Promise<ExportStatus | undefined> {
    const doc = await this.model
      .findOneAndUpdate(
        { _id: id, status: 'running' },
        { $set: { progress } },
        { new: true, projection: { status: 1 } },
      )
      .lean<ExportDoc>();
    if (doc) return doc.status;
    return (await this.model.findById(id, { status: 1 }).lean<ExportDoc>())?.status;
  }

  async succeed(
    id: string,
    update: { file: StoredFile; progress: ExportProgress; finishedAt: Date; expiresAt: Date; event: PendingEvent },
  ): Promise<boolean> {
    const result = await this.model.updateOne(
      { _id: id, status: 'running' },
      {
        $set: {
          status: 'succeeded',
          file: update.file,
          progress: update.progress,
          finishedAt: update.finishedAt,
          expiresAt: update.expiresAt,
          error: '',
        },
        $push: { pendingEvents: update.event },
      },
    );
    return result.modifiedCount === 1;
  }

  /** Without an event for a run that never started (it could not be queued). */
  async fail(
    id: string,
    update: { error: string; finishedAt: Date; event: PendingEvent | undefined },
  ): Promise<boolean> {
    const result = await this.model.updateOne(
      { _id: id, status: { $in: ACTIVE_STATUSES } },
      {
        $set: { status: 'failed', error: update.error, finishedAt: update.finishedAt },
        ...(update.event ? { $push: { pendingEvents: update.event } } : {}),
      },
    );
    return result.modifiedCount === 1;
  }

  async cancel(id: string, reason: string, now: Date): Promise<ExportRecord | undefined> {
    const doc = await this.model
      .findOneAndUpdate(
        { _id: id, status: { $in: ACTIVE_STATUSES } },
        { $set: { status: 'cancelled', error: reason, finishedAt: now } },
        { new: true, projection: { pendingEvents: 0 } },
      )
      .lean<ExportDoc>();
    return doc ? toRecord(doc) : undefined;
  }

  /** A failed or cancelled export queued again as the same export. */
  async requeue(id: string): Promise<ExportRecord | undefined> {
    const doc = await this.model
      .findOneAndUpdate(
        { _id: id, status: { $in: ['failed', 'cancelled'] } },
        {
          $set: { status: 'queued', error: '', progress: { unit: 'rows', done: 0, total: 0 } },
          $unset: { finishedAt: 1, startedAt: 1 },
        },
        { new: true, projection: { pendingEvents: 0 } },
      )
      .lean<ExportDoc>();
    return doc ? toRecord(doc) : undefined;
  }

  async findExpired(now: Date, limit: number): Promise<ExportRecord[]> {
    const docs = await this.model
      .find({ status: 'succeeded', expiresAt: { $lte: now } }, { pendingEvents: 0 })
      .limit(limit)
      .lean<ExportDoc[]>();
    return docs.map(toRecord);
  }

  async markExpired(id: string): Promise<boolean> {
    const result = await this.model.updateOne({ _id: id, status: 'succeeded' }, { $set: { status: 'expired' } });
    return result.modifiedCount === 1;
  }

  /** Deletes a finished export's record; false when it is queued or running. */
  async deleteFinished(id: string): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: id, status: { $nin: ACTIVE_STATUSES } });
    return result.deletedCount === 1;
  }
}

function toRecord(doc: ExportDoc): ExportRecord {
  const { _id, pendingEvents: _pending, ...rest } = doc;
  return {
    ...rest,
    id: _id,
    userEmail: doc.userEmail ?? '',
    options: {
      includeFullText: Boolean(doc.options?.includeFullText),
      includeOriginalFiles: Boolean(doc.options?.includeOriginalFiles),
    },
    progress: { unit: doc.progress?.unit ?? 'rows', done: doc.progress?.done ?? 0, total: doc.progress?.total ?? 0 },
    file: doc.file?.key ? doc.file : undefined,
  };
}
