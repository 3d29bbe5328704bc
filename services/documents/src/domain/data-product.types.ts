import type { SummaryWording } from './data-products/change-log';
import type { ProductSchema } from './data-products/product-schema';

/** A data product release: its version, record counts and change log. */
export interface Release {
  id: string;
  version: string;
  releasedAt: Date;
  recordCounts: Record<string, number>;
  changeLog: Array<{ kind: string; entity: string; count: number }>;
  addedColumns: string[];
  removedColumns: string[];
}

/** A curated data product and its releases. */
export interface DataProduct {
  /** Set for a product whose releases are tables (published by file or computed): its columns and key. */
  table?: ProductTable | undefined;
  id: string;
  name: string;
  description: string;
  cadence: string;
  fields: Array<{ name: string; type: string; description: string }>;
  sourceIds: string[];
  /** Oldest first. */
  releases: Release[];
}

/** A product whose releases are tables: the schema each release is checked against, and its wording. */
export interface ProductTable {
  schema: ProductSchema;
  wording: SummaryWording;
}
