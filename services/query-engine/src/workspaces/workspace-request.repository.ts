import { Schema, type Connection, type Model } from 'mongoose';
import type { LogPosition, WorkspaceRequest } from '../domain/workspace-request';
import { toFilters } from './workspace.repository';

type RequestRecord = Omit<WorkspaceRequest, 'id'> & { _id: string };

const schema = new Schema<RequestRecord>(
  {
    _id: String,
    workspaceId: String,
    userId: String,
    kind: String,
    text: String,
    filters: {
      type: {
        agencies: [String],
        filingTypes: [String],
        dockets: [String],
        parties: [String],
        filedFrom: String,
        filedTo: String,
      },
      _id: false,
    },
    sort: String,
    createdAt: Date,
    tookMs: Number,
    resultCount: Number,
    resultCountIsLowerBound: Boolean,
    queryId: String,
    // Stored as counted (a few dozen buckets), read whole.
    facets: Schema.Types.Mixed,
  },
  { collection: 'workspace_requests', versionKey: false, minimize: false },
);
// The log is read newest first, page by page: (createdAt, _id) is the cursor's order.
schema.index({ workspaceId: 1, createdAt: -1, _id: -1 });

/** The request log of every workspace. */
export class WorkspaceRequestRepository {
  readonly model: Model<RequestRecord>;

  constructor(connection: Connection) {
    this.model = connection.models.WorkspaceRequest ?? connection.model<RequestRecord>('WorkspaceRequest', schema);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  async insert(request: WorkspaceRequest): Promise<void> {
    const { id, ...fields } = request;
    await this.model.create({ _id: id, ...fields });
  }

  async find(workspaceId: string, id: string): Promise<WorkspaceRequest | undefined> {
    const record = await this.model.findOne({ _id: id, workspaceId }).lean<RequestRecord>();
    return record ? toRequest(record) : undefined;
  }

  /** Up to `limit` entries older than `after` (from the newest without it), newest first. */
  async page(workspaceId: string, limit: number, after?: LogPosition): Promise<WorkspaceRequest[]> {
    const filter = after
      ? {
          workspaceId,
          $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, _id: { $lt: after.id } }],
        }
      : { workspaceId };
    const records = await this.model.find(filter).sort({ createdAt: -1, _id: -1 }).limit(limit).lean<RequestRecord[]>();
    return records.map(toRequest);
  }

  /** Removes one request (one recorded while its workspace was being deleted). */
  async remove(workspaceId: string, id: string): Promise<void> {
    await this.model.deleteOne({ _id: id, workspaceId });
  }

  /** Removes a workspace's whole log (served by the log's index); returns how many went. */
  async removeAllOf(workspaceId: string): Promise<number> {
    const result = await this.model.deleteMany({ workspaceId });
    return result.deletedCount;
  }

  /** Links the stored query behind a request; returns false when there is no such request. */
  async setQueryId(workspaceId: string, id: string, queryId: string): Promise<boolean> {
    const result = await this.model.updateOne({ _id: id, workspaceId }, { $set: { queryId } });
    return result.matchedCount === 1;
  }
}

function toRequest(record: RequestRecord): WorkspaceRequest {
  return {
    id: record._id,
    workspaceId: record.workspaceId,
    userId: record.userId,
    kind: record.kind,
    text: record.text ?? '',
    filters: toFilters(record.filters),
    sort: record.sort ?? 'relevance',
    createdAt: record.createdAt,
    tookMs: record.tookMs ?? 0,
    resultCount: record.resultCount ?? 0,
    resultCountIsLowerBound: record.resultCountIsLowerBound ?? false,
    queryId: record.queryId ?? '',
    facets: record.facets ?? [],
  };
}
