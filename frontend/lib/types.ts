// Shapes of the BFF REST API: aliases of the types generated from its OpenAPI document
// (lib/api/schema.d.ts, `npm run api:gen`); to change one, change the BFF's zod spec.
import type { components } from './api/schema';

type Schemas = components['schemas'];

export type User = Schemas['User'];
export type Role = User['role'];
export type PageSpan = Schemas['PageSpan'];
export type Attachment = Schemas['Attachment'];
export type DocketDocument = Schemas['Document'];
export type Party = Schemas['Party'];
export type Docket = Schemas['Docket'];
export type DocketCourt = Schemas['DocketCourt'];
export type DocketDetail = Schemas['DocketDetail'];
export type DocketEntry = Schemas['DocketEntry'];
export type DocketEntries = Schemas['DocketEntries'];
export type EntityRef = Schemas['EntityRef'];
export type DocumentDetail = Schemas['DocumentDetail'];
export type Source = Schemas['Source'];
export type Release = Schemas['Release'];
export type DataProduct = Schemas['DataProduct'];
export type DataProductDetail = Schemas['DataProductDetail'];
export type ProductRelease = Schemas['ProductRelease'];
export type ProductColumn = Schemas['ProductColumn'];
export type ChangeLog = NonNullable<ProductRelease['changeLog']>;
export type ReleaseRows = Schemas['ReleaseRows'];
export type CellCitation = Schemas['CellCitation'];
export type ChangedRow = Schemas['ChangedRow'];
export type ProductSummary = Schemas['ProductSummary'];
export type Cell = ReleaseRows['rows'][number][string];
export type IngestionRun = Schemas['IngestionRun'];
export type SourceStatus = Schemas['SourceStatus'];
/** The default corpus still loading (GET /api/catalog/status; null there once it is searchable). */
export type CorpusLoad = NonNullable<Schemas['CorpusLoad']>;
export type SourceHealth = SourceStatus['status'];
export type EntityProfile = Schemas['EntityProfile'];
export type UploadResult = Schemas['UploadResult'];
export type UploadOutcome = UploadResult['outcome'];
export type SearchHit = Schemas['SearchHit'];
export type Process = Schemas['Process'];
export type ProcessStatus = Process['status'];
export type StackPartStatus = Schemas['StackPartStatus'];
export type StackStatus = Schemas['StackStatus'];

export const FINAL_PROCESS_STATUSES: readonly ProcessStatus[] = ['succeeded', 'failed'];

export function isFinalStatus(status: ProcessStatus): boolean {
  return FINAL_PROCESS_STATUSES.includes(status);
}

/** Newest first by last update (processes without timestamps last). */
export function byLatestUpdate(a: Process, b: Process): number {
  return (b.updatedAt ?? b.createdAt ?? '').localeCompare(a.updatedAt ?? a.createdAt ?? '');
}
