import { Schema, Types, type Connection, type Model } from 'mongoose';
import { addOutbox, type PendingEvent } from '@docket/events';
import { withAnalysisDefaults, type Analysis, type AnalysisModeName } from '../domain/analysis';
import type { Figures } from '../domain/figures';
import type { QueryDocument, QueryOrigin, QueryTimings, StoredQuery } from '../domain/query';
import type { SearchFilters } from '../domain/search-filters';

interface QueryRecord {
  _id: Types.ObjectId;
  origin: QueryOrigin;
  question: string;
  filters: SearchFilters;
  userId: string;
  workspaceId: string;
  requestId: string;
  createdAt: Date;
  timings: QueryTimings;
  mode: AnalysisModeName;
  resultIds: string[];
  analysis?: Analysis;
  documents: QueryDocument[];
  figures?: Figures;
  pendingEvents?: PendingEvent[];
}

// Analysis, documents and figures are read and written whole: stored as they are, not modelled field by field.
const schema = new Schema<QueryRecord>(
  {
    origin: String,
    question: String,
    filters: Schema.Types.Mixed,
    userId: String,
    workspaceId: String,
    requestId: String,
    createdAt: Date,
    timings: Schema.Types.Mixed,
    mode: String,
    resultIds: [String],
    analysis: Schema.Types.Mixed,
    documents: Schema.Types.Mixed,
    figures: Schema.Types.Mixed,
  },
  { collection: 'queries', versionKey: false, minimize: false },
);
schema.index({ createdAt: -1 });
addOutbox(schema);

export interface QueryListFilter {
  origin?: QueryOrigin;
  userId?: string;
  workspaceId?: string;
  from?: Date;
  to?: Date;
  minTotalMs?: number;
  mode?: AnalysisModeName;
}

/** A page of the admin list: newest first; `before` is the last seen (createdAt, id). */
export interface QueryPage {
  queries: StoredQuery[];
  next?: { createdAt: Date; id: string } | undefined;
}

/** Every stored query (asked questions and workspace searches), with queries.completed.v1 in its outbox. */
export class QueryRepository {
  readonly model: Model<QueryRecord>;

  constructor(connection: Connection) {
    this.model = connection.model<QueryRecord>('Query', schema);
  }

  newId(): string {
    return new Types.ObjectId().toHexString();
  }

  /** Stores a finished query and its event in one write, so a crash can lose neither. */
  async insert(query: StoredQuery, events: PendingEvent[]): Promise<void> {
    const { id, ...rest } = query;
    // ignoreUndefined: optional fields stay absent instead of being stored as null.
    await this.model.collection.insertOne(
      { ...rest, _id: new Types.ObjectId(id), pendingEvents: events },
      { ignoreUndefined: true },
    );
  }

  async find(id: string): Promise<StoredQuery | undefined> {
    if (!Types.ObjectId.isValid(id)) return undefined;
    const record = await this.model.findById(id, { pendingEvents: 0 }).lean<QueryRecord>();
    return record ? toStored(record) : undefined;
  }

  /** Completes a search's query with the analysis and figures built on its first open (only once). */
  async completeAnalysis(id: string, analysis: Analysis, figures: Figures, analysisMs: number): Promise<void> {
    await this.model.collection.updateOne(
      { _id: new Types.ObjectId(id), analysis: { $exists: false } },
      { $set: { analysis, figures, 'timings.analysisMs': analysisMs } },
      { ignoreUndefined: true },
    );
  }

  async setRequestId(id: string, requestId: string): Promise<void> {
    await this.model.updateOne({ _id: new Types.ObjectId(id) }, { $set: { requestId } });
  }

  /**
   * Removes the stored queries of a deleted workspace's searches (origin 'search'; they carry no
   * pending event). Questions stay: see WorkspaceService.delete. Not indexed by workspace: deletions
   * are rare and the collection holds thousands.
   */
  async removeSearchesOf(workspaceId: string): Promise<number> {
    const result = await this.model.deleteMany({ workspaceId, origin: 'search' });
    return result.deletedCount;
  }

  /**
   * Newest first. The list is for administrators and holds thousands, not millions:
   * filters are applied by the store as given.
   */
  async list(filter: QueryListFilter, limit: number, before?: { createdAt: Date; id: string }): Promise<QueryPage> {
    const conditions: Record<string, unknown>[] = [];
    if (filter.origin) conditions.push({ origin: filter.origin });
    if (filter.userId) conditions.push({ userId: filter.userId });
    if (filter.workspaceId) conditions.push({ workspaceId: filter.workspaceId });
    if (filter.from) conditions.push({ createdAt: { $gte: filter.from } });
    if (filter.to) conditions.push({ createdAt: { $lte: filter.to } });
    if (filter.minTotalMs !== undefined) conditions.push({ 'timings.totalMs': { $gte: filter.minTotalMs } });
    if (filter.mode) conditions.push({ mode: filter.mode });
    if (before) {
      conditions.push({
        $or: [
          { createdAt: { $lt: before.createdAt } },
          { createdAt: before.createdAt, _id: { $lt: new Types.ObjectId(before.id) } },
        ],
      });
    }
    const records = await this.model
      .find(conditions.length > 0 ? { $and: conditions } : {}, { pendingEvents: 0, analysis: 0, figures: 0 })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit + 1)
      .lean<QueryRecord[]>();
    const page = records.slice(0, limit).map(toStored);
    const last = page.at(-1);
    return {
      queries: page,
      next: records.length > limit && last ? { createdAt: last.createdAt, id: last.id } : undefined,
    };
  }
}

function toStored(record: QueryRecord): StoredQuery {
  return {
    id: record._id.toHexString(),
    origin: record.origin,
    question: record.question,
    filters: record.filters,
    userId: record.userId,
    workspaceId: record.workspaceId,
    requestId: record.requestId,
    createdAt: record.createdAt,
    timings: record.timings,
    mode: record.mode,
    resultIds: record.resultIds ?? [],
    analysis: record.analysis && withAnalysisDefaults(record.analysis),
    documents: record.documents ?? [],
    figures: record.figures,
  };
}
