import { Schema, type Connection, type Model } from 'mongoose';
import { addOutbox, type PendingEvent } from '@docket/events';
import type { ChangeLog } from '../domain/data-products/change-log';
import type { ColumnDef } from '../domain/data-products/product-schema';

/** One release of a data product: its rows are a Parquet file; here, what describes it. */
export interface ProductRelease {
  id: string;
  productId: string;
  /** 1, 2, 3… in the order published. */
  sequence: number;
  /** What the release calls itself (a month, "2026-05", or the sequence). */
  version: string;
  releasedAt: Date;
  /** The day the rows describe (a computed release: the filings filed by then). */
  asOf: string;
  rows: number;
  /** sha256 of the published content: the same content again is the same release. */
  sha256: string;
  /** The Parquet file, relative to the blob directory. */
  file: string;
  key: string[];
  columns: ColumnDef[];
  previousReleaseId: string | null;
  /** Compared with the release before; null for the first. */
  changeLog: ChangeLog | null;
}

type ReleaseRecord = Omit<ProductRelease, 'id'> & { _id: string; pendingEvents: PendingEvent[] };

const columnSchema = new Schema(
  { name: String, type: { type: String }, description: String, unit: String, order: [String] },
  { _id: false },
);
const columnChangeSchema = new Schema(
  {
    column: String,
    changed: Number,
    filled: Number,
    cleared: Number,
    up: Number,
    down: Number,
    later: Number,
    earlier: Number,
    forward: Number,
    back: Number,
  },
  { _id: false },
);
const schema = new Schema<ReleaseRecord>(
  {
    _id: String,
    productId: { type: String, required: true },
    sequence: { type: Number, required: true },
    version: String,
    releasedAt: Date,
    asOf: String,
    rows: Number,
    sha256: { type: String, required: true },
    file: String,
    key: [String],
    columns: [columnSchema],
    previousReleaseId: { type: String, default: null },
    changeLog: {
      type: new Schema(
        {
          added: Number,
          removed: Number,
          changed: Number,
          columns: [columnChangeSchema],
          columnsAdded: [String],
          columnsRemoved: [String],
          summary: String,
        },
        { _id: false },
      ),
      default: null,
    },
  },
  { collection: 'data_product_releases', versionKey: false, minimize: false },
);
// The same content is one release; two releases never share a place in the sequence.
schema.index({ productId: 1, sha256: 1 }, { unique: true });
schema.index({ productId: 1, sequence: -1 }, { unique: true });
addOutbox(schema);

const DUPLICATE_KEY = 11000;

/** Data products' releases; a release and its catalog.release-published event are one write. */
export class DataProductReleaseRepository {
  readonly model: Model<ReleaseRecord>;

  constructor(connection: Connection) {
    this.model =
      (connection.models.DataProductRelease as Model<ReleaseRecord> | undefined) ??
      connection.model<ReleaseRecord>('DataProductRelease', schema);
  }

  async init(): Promise<void> {
    await this.model.createIndexes();
  }

  async latest(productId: string): Promise<ProductRelease | undefined> {
    const record = await this.model
      .findOne({ productId }, { pendingEvents: 0 })
      .sort({ sequence: -1 })
      .lean<ReleaseRecord>();
    return record ? toRelease(record) : undefined;
  }

  async withContent(productId: string, sha256: string): Promise<ProductRelease | undefined> {
    const record = await this.model.findOne({ productId, sha256 }, { pendingEvents: 0 }).lean<ReleaseRecord>();
    return record ? toRelease(record) : undefined;
  }

  async get(releaseId: string): Promise<ProductRelease | undefined> {
    const record = await this.model.findById(releaseId, { pendingEvents: 0 }).lean<ReleaseRecord>();
    return record ? toRelease(record) : undefined;
  }

  /** Newest first. */
  async list(productId: string): Promise<ProductRelease[]> {
    const records = await this.model
      .find({ productId }, { pendingEvents: 0 })
      .sort({ sequence: -1 })
      .lean<ReleaseRecord[]>();
    return records.map(toRelease);
  }

  /**
   * Stores a release with its event. False when the same content or the same place in the
   * sequence is taken already (a concurrent or repeated publish): the caller reads what is there.
   */
  async insert(release: ProductRelease, event: PendingEvent): Promise<boolean> {
    const { id, ...rest } = release;
    try {
      await this.model.create({ _id: id, ...rest, pendingEvents: [event] });
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === DUPLICATE_KEY) return false;
      throw error;
    }
  }
}

function toRelease({ _id, pendingEvents: _events, ...rest }: ReleaseRecord): ProductRelease {
  return { ...rest, id: _id, key: rest.key ?? [], columns: rest.columns ?? [], changeLog: rest.changeLog ?? null };
}
