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
  id: string;
  name: string;
  description: string;
  cadence: string;
  fields: Array<{ name: string; type: string; description: string }>;
  sourceIds: string[];
  /** Oldest first. */
  releases: Release[];
}
