import { Schema, Types, type Connection, type Model } from 'mongoose';
import { addOutbox, type PendingEvent } from '@docket/events';
import type { NewDocument, StoredDocument } from '../domain/document';

interface DocumentRecord {
  _id: Types.ObjectId;
  title: string;
  text: string;
  sourceId: string;
  docketNumber: string;
  filingType: string;
  filedAt?: Date;
  createdAt: Date;
  sha256: string;
  createdBy: string;
  /** Outbox: events written with the document, published and then pulled by the relay. */
  pendingEvents: PendingEvent[];
}

const schema = new Schema<DocumentRecord>(
  {
    title: { type: String, required: true },
    text: { type: String, required: true },
    sourceId: { type: String, default: '' },
    docketNumber: { type: String, default: '' },
    filingType: { type: String, default: '' },
    filedAt: { type: Date },
    createdAt: { type: Date, required: true },
    sha256: { type: String, required: true },
    createdBy: { type: String, default: '' },
  },
  { collection: 'documents', versionKey: false },
);
// Deduplication lives in the index, so two concurrent creates of the same text cannot both win.
schema.index({ sha256: 1 }, { unique: true });
addOutbox(schema);

const WITHOUT_OUTBOX = { pendingEvents: 0 } as const;

export type InsertOutcome = { document: StoredDocument; created: boolean };

/** The documents collection of the documents service's own database. */
export class DocumentRepository {
  readonly model: Model<DocumentRecord>;

  constructor(connection: Connection) {
    this.model = connection.model<DocumentRecord>('Document', schema);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  /** Ids are ObjectIds: unique without coordination and increasing, so "id order" is creation order. */
  newId(): string {
    return new Types.ObjectId().toHexString();
  }

  /**
   * Inserts the document together with its events in one single-document write; when a document
   * with the same sha256 exists (or wins a race), returns that one and writes no event.
   */
  async insertWithEvents(id: string, document: NewDocument, createdAt: Date, events: PendingEvent[]): Promise<InsertOutcome> {
    try {
      const record = await this.model.create({ _id: new Types.ObjectId(id), ...document, createdAt, pendingEvents: events });
      return { document: toStored(record.toObject()), created: true };
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
      const existing = await this.findBySha256(document.sha256);
      if (!existing) throw error;
      return { document: existing, created: false };
    }
  }

  async findBySha256(sha256: string): Promise<StoredDocument | undefined> {
    const record = await this.model.findOne({ sha256 }, WITHOUT_OUTBOX).lean<DocumentRecord>();
    return record ? toStored(record) : undefined;
  }

  async findById(id: string): Promise<StoredDocument | undefined> {
    if (!Types.ObjectId.isValid(id) || !/^[0-9a-f]{24}$/i.test(id)) return undefined;
    const record = await this.model.findById(id, WITHOUT_OUTBOX).lean<DocumentRecord>();
    return record ? toStored(record) : undefined;
  }

  /** One page in id order, starting after `afterId` (exclusive). */
  async listAfter(afterId: string | undefined, limit: number): Promise<StoredDocument[]> {
    const filter = afterId ? { _id: { $gt: new Types.ObjectId(afterId) } } : {};
    const records = await this.model.find(filter, WITHOUT_OUTBOX).sort({ _id: 1 }).limit(limit).lean<DocumentRecord[]>();
    return records.map(toStored);
  }

  async count(): Promise<number> {
    return this.model.countDocuments();
  }
}

export function isDocumentId(value: string): boolean {
  return /^[0-9a-f]{24}$/i.test(value);
}

function toStored(record: DocumentRecord): StoredDocument {
  return {
    id: record._id.toHexString(),
    title: record.title,
    text: record.text,
    sourceId: record.sourceId ?? '',
    docketNumber: record.docketNumber ?? '',
    filingType: record.filingType ?? '',
    filedAt: record.filedAt ?? undefined,
    createdAt: record.createdAt,
    sha256: record.sha256,
    createdBy: record.createdBy ?? '',
  };
}
