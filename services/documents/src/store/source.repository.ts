import { Schema, type Connection, type Model } from 'mongoose';
import type { Source, SourceDefinition, SourceStats } from '../domain/source.types';
import { decodeKey, encodeKey } from './field-keys';
import { RecentReads } from './recent-reads';

type SourceRecord = Omit<SourceDefinition, 'id'> &
  Omit<SourceStats, 'filingTypeCounts'> & { _id: string; filingTypeCounts?: Record<string, number> };

const schema = new Schema<SourceRecord>(
  {
    _id: String,
    name: String,
    shortName: String,
    kind: String,
    jurisdiction: String,
    state: String,
    homeUrl: String,
    docketPattern: String,
    publishesNativeFilingTypes: Boolean,
    industries: [String],
    filingTypes: [{ native: String, category: String, _id: false }],
    documentCount: { type: Number, default: 0 },
    docketCount: { type: Number, default: 0 },
    firstFiledAt: Date,
    lastFiledAt: Date,
    filingTypeCounts: { type: Schema.Types.Mixed, default: {} },
  },
  { collection: 'sources', versionKey: false, minimize: false },
);

/** Increments for one source from a batch of newly counted documents. */
export interface SourceIncrement {
  sourceId: string;
  documents: number;
  dockets: number;
  firstFiledAt?: Date;
  lastFiledAt?: Date;
  filingTypes: Map<string, number>;
}

/** Agencies and courts, with counters kept up to date as documents arrive. */
export class SourceRepository {
  readonly model: Model<SourceRecord>;
  /** For document pages: the source as read at most 5 s ago; this repository's writes refresh it at once. */
  private readonly recent = new RecentReads<Source>((id) => this.find(id), { max: 1_000, ttlMs: 5_000 });

  constructor(connection: Connection) {
    this.model = connection.model<SourceRecord>('Source', schema);
  }

  /** Creates or refreshes the definitions; counters are left as they are. */
  async upsertDefinitions(definitions: SourceDefinition[]): Promise<void> {
    if (definitions.length === 0) return;
    await this.model.bulkWrite(
      definitions.map(({ id, ...definition }) => ({
        updateOne: {
          filter: { _id: id },
          update: { $set: definition, $setOnInsert: { documentCount: 0, docketCount: 0, filingTypeCounts: {} } },
          upsert: true,
        },
      })),
    );
    // After the write: a read that began before it is then not kept (see RecentReads).
    this.recent.forget(definitions.map((d) => d.id));
  }

  /** Adds a source unless its id is taken (false then; the existing one is left as it is). */
  async create(definition: SourceDefinition): Promise<boolean> {
    const { id, ...fields } = definition;
    try {
      const record = { _id: id, ...fields, documentCount: 0, docketCount: 0, filingTypeCounts: {} };
      await this.model.collection.insertOne(record as never);
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return false;
      throw error;
    }
    this.recent.forget([id]);
    return true;
  }

  /** The first `limit` source ids in order, and how many there are: for messages that list them. */
  async ids(limit: number): Promise<{ ids: string[]; total: number }> {
    const [records, total] = await Promise.all([
      this.model.find({}, { _id: 1 }).sort({ _id: 1 }).limit(limit).lean<Array<{ _id: string }>>(),
      this.model.countDocuments(),
    ]);
    return { ids: records.map((record) => record._id), total };
  }

  async list(): Promise<Source[]> {
    const records = await this.model.find().lean<SourceRecord[]>();
    return records.map(toStored).sort((a, b) => a.name.localeCompare(b.name));
  }

  async find(id: string): Promise<Source | undefined> {
    const record = await this.model.findById(id).lean<SourceRecord>();
    return record ? toStored(record) : undefined;
  }

  /** The source for display beside a document: its counters may be up to 5 s old (see `recent`). */
  findRecent(id: string): Promise<Source | undefined> {
    return this.recent.get(id);
  }

  async count(): Promise<number> {
    return this.model.estimatedDocumentCount();
  }

  async applyIncrements(increments: SourceIncrement[]): Promise<void> {
    if (increments.length === 0) return;
    // The driver directly, as EntityRepository.applyIncrements (the ops are built with the stored types).
    await this.model.collection.bulkWrite(
      increments.map((inc) => {
        const $inc: Record<string, number> = { documentCount: inc.documents, docketCount: inc.dockets };
        for (const [native, count] of inc.filingTypes) $inc[`filingTypeCounts.${encodeKey(native)}`] = count;
        return {
          updateOne: {
            filter: { _id: inc.sourceId },
            update: {
              $inc,
              ...(inc.firstFiledAt ? { $min: { firstFiledAt: inc.firstFiledAt } } : {}),
              ...(inc.lastFiledAt ? { $max: { lastFiledAt: inc.lastFiledAt } } : {}),
            },
          },
        };
      }) as never,
    );
    this.recent.forget(increments.map((inc) => inc.sourceId));
  }
}

function toStored(record: SourceRecord): Source {
  const { _id, filingTypeCounts, ...rest } = record;
  return {
    ...rest,
    id: _id,
    industries: rest.industries ?? [],
    filingTypes: rest.filingTypes ?? [],
    documentCount: rest.documentCount ?? 0,
    docketCount: rest.docketCount ?? 0,
    filingTypeCounts: Object.fromEntries(
      Object.entries(filingTypeCounts ?? {}).map(([key, count]) => [decodeKey(key), count]),
    ),
  };
}
