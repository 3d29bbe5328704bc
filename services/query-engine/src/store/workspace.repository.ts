import { Schema, type Connection, type Model } from 'mongoose';
import type { Workspace, WorkspaceMember, WorkspaceSettings } from '../domain/workspace';
import { emptySearchFilters, type SearchFilters } from '../domain/search-filters';

/** A workspace as stored, with the revision that guards read-check-write changes. */
export interface StoredWorkspace extends Workspace {
  revision: number;
}

type WorkspaceRecord = Omit<Workspace, 'id'> & {
  _id: string;
  revision: number;
  /** lastUsedAt, or createdAt before the first request: what "recent first" sorts on. */
  activeAt: Date;
};

const filtersSchema = {
  agencies: [String], filingTypes: [String], dockets: [String], parties: [String], filedFrom: String, filedTo: String,
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
  },
  { collection: 'workspaces', versionKey: false, minimize: false },
);
// _id is the workspace id (unique by nature); this one serves "my workspaces, recent first".
schema.index({ 'members.userId': 1, activeAt: -1 });

/** The most workspaces one person is listed in; far above what anyone keeps. */
export const MAX_LISTED = 500;

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
    const record = await this.model.findById(id).lean<WorkspaceRecord>();
    return record ? toStored(record) : undefined;
  }

  /** The workspaces `userId` is a member of, most recently used (or created) first. */
  async listForMember(userId: string): Promise<StoredWorkspace[]> {
    const records = await this.model
      .find({ 'members.userId': userId })
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
      { $set: { name: settings.name, description: settings.description, defaultFilters: settings.defaultFilters, updatedAt: now }, $inc: { revision: 1 } },
    );
    return result.modifiedCount === 1;
  }

  /** Same guard as replaceSettings: role rules (the last owner) were checked against `revision`. */
  async replaceMembers(id: string, revision: number, members: WorkspaceMember[], now: Date): Promise<boolean> {
    const result = await this.model.updateOne({ _id: id, revision }, { $set: { members, updatedAt: now }, $inc: { revision: 1 } });
    return result.modifiedCount === 1;
  }

  /** One more request in the log. Not guarded by revision: it touches no field a rule reads. */
  async markUsed(id: string, at: Date): Promise<void> {
    await this.model.updateOne({ _id: id }, { $inc: { requestCount: 1 }, $max: { lastUsedAt: at, activeAt: at } });
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
  };
}

export function toFilters(stored: Partial<SearchFilters> | undefined | null): SearchFilters {
  const empty = emptySearchFilters();
  if (!stored) return empty;
  return {
    agencies: stored.agencies ?? [], filingTypes: stored.filingTypes ?? [], dockets: stored.dockets ?? [], parties: stored.parties ?? [],
    filedFrom: stored.filedFrom ?? '', filedTo: stored.filedTo ?? '',
  };
}
