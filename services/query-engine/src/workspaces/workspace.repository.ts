import { Schema, type Connection, type Model } from 'mongoose';
import { emptySearchFilters, type SearchFilters } from '../domain/search-filters';
import type { Workspace, WorkspaceMember, WorkspaceSettings } from '../domain/workspace';

/** A workspace as stored, with the revision that guards read-check-write changes. */
export interface StoredWorkspace extends Workspace {
  revision: number;
  /** Set when an owner deleted it; its log is being removed (see markDeleted). */
  deletedAt?: Date | undefined;
}

type WorkspaceRecord = Omit<Workspace, 'id'> & {
  _id: string;
  revision: number;
  /** lastUsedAt, or createdAt before the first request: what "recent first" sorts on. */
  activeAt: Date;
  deletedAt?: Date;
};

const filtersSchema = {
  agencies: [String],
  filingTypes: [String],
  dockets: [String],
  parties: [String],
  filedFrom: String,
  filedTo: String,
};

const schema = new Schema<WorkspaceRecord>(
  {
    _id: String,
    name: String,
    description: String,
    defaultFilters: { type: filtersSchema, _id: false },
    members: [{ userId: String, role: String, addedAt: Date, _id: false }],
    createdBy: String,
    createdAt: Date,
    updatedAt: Date,
    lastUsedAt: Date,
    activeAt: Date,
    requestCount: { type: Number, default: 0 },
    revision: { type: Number, default: 0 },
    deletedAt: Date,
  },
  { collection: 'workspaces', versionKey: false, minimize: false },
);
// _id is the workspace id (unique by nature); this one serves "my workspaces, recent first".
schema.index({ 'members.userId': 1, activeAt: -1 });

/** The most workspaces one person is listed in; far above what anyone keeps. */
export const MAX_LISTED = 500;

/** Not deleted: every read but the deletion's own sees a deleted workspace as gone. */
const LIVE = { deletedAt: { $exists: false } };

export class WorkspaceRepository {
  readonly model: Model<WorkspaceRecord>;

  constructor(connection: Connection) {
    this.model = connection.models.Workspace ?? connection.model<WorkspaceRecord>('Workspace', schema);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  async insert(workspace: Workspace): Promise<StoredWorkspace> {
    const { id, ...fields } = workspace;
    await this.model.create({ _id: id, ...fields, activeAt: workspace.lastUsedAt ?? workspace.createdAt, revision: 0 });
    return { ...workspace, revision: 0 };
  }

  async find(id: string): Promise<StoredWorkspace | undefined> {
    const record = await this.model.findOne({ _id: id, ...LIVE }).lean<WorkspaceRecord>();
    return record ? toStored(record) : undefined;
  }

  /** Also a workspace marked deleted whose removal has not finished (deletedAt set). */
  async findIncludingDeleted(id: string): Promise<StoredWorkspace | undefined> {
    const record = await this.model.findById(id).lean<WorkspaceRecord>();
    return record ? toStored(record) : undefined;
  }

  /** The workspaces `userId` is a member of, most recently used (or created) first. */
  async listForMember(userId: string): Promise<StoredWorkspace[]> {
    const records = await this.model
      .find({ 'members.userId': userId, ...LIVE })
      .sort({ activeAt: -1, _id: 1 })
      .limit(MAX_LISTED)
      .lean<WorkspaceRecord[]>();
    return records.map(toStored);
  }

  /**
   * Writes new settings only if nobody changed the workspace since it was read at `revision`;
   * returns false when someone did (the caller reads again and re-checks).
   */
  async replaceSettings(id: string, revision: number, settings: WorkspaceSettings, now: Date): Promise<boolean> {
    const result = await this.model.updateOne(
      { _id: id, revision },
      {
        $set: {
          name: settings.name,
          description: settings.description,
          defaultFilters: settings.defaultFilters,
          updatedAt: now,
        },
        $inc: { revision: 1 },
      },
    );
    return result.modifiedCount === 1;
  }

  /** Same guard as replaceSettings: role rules (the last owner) were checked against `revision`. */
  async replaceMembers(id: string, revision: number, members: WorkspaceMember[], now: Date): Promise<boolean> {
    const result = await this.model.updateOne(
      { _id: id, revision },
      { $set: { members, updatedAt: now }, $inc: { revision: 1 } },
    );
    return result.modifiedCount === 1;
  }

  /**
   * One more request in the log. Not guarded by revision: it touches no field a rule reads. Returns
   * false when the workspace is gone or marked deleted (the caller removes the request it added).
   */
  async markUsed(id: string, at: Date): Promise<boolean> {
    const result = await this.model.updateOne(
      { _id: id, ...LIVE },
      { $inc: { requestCount: 1 }, $max: { lastUsedAt: at, activeAt: at } },
    );
    return result.matchedCount === 1;
  }

  /**
   * The first step of a deletion: from here on the workspace is gone for every reader, and its log
   * can be removed at leisure. Guarded by revision like the other changes (the owner was checked
   * against it); false when someone changed it in between.
   */
  async markDeleted(id: string, revision: number, at: Date): Promise<boolean> {
    const result = await this.model.updateOne(
      { _id: id, revision, ...LIVE },
      { $set: { deletedAt: at }, $inc: { revision: 1 } },
    );
    return result.modifiedCount === 1;
  }

  /** Workspaces marked deleted whose removal did not finish (a crash, a lost connection). */
  async listDeleted(): Promise<string[]> {
    const records = await this.model.find({ deletedAt: { $exists: true } }, { _id: 1 }).lean<Array<{ _id: string }>>();
    return records.map((r) => r._id);
  }

  /** The last step of a deletion, once its log is gone. Only ever removes a workspace marked deleted. */
  async remove(id: string): Promise<void> {
    await this.model.deleteOne({ _id: id, deletedAt: { $exists: true } });
  }
}

function toStored(record: WorkspaceRecord): StoredWorkspace {
  return {
    id: record._id,
    name: record.name,
    description: record.description ?? '',
    defaultFilters: toFilters(record.defaultFilters),
    members: (record.members ?? []).map((m) => ({ userId: m.userId, role: m.role, addedAt: m.addedAt })),
    createdBy: record.createdBy,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    lastUsedAt: record.lastUsedAt ?? undefined,
    requestCount: record.requestCount ?? 0,
    revision: record.revision ?? 0,
    deletedAt: record.deletedAt ?? undefined,
  };
}

export function toFilters(stored: Partial<SearchFilters> | undefined | null): SearchFilters {
  const empty = emptySearchFilters();
  if (!stored) return empty;
  return {
    agencies: stored.agencies ?? [],
    filingTypes: stored.filingTypes ?? [],
    dockets: stored.dockets ?? [],
    parties: stored.parties ?? [],
    filedFrom: stored.filedFrom ?? '',
    filedTo: stored.filedTo ?? '',
  };
}
