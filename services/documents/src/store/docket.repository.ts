import { Schema, type Connection, type Model } from 'mongoose';
import type { Docket } from '../domain/docket.types';
import { RecentReads } from './recent-reads';

type DocketRecord = Omit<Docket, 'id'> & { _id: string };

const schema = new Schema<DocketRecord>(
  {
    _id: String,
    sourceId: String,
    number: String,
    numberRaw: String,
    title: String,
    status: String,
    openedAt: Date,
    closedAt: Date,
    industry: String,
    parties: [
      {
        name: String,
        role: String,
        kind: String,
        representative: String,
        dateTerminated: String,
        attorneys: [{ name: String, contact: String, roles: [String], _id: false }],
        _id: false,
      },
    ],
    court: {
      type: {
        courtId: String,
        courtName: String,
        judge: String,
        referredJudge: String,
        natureOfSuit: String,
        cause: String,
        jurisdiction: String,
        juryDemand: String,
      },
      default: undefined,
      _id: false,
    },
    documentCount: { type: Number, default: 0 },
  },
  { collection: 'dockets', versionKey: false },
);
schema.index({ sourceId: 1, number: 1 }, { unique: true });

export type DocketDefinition = Omit<Docket, 'documentCount'>;

/** Dockets (proceedings) by id = docketIdOf(source, number). */
export class DocketRepository {
  readonly model: Model<DocketRecord>;
  /** For document pages: the docket as read at most 5 s ago; this repository's writes refresh it at once. */
  private readonly recent = new RecentReads<Docket>((id) => this.find(id), { max: 5_000, ttlMs: 5_000 });

  constructor(connection: Connection) {
    this.model = connection.model<DocketRecord>('Docket', schema);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  /**
   * Creates the docket on first sight; later filings fill in what was missing (a title, parties)
   * without overwriting what an earlier, richer record said. A court's docket report is the case's
   * own record: its header, title, parties and dates replace what was stored (a later report is newer).
   */
  async upsert(docket: DocketDefinition): Promise<boolean> {
    try {
      return await this.upsertStored(docket);
    } finally {
      this.recent.forget([docket.id]);
    }
  }

  private async upsertStored(docket: DocketDefinition): Promise<boolean> {
    const { id, ...fields } = docket;
    const existing = await this.model.findById(id, { title: 1, parties: 1 }).lean<DocketRecord>();
    if (!existing) {
      try {
        await this.model.create({ _id: id, ...fields, documentCount: 0 });
        return true;
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
      }
    }
    const $set: Partial<DocketRecord> = {};
    if (fields.court) {
      Object.assign($set, {
        court: fields.court,
        title: fields.title,
        parties: fields.parties,
        status: fields.status,
        numberRaw: fields.numberRaw,
      });
      if (fields.openedAt) $set.openedAt = fields.openedAt;
      if (fields.closedAt) $set.closedAt = fields.closedAt;
    }
    if (fields.title && !existing?.title) $set.title = fields.title;
    if (fields.parties.length > 0 && !existing?.parties?.length) $set.parties = fields.parties;
    if (Object.keys($set).length > 0) await this.model.updateOne({ _id: id }, { $set });
    return false;
  }

  async addDocuments(counts: Map<string, number>): Promise<void> {
    if (counts.size === 0) return;
    // The driver directly, as EntityRepository.applyIncrements (the ops are built with the stored types).
    await this.model.collection.bulkWrite(
      [...counts].map(([id, n]) => ({
        updateOne: { filter: { _id: id }, update: { $inc: { documentCount: n } } },
      })) as never,
    );
    // After the write: a read that began before it is then not kept (see RecentReads).
    this.recent.forget(counts.keys());
  }

  async find(id: string): Promise<Docket | undefined> {
    const record = await this.model.findById(id).lean<DocketRecord>();
    return record ? toStored(record) : undefined;
  }

  /** The docket for display beside a document: its counter may be up to 5 s old (see `recent`). */
  findRecent(id: string): Promise<Docket | undefined> {
    return this.recent.get(id);
  }

  async findMany(ids: string[]): Promise<Docket[]> {
    if (ids.length === 0) return [];
    const records = await this.model.find({ _id: { $in: ids } }).lean<DocketRecord[]>();
    return records.map(toStored);
  }
}

function toStored(record: DocketRecord): Docket {
  const { _id, ...rest } = record;
  return {
    ...rest,
    id: _id,
    parties: rest.parties ?? [],
    documentCount: rest.documentCount ?? 0,
    openedAt: rest.openedAt ?? undefined,
    closedAt: rest.closedAt ?? undefined,
  };
}
