import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { ConflictError } from '@docket/errors';
import { roles, type Role, type UserRecord } from '../http/user';
import { isDuplicateKeyError } from './mongo-errors';
import { isObjectIdLike } from './organisation.repository';

interface UserDoc {
  organisationId: Types.ObjectId;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  passwordHash: string;
  mustChangePassword: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const userSchema = new Schema<UserDoc>(
  {
    organisationId: { type: Schema.Types.ObjectId, required: true, index: true },
    // Stored lower-cased (domain/user.ts normaliseEmail); the unique index is what makes
    // "create the first administrator" safe when two BFFs start at once.
    email: { type: String, required: true, unique: true },
    name: { type: String, required: true },
    role: { type: String, enum: roles, required: true },
    active: { type: Boolean, required: true },
    passwordHash: { type: String, required: true },
    mustChangePassword: { type: Boolean, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'users', versionKey: false },
);

export type NewUser = Omit<UserRecord, 'id' | 'createdAt'>;
export type UserPatch = Partial<Pick<UserRecord, 'name' | 'role' | 'active' | 'passwordHash' | 'mustChangePassword'>>;

export class UserRepository {
  private readonly model: Model<UserDoc>;

  constructor(connection: Connection) {
    this.model = connection.models.User ?? connection.model<UserDoc>('User', userSchema);
  }

  async init(): Promise<void> {
    await this.model.init();
  }

  async create(user: NewUser): Promise<UserRecord> {
    const now = new Date();
    try {
      const doc = await this.model.create({ ...user, createdAt: now, updatedAt: now });
      return toRecord(doc.toObject());
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ConflictError(`a user with e-mail ${user.email} already exists`);
      throw error;
    }
  }

  async findById(id: string): Promise<UserRecord | null> {
    if (!isObjectIdLike(id)) return null;
    const doc = await this.model.findById(id).lean();
    return doc ? toRecord(doc) : null;
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const doc = await this.model.findOne({ email }).lean();
    return doc ? toRecord(doc) : null;
  }

  async listByOrganisation(organisationId: string): Promise<UserRecord[]> {
    const docs = await this.model.find({ organisationId }).sort({ email: 1 }).limit(1000).lean();
    return docs.map(toRecord);
  }

  async count(): Promise<number> {
    return this.model.countDocuments({});
  }

  /** Applies the patch and returns the updated user, or null when there is no such user. */
  async update(id: string, patch: UserPatch): Promise<UserRecord | null> {
    if (!isObjectIdLike(id)) return null;
    const doc = await this.model
      .findByIdAndUpdate(id, { $set: { ...patch, updatedAt: new Date() } }, { new: true })
      .lean();
    return doc ? toRecord(doc) : null;
  }
}

function toRecord(doc: UserDoc & { _id: Types.ObjectId }): UserRecord {
  return {
    id: String(doc._id),
    organisationId: String(doc.organisationId),
    email: doc.email,
    name: doc.name,
    role: doc.role,
    active: doc.active,
    passwordHash: doc.passwordHash,
    mustChangePassword: doc.mustChangePassword,
    createdAt: doc.createdAt,
  };
}
