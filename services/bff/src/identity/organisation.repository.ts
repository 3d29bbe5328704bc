import { Schema, type Connection, type Model } from 'mongoose';
import type { OrganisationRecord } from '../http/user';
import { isDuplicateKeyError } from './mongo-errors';

interface OrganisationDoc {
  name: string;
  createdAt: Date;
}

const organisationSchema = new Schema<OrganisationDoc>(
  {
    name: { type: String, required: true, unique: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'organisations', versionKey: false },
);

export class OrganisationRepository {
  private readonly model: Model<OrganisationDoc>;

  constructor(connection: Connection) {
    this.model =
      connection.models.Organisation ?? connection.model<OrganisationDoc>('Organisation', organisationSchema);
  }

  async init(): Promise<void> {
    await this.model.init();
  }

  /** Finds the organisation by name or creates it; two starting BFFs meet at the unique index. */
  async ensure(name: string): Promise<OrganisationRecord> {
    const existing = await this.model.findOne({ name }).lean();
    if (existing) return { id: String(existing._id), name: existing.name };
    try {
      const created = await this.model.create({ name, createdAt: new Date() });
      return { id: String(created._id), name: created.name };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const winner = await this.model.findOne({ name }).lean();
      if (!winner) throw error;
      return { id: String(winner._id), name: winner.name };
    }
  }

  async findById(id: string): Promise<OrganisationRecord | null> {
    if (!isObjectIdLike(id)) return null;
    const doc = await this.model.findById(id).lean();
    return doc ? { id: String(doc._id), name: doc.name } : null;
  }

  /** Readiness: throws unless the connection is open and the server answers. */
  async ping(): Promise<void> {
    const db = this.model.db.db;
    if (!db) throw new Error('MongoDB connection is not open');
    await db.admin().ping();
  }
}

export function isObjectIdLike(id: string): boolean {
  return /^[0-9a-f]{24}$/i.test(id);
}
