import type { z } from 'zod';
import type { DataProduct, EntityResponse, IngestionRun, Release, SourceStatus } from './catalog.schemas';

export { sourceHealth, type SourceHealth } from './source-health';

/** A source an administrator adds (CreateSourceBody); the documents service validates it again, finally. */
export interface NewSource {
  id: string;
  name: string;
  kind: string;
  shortName: string;
  jurisdiction?: string | undefined;
  state: string;
  homeUrl: string;
  docketPattern: string;
}

/** A release of a data product as the catalog lists it. */
export type ReleaseView = z.output<typeof Release>;

/** A data product with its releases, newest first. */
export type DataProductView = z.output<typeof DataProduct>;

/** One run of a source's connector. */
export type IngestionRunView = z.output<typeof IngestionRun>;

/** A source with how its collection is going. */
export type SourceStatusView = z.output<typeof SourceStatus>;

/** An entity's profile: how often and where it is named, and what is named with it. */
export type EntityProfileView = z.output<typeof EntityResponse>;

/** An entity with its counts. */
export type EntityView = EntityProfileView['entity'];
