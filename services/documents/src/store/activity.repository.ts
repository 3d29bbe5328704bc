import { Schema, type Connection, type Model } from 'mongoose';
import { dayKey, hourKey } from '../domain/time-buckets';

interface ActivityRecord {
  _id: string;
  documents: number;
  failed: number;
}

const schema = new Schema<ActivityRecord>(
  { _id: String, documents: Number, failed: Number },
  { collection: 'source_activity', versionKey: false },
);

/** Hourly buckets are kept only for recent filings; they answer "last 24 h / 7 days". */
const HOURLY_WINDOW_MS = 10 * 24 * 3_600_000;

const dayId = (sourceId: string, day: string) => `${sourceId}|d|${day}`;
const hourId = (sourceId: string, hour: string) => `${sourceId}|h|${hour}`;

export interface ActivityEvent {
  sourceId: string;
  /** When the filing was filed (documents) or when the item failed (failures). */
  at: Date;
  failed: boolean;
}

/** Per-source counters of documents filed (and items failed) per day and, lately, per hour. */
export class ActivityRepository {
  readonly model: Model<ActivityRecord>;

  constructor(connection: Connection) {
    this.model = connection.model<ActivityRecord>('SourceActivity', schema);
  }

  async record(events: ActivityEvent[], now = new Date()): Promise<void> {
    const increments = new Map<string, { documents: number; failed: number }>();
    const add = (id: string, failed: boolean) => {
      const bucket = increments.get(id) ?? { documents: 0, failed: 0 };
      if (failed) bucket.failed += 1;
      else bucket.documents += 1;
      increments.set(id, bucket);
    };
    for (const event of events) {
      add(dayId(event.sourceId, dayKey(event.at)), event.failed);
      if (now.getTime() - event.at.getTime() < HOURLY_WINDOW_MS)
        add(hourId(event.sourceId, hourKey(event.at)), event.failed);
    }
    if (increments.size === 0) return;
    // The driver directly, as EntityRepository.applyIncrements (the ops are built with the stored types).
    await this.model.collection.bulkWrite(
      [...increments].map(([id, inc]) => ({
        updateOne: { filter: { _id: id }, update: { $inc: inc }, upsert: true },
      })) as never,
      { ordered: false },
    );
  }

  /** Counts for the given days and hours of several sources: `${sourceId}|d|${day}` → counts. */
  async read(
    sourceIds: string[],
    days: string[],
    hours: string[],
  ): Promise<Map<string, { documents: number; failed: number }>> {
    const ids = sourceIds.flatMap((sourceId) => [
      ...days.map((d) => dayId(sourceId, d)),
      ...hours.map((h) => hourId(sourceId, h)),
    ]);
    const records = await this.model.find({ _id: { $in: ids } }).lean<ActivityRecord[]>();
    return new Map(records.map((r) => [r._id, { documents: r.documents ?? 0, failed: r.failed ?? 0 }]));
  }
}

export { dayId, hourId };
