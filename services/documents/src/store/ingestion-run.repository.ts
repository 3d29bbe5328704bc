import { Schema, Types, type Connection, type Model } from 'mongoose';
import type { IngestOutcomeKind } from '../domain/ingest-item';
import type { IngestionRun, RunError, RunStatus } from '../domain/ingestion-run.types';

type RunRecord = Omit<IngestionRun, 'id'> & { _id: Types.ObjectId };

const schema = new Schema<RunRecord>(
  {
    sourceId: String,
    connector: String,
    startedAt: Date,
    finishedAt: Date,
    status: String,
    seen: Number,
    new: Number,
    updated: Number,
    duplicate: Number,
    failed: Number,
    errors: [{ item: String, reason: String, message: String, _id: false }],
    processId: String,
    cursor: String,
    target: String,
  },
  { collection: 'ingestion_runs', versionKey: false, suppressReservedKeysWarning: true },
);

/** A run keeps its first errors; the counts still cover every failure. */
export const ERRORS_KEPT = 200;

/** Ingestion runs with their counts, errors and resume cursor. */
export class IngestionRunRepository {
  readonly model: Model<RunRecord>;

  constructor(connection: Connection) {
    this.model = connection.model<RunRecord>('IngestionRun', schema);
  }

  async start(run: {
    sourceId: string;
    connector: string;
    processId?: string;
    target?: string;
    id?: string;
    startedAt?: Date;
  }): Promise<IngestionRun> {
    const record = await this.model.create({
      _id: run.id ? new Types.ObjectId(run.id) : new Types.ObjectId(),
      sourceId: run.sourceId,
      connector: run.connector,
      startedAt: run.startedAt ?? new Date(),
      status: 'running',
      seen: 0,
      new: 0,
      updated: 0,
      duplicate: 0,
      failed: 0,
      errors: [],
      processId: run.processId ?? '',
      cursor: '',
      target: run.target ?? '',
    });
    return toStored(record.toObject());
  }

  /** Adds one handled item to the counts (and its error), moving the resume cursor forward in the same write. */
  async recordItem(
    id: string,
    outcome: IngestOutcomeKind,
    cursor: string | undefined,
    error?: RunError,
  ): Promise<void> {
    const update: Record<string, unknown> = { $inc: { seen: 1, [outcome]: 1 } };
    if (cursor !== undefined) update.$set = { cursor };
    if (error) update.$push = { errors: { $each: [error], $slice: ERRORS_KEPT } };
    await this.model.updateOne({ _id: new Types.ObjectId(id) }, update);
  }

  /**
   * Counts a batch of handled items and moves the cursor from `from` to `to`, in one write and only
   * while the cursor is still at `from`. So an item is counted exactly when the cursor has passed
   * it: an attempt resumed after a crash re-does only uncounted items, and an attempt that lost its
   * job lock but still runs cannot count what the newer one counted. False when the cursor moved.
   */
  async advance(
    id: string,
    from: string,
    to: string,
    counts: Partial<Record<IngestOutcomeKind, number>>,
    errors: RunError[] = [],
  ): Promise<boolean> {
    const seen = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
    const result = await this.model.updateOne(
      { _id: new Types.ObjectId(id), cursor: from },
      {
        $inc: { seen, ...counts },
        $set: { cursor: to },
        ...(errors.length > 0 ? { $push: { errors: { $each: errors, $slice: ERRORS_KEPT } } } : {}),
      },
    );
    return result.matchedCount === 1;
  }

  /** Adds counts of a batch (the corpus seeder), with no cursor. */
  async addCounts(
    id: string,
    counts: Partial<Record<IngestOutcomeKind, number>>,
    errors: RunError[] = [],
  ): Promise<void> {
    const seen = Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
    await this.model.updateOne(
      { _id: new Types.ObjectId(id) },
      {
        $inc: { seen, ...counts },
        ...(errors.length > 0 ? { $push: { errors: { $each: errors, $slice: ERRORS_KEPT } } } : {}),
      },
    );
  }

  async finish(
    id: string,
    status: Exclude<RunStatus, 'running'>,
    error?: RunError,
    finishedAt = new Date(),
  ): Promise<void> {
    await this.model.updateOne(
      { _id: new Types.ObjectId(id) },
      {
        $set: { status, finishedAt },
        ...(error ? { $push: { errors: { $each: [error], $slice: ERRORS_KEPT } } } : {}),
      },
    );
  }

  async find(id: string): Promise<IngestionRun | undefined> {
    if (!Types.ObjectId.isValid(id)) return undefined;
    const record = await this.model.findById(id).lean<RunRecord>();
    return record ? toStored(record) : undefined;
  }

  /**
   * The newest runs (all sources), newest first. Runs are few (one per source per cycle),
   * so one scan serves the status page.
   */
  async recent(limit: number): Promise<IngestionRun[]> {
    const records = await this.model.find().sort({ startedAt: -1 }).limit(limit).lean<RunRecord[]>();
    return records.map(toStored);
  }

  async setStatus(id: string, status: RunStatus): Promise<void> {
    await this.model.updateOne({ _id: new Types.ObjectId(id) }, { $set: { status }, $unset: { finishedAt: 1 } });
  }
}

function toStored(record: RunRecord): IngestionRun {
  const { _id, ...rest } = record;
  return {
    ...rest,
    id: _id.toHexString(),
    errors: rest.errors ?? [],
    finishedAt: rest.finishedAt ?? undefined,
    cursor: rest.cursor ?? '',
    target: rest.target ?? '',
    processId: rest.processId ?? '',
  };
}
