import { Schema, Types, type Connection, type Model } from 'mongoose';
import { addOutbox, type PendingEvent } from '@docket/events';
import { docketListingKey, leadOf, type DocketEntryMark } from '../domain/docket-entries';
import type { Attachment, Document } from '../domain/document.types';
import type { TextAnalysis } from '../domain/text-analysis';
import { InsertBatcher } from './insert-batcher';
import { mentionsOf, packAnalysis, valuesOf, type PackedAnalysis, type UnpackedAnalysis } from './packed-analysis';
import { RecentReads } from './recent-reads';

/** A document as the ingestion pipeline builds it, to be written. */
export type NewDocumentRecord = Omit<Document, 'id'> & {
  provenanceKey: string;
  /** A filing of a docket: its place in the docket's listing (docketListingKey) and the start of its text. */
  docketOrder?: string;
  lead?: string;
};

/** A document as stored: its mentions and values packed (see packed-analysis), or as arrays in older records. */
type DocumentRecord = Omit<NewDocumentRecord, 'mentions' | 'values'> &
  Partial<PackedAnalysis> &
  UnpackedAnalysis & {
    _id: Types.ObjectId;
    /** False until the catalog counters and entity profiles include this document (see StatsProjector). */
    statsApplied: boolean;
    pendingEvents: PendingEvent[];
  };

/** What a docket's listing shows of one of its filings. */
export interface DocketListingRow {
  id: string;
  title: string;
  filedAt?: Date;
  docketEntry?: DocketEntryMark;
  lead: string;
}

/** A stored filing of a docket that has no place in its docket's listing yet (stored before listings were kept). */
export interface UnlistedFiling {
  id: string;
  docketId: string;
  filedAt?: Date;
  text: string;
  description: string;
  sourceDocumentId: string;
  docketEntry?: DocketEntryMark;
}

const attachmentSchema = new Schema<Attachment>(
  {
    id: String,
    fileName: String,
    contentType: String,
    size: Number,
    sha256: String,
    pageCount: Number,
    blobKey: String,
    primary: Boolean,
    failureReason: String,
    failureMessage: String,
    text: String,
  },
  { _id: false },
);

const schema = new Schema<DocumentRecord>(
  {
    title: { type: String, required: true },
    text: { type: String, default: '' },
    pages: { type: [{ number: Number, start: Number, end: Number, _id: false }], default: [] },
    sourceId: { type: String, default: '' },
    docketId: { type: String, default: '' },
    docketNumber: { type: String, default: '' },
    filingType: { type: String, default: '' },
    filingCategory: { type: String, default: 'Other' },
    filedAt: { type: Date },
    filers: { type: [String], default: [] },
    description: { type: String, default: '' },
    docketEntry: { type: { number: String, order: Number }, default: undefined, _id: false },
    docketOrder: { type: String },
    lead: { type: String },
    language: { type: String, default: '' },
    sha256: { type: String, required: true },
    createdBy: { type: String, default: '' },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    attachments: { type: [attachmentSchema], default: [] },
    provenance: {
      connector: String,
      sourceDocumentId: String,
      sourceUrl: String,
      runId: String,
      createdByRunId: String,
      unrecognisedReason: String,
    },
    provenanceKey: { type: String, required: true },
    failureReason: { type: String },
    failureMessage: { type: String },
    entities: {
      type: [{ id: String, kind: String, key: String, name: String, aliases: [String], count: Number, _id: false }],
      default: [],
    },
    mentionsJson: { type: String },
    valuesJson: { type: String },
    // As records written before the packing hold them (read, never written).
    mentions: { type: [{ entityId: String, start: Number, end: Number, _id: false }], default: undefined },
    values: {
      type: [{ kind: String, text: String, start: Number, end: Number, value: String, _id: false }],
      default: undefined,
    },
    statsApplied: { type: Boolean, default: false },
    analysisPending: { type: Boolean },
    analysedAt: { type: Date },
  },
  { collection: 'documents', versionKey: false },
);
// Deduplication lives in unique indexes, so two concurrent ingests of one filing cannot both win.
schema.index({ sha256: 1 }, { unique: true });
schema.index({ provenanceKey: 1 }, { unique: true });
// Unique (each key ends with its document's id) so that the MongoDB stand-in, which uses no other
// kind of index, answers a docket's listing from the index too; sparse: filings without a docket have none.
schema.index({ docketOrder: 1 }, { unique: true, sparse: true });
addOutbox(schema);

/** Heavy fields a listing does not need. */
const SLIM = { pendingEvents: 0, mentions: 0, values: 0, mentionsJson: 0, valuesJson: 0 } as const;
const WITHOUT_OUTBOX = { pendingEvents: 0 } as const;
/** Below every ObjectId a document is given (its first four bytes are a creation time). */
const FIRST_OBJECT_ID = '000000000000000000000000';
/** What a document page does not show: the outbox, extracted values, and attachments' own texts. */
const FOR_VIEW = { pendingEvents: 0, values: 0, valuesJson: 0, 'attachments.text': 0 } as const;

/** The documents collection of the documents service's own database. */
export class DocumentRepository {
  readonly model: Model<DocumentRecord>;
  /**
   * Documents as pages show them, kept 10 s: a reader pages through one document (page=1, 2, ...)
   * and a shared link brings many readers to one. Every content write goes through this repository
   * (insert, replaceContent, markDeleted) and forgets the document at once; at most 32 MB of text.
   */
  private readonly recentViews = new RecentReads<Document>((id) => this.readForView(id), {
    max: 1_000,
    ttlMs: 10_000,
    maxSize: { total: 32 * 1024 * 1024, of: (document) => document.text.length + 1024 },
  });

  /**
   * New documents, written together when several arrive at once (an import's files in flight). The
   * driver directly: records are built by the ingestion pipeline, and mongoose's casting of hundreds
   * of mention sub-documents per filing cost more than the write itself.
   */
  private readonly inserts = new InsertBatcher<DocumentRecord>((records) =>
    this.model.collection.insertMany(records, { ordered: false }),
  );

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
   * Inserts the document with its events in the same record (beside others arriving at once);
   * false when a unique key (sha256, source id) already exists.
   */
  insert(id: string, record: NewDocumentRecord, events: PendingEvent[]): Promise<boolean> {
    return this.inserts.insert({
      _id: new Types.ObjectId(id),
      ...storedFieldsOf(record),
      ...listingFieldsOf(id, record),
      statsApplied: false,
      pendingEvents: events,
    });
  }

  /** Replaces a changed document's content, adding its documents.updated event to the outbox in the same write. */
  async replaceContent(id: string, record: NewDocumentRecord, event: PendingEvent): Promise<boolean> {
    const { createdAt: _createdAt, ...content } = storedFieldsOf(record);
    const listing = listingFieldsOf(id, record);
    // What the new content no longer has goes (an update drops undefined fields rather than unsetting them),
    // and the arrays of a record written before the packing.
    const $unset = {
      mentions: 1,
      values: 1,
      // Analysed already (a changed document is analysed as it is written): the background analysis must skip it.
      ...(record.analysisPending ? {} : { analysisPending: 1 }),
      ...(listing ? {} : { docketOrder: 1, lead: 1 }),
      ...(record.docketEntry ? {} : { docketEntry: 1 }),
    };
    try {
      const update = { $set: { ...content, ...listing }, $unset, $push: { pendingEvents: event } };
      const result = await this.model.updateOne({ _id: new Types.ObjectId(id) }, update);
      return result.matchedCount === 1;
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return false; // the new content duplicates another document
      throw error;
    } finally {
      // After the write, whatever its outcome: a read that began before it is then not kept.
      this.recentViews.forget([id]);
    }
  }

  /** Removes a document, leaving only its documents.deleted event behind until the relay publishes it. */
  async markDeleted(id: string, event: PendingEvent): Promise<Document | undefined> {
    const existing = await this.findById(id);
    if (!existing) return undefined;
    await this.model.updateOne(
      { _id: new Types.ObjectId(id) },
      {
        $set: {
          deletedAt: new Date(),
          text: '',
          pages: [],
          ...packAnalysis({ mentions: [], values: [] }),
          entities: [],
          sha256: `deleted:${id}`,
          provenanceKey: `deleted:${id}`,
        },
        $unset: { docketOrder: 1, lead: 1, mentions: 1, values: 1, analysisPending: 1 },
        $push: { pendingEvents: event },
      },
      { strict: false },
    );
    this.recentViews.forget([id]);
    return existing;
  }

  async findBySha256(sha256: string): Promise<Document | undefined> {
    return this.findOne({ sha256 });
  }

  async findByProvenanceKey(provenanceKey: string): Promise<Document | undefined> {
    return this.findOne({ provenanceKey });
  }

  async findById(id: string): Promise<Document | undefined> {
    if (!isDocumentId(id)) return undefined;
    return this.findOne({ _id: new Types.ObjectId(id) });
  }

  /** The document as a page shows it: without values and attachment texts (see FOR_VIEW). */
  findForView(id: string): Promise<Document | undefined> {
    return isDocumentId(id) ? this.recentViews.get(id) : Promise.resolve(undefined);
  }

  private async readForView(id: string): Promise<Document | undefined> {
    // The driver directly: the busiest read of the service, and mongoose's query building (schema
    // walk, hooks) was about a third of its CPU in a profile; the record is used as stored anyway.
    const record = await this.model.collection.findOne<DocumentRecord>(
      { _id: new Types.ObjectId(id) },
      { projection: FOR_VIEW },
    );
    return record && isLive(record) ? toStored(record) : undefined;
  }

  /** Several documents by id with text and mentions (an entity profile's excerpts), in no particular order. */
  async findManyWithText(ids: string[]): Promise<Document[]> {
    const objectIds = ids.filter(isDocumentId).map((id) => new Types.ObjectId(id));
    if (objectIds.length === 0) return [];
    const records = await this.model
      .find({ _id: { $in: objectIds } }, { pendingEvents: 0, values: 0, valuesJson: 0 })
      .lean<DocumentRecord[]>();
    return records.filter(isLive).map(toStored);
  }

  /** One page in id order, starting after `afterId` (exclusive), without mentions or values. */
  async listAfter(afterId: string | undefined, limit: number): Promise<Document[]> {
    // Bounded below even for the first page: the MongoDB stand-in reads a {_id: {$gt}} page sorted by
    // _id from that _id on, where any other shape decodes and sorts the whole collection.
    const filter: Record<string, unknown> = {
      _id: { $gt: new Types.ObjectId(afterId ?? FIRST_OBJECT_ID) },
      deletedAt: { $exists: false },
      failureReason: { $exists: false },
    };
    const records = await this.model
      .find(filter, SLIM, { strict: false })
      .sort({ _id: 1 })
      .limit(limit)
      .lean<DocumentRecord[]>();
    return records.map(toStored);
  }

  /** Gives documents a new filing type, each with its documents.updated event in the same write. */
  async setFilingCategories(
    changes: Array<{ id: string; filingCategory: string; event: PendingEvent }>,
  ): Promise<void> {
    if (changes.length === 0) return;
    await this.model.bulkWrite(
      changes.map(({ id, filingCategory, event }) => ({
        updateOne: {
          filter: { _id: new Types.ObjectId(id) },
          update: { $set: { filingCategory }, $push: { pendingEvents: event } },
        },
      })),
    );
    this.recentViews.forget(changes.map((change) => change.id));
  }

  /** Documents not yet counted (StatsProjector), created before `createdBefore` when given. */
  async findUnapplied(limit: number, createdBefore?: Date): Promise<Document[]> {
    const filter = createdBefore ? { statsApplied: false, createdAt: { $lt: createdBefore } } : { statsApplied: false };
    const records = await this.model
      .find(filter, { ...SLIM, text: 0 })
      .limit(limit)
      .lean<DocumentRecord[]>();
    return records.map(toStored);
  }

  /**
   * Flags documents as counted; `pulls` (by id) are outbox events the relay has published, removed in
   * the same write, so a new document is rewritten once after its insert rather than twice.
   */
  async markStatsApplied(ids: string[], pulls: ReadonlyMap<string, string[]> = new Map()): Promise<void> {
    const plain = ids.filter((id) => !pulls.has(id)).map((id) => new Types.ObjectId(id));
    const withPull = ids.filter((id) => pulls.has(id));
    if (withPull.length === 0) {
      if (plain.length > 0) await this.model.updateMany({ _id: { $in: plain } }, { $set: { statsApplied: true } });
      return;
    }
    await this.model.collection.bulkWrite(
      [
        ...withPull.map((id) => ({
          updateOne: {
            filter: { _id: new Types.ObjectId(id) },
            update: {
              $set: { statsApplied: true },
              $pull: { pendingEvents: { eventId: { $in: pulls.get(id) ?? [] } } },
            },
          },
        })),
        ...(plain.length > 0
          ? [{ updateMany: { filter: { _id: { $in: plain } }, update: { $set: { statsApplied: true } } } }]
          : []),
      ] as never,
      { ordered: false },
    );
  }

  /**
   * The ids of documents whose analysis is still to be done (DocumentAnalyser), oldest first: read
   * once at a start, for what a previous run left (the MongoDB stand-in reads every record for it).
   */
  async findAnalysisPendingIds(): Promise<string[]> {
    const records = await this.model.collection
      .find<{ _id: Types.ObjectId }>({ analysisPending: true }, { projection: { _id: 1 } })
      .sort({ _id: 1 })
      .toArray();
    return records.map((record) => record._id.toHexString());
  }

  /** These documents, with their text, where their analysis is still to be done (others are left out). */
  async findForAnalysis(ids: string[]): Promise<Document[]> {
    const objectIds = ids.filter(isDocumentId).map((id) => new Types.ObjectId(id));
    if (objectIds.length === 0) return [];
    const records = await this.model.collection
      .find<DocumentRecord>({ _id: { $in: objectIds }, analysisPending: true }, { projection: SLIM })
      .toArray();
    return records.filter(isLive).map(toStored);
  }

  /**
   * Stores what the analysis found, each document with its documents.updated event in the same
   * write; only where the analysed content is still the document's (not changed or deleted since).
   * Returns the ids written.
   */
  async recordAnalyses(
    analysed: Array<{ id: string; sha256: string; analysis: TextAnalysis; event: PendingEvent }>,
    analysedAt: Date,
  ): Promise<string[]> {
    const written: string[] = [];
    for (const chunk of chunks(analysed, 100)) {
      // One update per document: a bulk write's result does not say which of its updates matched.
      const results = await Promise.all(
        chunk.map(({ id, sha256, analysis, event }) =>
          this.model.collection.updateOne({ _id: new Types.ObjectId(id), analysisPending: true, sha256 }, {
            $set: { entities: analysis.entities, ...packAnalysis(analysis), analysedAt },
            $unset: { analysisPending: '' },
            $push: { pendingEvents: event },
          } as never),
        ),
      );
      chunk.forEach(({ id }, i) => {
        if (results[i]?.matchedCount === 1) written.push(id);
      });
    }
    this.recentViews.forget(analysed.map(({ id }) => id));
    return written;
  }

  /** Removes published outbox events (the relay's $pull, for documents whose flag write went out already). */
  async pullEvents(pulls: ReadonlyMap<string, string[]>): Promise<void> {
    if (pulls.size === 0) return;
    await this.model.collection.bulkWrite(
      [...pulls].map(([id, eventIds]) => ({
        updateOne: {
          filter: { _id: new Types.ObjectId(id) },
          update: { $pull: { pendingEvents: { eventId: { $in: eventIds } } } },
        },
      })) as never,
      { ordered: false },
    );
  }

  async count(): Promise<number> {
    return this.model.estimatedDocumentCount();
  }

  /**
   * The listing keys starting with `prefix` (one docket's entries, or its other filings), in order.
   * A prefix of the indexed key alone: real MongoDB reads it from the index, the stand-in matches
   * the index's keys and reads only these documents.
   */
  async docketListingKeys(prefix: string): Promise<string[]> {
    const records = await this.model.collection
      .find<{ docketOrder: string }>(
        { docketOrder: new RegExp(`^${escapeRegExp(prefix)}`) },
        { projection: { _id: 0, docketOrder: 1 } },
      )
      .sort({ docketOrder: 1 })
      .toArray();
    return records.map((record) => record.docketOrder);
  }

  /** What a docket's listing shows of these documents, in the order asked; deleted ones are left out. */
  async docketListingRows(ids: string[]): Promise<DocketListingRow[]> {
    const objectIds = ids.filter(isDocumentId).map((id) => new Types.ObjectId(id));
    if (objectIds.length === 0) return [];
    const records = await this.model.collection
      .find<Pick<DocumentRecord, '_id' | 'title' | 'filedAt' | 'docketEntry' | 'lead'>>(
        { _id: { $in: objectIds } },
        { projection: { title: 1, filedAt: 1, docketEntry: 1, lead: 1, deletedAt: 1 } },
      )
      .toArray();
    const found = new Map(
      records.filter((record) => isLive(record as DocumentRecord)).map((record) => [record._id.toHexString(), record]),
    );
    return ids.flatMap((id) => {
      const record = found.get(id);
      if (!record) return [];
      return [
        {
          id,
          title: record.title,
          filedAt: record.filedAt ?? undefined,
          docketEntry: record.docketEntry ?? undefined,
          lead: record.lead ?? '',
        },
      ];
    });
  }

  /**
   * One page of a walk in id order (the shape the stand-in reads from that id on, see listAfter):
   * the filings of a docket among them that have no listing key.
   * `next` is where the walk goes on; undefined at its end.
   */
  async unlistedAfter(
    afterId: string | undefined,
    limit: number,
  ): Promise<{ unlisted: UnlistedFiling[]; next: string | undefined }> {
    const records = await this.model.collection
      .find<DocumentRecord>(
        { _id: { $gt: new Types.ObjectId(afterId ?? FIRST_OBJECT_ID) } },
        {
          projection: {
            docketId: 1,
            docketOrder: 1,
            docketEntry: 1,
            filedAt: 1,
            text: 1,
            description: 1,
            'provenance.sourceDocumentId': 1,
            deletedAt: 1,
          },
        },
      )
      .sort({ _id: 1 })
      .limit(limit)
      .toArray();
    const unlisted = records
      .filter((record) => record.docketId && !record.docketOrder && isLive(record))
      .map((record) => ({
        id: record._id.toHexString(),
        docketId: record.docketId,
        filedAt: record.filedAt ?? undefined,
        text: record.text ?? '',
        description: record.description ?? '',
        sourceDocumentId: record.provenance?.sourceDocumentId ?? '',
        docketEntry: record.docketEntry ?? undefined,
      }));
    return { unlisted, next: records.length < limit ? undefined : records.at(-1)?._id.toHexString() };
  }

  /** Gives filings their place in their docket's listing (and an entry its mark, when it lacked one). */
  async setDocketListing(
    updates: Array<{ id: string; docketEntry?: DocketEntryMark; docketOrder: string; lead: string }>,
  ): Promise<void> {
    if (updates.length === 0) return;
    // By _id alone: the stand-in uses an index only for a filter on the indexed field alone.
    await this.model.collection.bulkWrite(
      updates.map(({ id, ...fields }) => ({
        updateOne: { filter: { _id: new Types.ObjectId(id) }, update: { $set: fields } },
      })) as never,
      { ordered: false },
    );
    this.recentViews.forget(updates.map((update) => update.id));
  }

  /**
   * One field, one value: the MongoDB stand-in uses an index only for a filter on the indexed field
   * alone (any other condition makes it scan), so tombstones are filtered here rather than in the query.
   */
  private async findOne(filter: Record<string, unknown>): Promise<Document | undefined> {
    const record = await this.model.findOne(filter, WITHOUT_OUTBOX).lean<DocumentRecord>();
    return record && isLive(record) ? toStored(record) : undefined;
  }
}

/** A filing of a docket gets its place in the docket's listing with every write of its content. */
function listingFieldsOf(id: string, record: NewDocumentRecord): { docketOrder: string; lead: string } | undefined {
  if (!record.docketId) return undefined;
  return { docketOrder: docketListingKey(record.docketId, id, record), lead: leadOf(record.text, record.docketEntry) };
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

function isLive(record: DocumentRecord): boolean {
  return !(record as { deletedAt?: Date }).deletedAt;
}

export function isDocumentId(value: string): boolean {
  return /^[0-9a-f]{24}$/i.test(value);
}

function toStored(record: DocumentRecord): Document {
  return {
    id: record._id.toHexString(),
    title: record.title,
    text: record.text ?? '',
    pages: record.pages ?? [],
    sourceId: record.sourceId ?? '',
    docketId: record.docketId ?? '',
    docketNumber: record.docketNumber ?? '',
    filingType: record.filingType ?? '',
    filingCategory: record.filingCategory ?? 'Other',
    filedAt: record.filedAt ?? undefined,
    filers: record.filers ?? [],
    description: record.description ?? '',
    ...(record.docketEntry
      ? { docketEntry: { number: record.docketEntry.number ?? '', order: record.docketEntry.order ?? null } }
      : {}),
    language: record.language ?? '',
    sha256: record.sha256,
    createdBy: record.createdBy ?? '',
    createdAt: record.createdAt,
    updatedAt: record.updatedAt ?? record.createdAt,
    attachments: record.attachments ?? [],
    provenance: record.provenance ?? { connector: '', sourceDocumentId: '', sourceUrl: '', runId: '' },
    failureReason: record.failureReason ?? undefined,
    failureMessage: record.failureMessage ?? undefined,
    entities: record.entities ?? [],
    mentions: mentionsOf(record),
    values: valuesOf(record),
    ...(record.analysisPending ? { analysisPending: true } : {}),
    ...(record.analysedAt ? { analysedAt: record.analysedAt } : {}),
  };
}

/** The record's fields as written: mentions and values packed. */
function storedFieldsOf({
  mentions,
  values,
  ...rest
}: NewDocumentRecord): Omit<DocumentRecord, '_id' | 'statsApplied' | 'pendingEvents'> {
  return { ...rest, ...packAnalysis({ mentions, values }) };
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
