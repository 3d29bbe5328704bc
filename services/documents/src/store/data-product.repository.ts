import { Schema, type Connection, type Model } from 'mongoose';
import { addOutbox, type PendingEvent } from '@docket/events';
import type { DataProduct, ProductTable, Release } from '../domain/data-product.types';

type DataProductRecord = Omit<DataProduct, 'id'> & { _id: string; pendingEvents: PendingEvent[] };

const schema = new Schema<DataProductRecord>(
  {
    _id: String,
    name: String,
    description: String,
    cadence: String,
    fields: [{ name: String, type: { type: String }, description: String, _id: false }],
    sourceIds: [String],
    table: { type: Schema.Types.Mixed, default: undefined },
    releases: [
      {
        id: String,
        version: String,
        releasedAt: Date,
        recordCounts: Schema.Types.Mixed,
        changeLog: [{ kind: String, entity: String, count: Number, _id: false }],
        addedColumns: [String],
        removedColumns: [String],
        _id: false,
      },
    ],
  },
  { collection: 'data_products', versionKey: false, minimize: false },
);
addOutbox(schema);

/** Data products and their releases; a release and its catalog.release-published event are one write. */
export class DataProductRepository {
  readonly model: Model<DataProductRecord>;

  constructor(connection: Connection) {
    this.model = connection.model<DataProductRecord>('DataProduct', schema);
  }

  async upsertDefinition(product: Omit<DataProduct, 'releases'>): Promise<void> {
    const { id, ...definition } = product;
    // A table product's releases are kept in their own collection: counts an earlier version kept here go.
    const releases = definition.table ? { releases: [] } : {};
    await this.model.updateOne(
      { _id: id },
      {
        $set: { ...definition, ...releases },
        $setOnInsert: definition.table ? { pendingEvents: [] } : { releases: [], pendingEvents: [] },
      },
      { upsert: true },
    );
  }

  /** Removes the products an earlier version generated (made-up counts, no rows). */
  async removeGenerated(productIds: readonly string[]): Promise<void> {
    await this.model.deleteMany({ _id: { $in: productIds } });
  }

  /** Appends a release unless one with its id is there already (publishing twice is a no-op). */
  async addRelease(productId: string, release: Release, event: PendingEvent): Promise<boolean> {
    const result = await this.model.updateOne(
      { _id: productId, 'releases.id': { $ne: release.id } },
      { $push: { releases: release, pendingEvents: event } },
    );
    return result.modifiedCount === 1;
  }

  /** The schema and wording a release of the product is published under; undefined for one with none. */
  async releaseDefinition(productId: string): Promise<ProductTable | undefined> {
    const record = await this.model.findById(productId, { table: 1 }).lean<Pick<DataProductRecord, 'table'>>();
    return record?.table ?? undefined;
  }

  async get(productId: string): Promise<DataProduct | undefined> {
    const record = await this.model.findById(productId, { pendingEvents: 0 }).lean<DataProductRecord>();
    return record ? toProduct(record) : undefined;
  }

  async list(): Promise<DataProduct[]> {
    const records = await this.model.find({}, { pendingEvents: 0 }).lean<DataProductRecord[]>();
    return records.map(toProduct);
  }
}

function toProduct({ _id, pendingEvents: _events, ...rest }: DataProductRecord): DataProduct {
  return {
    ...rest,
    id: _id,
    releases: rest.releases ?? [],
    fields: rest.fields ?? [],
    sourceIds: rest.sourceIds ?? [],
    table: rest.table ?? undefined,
  };
}
