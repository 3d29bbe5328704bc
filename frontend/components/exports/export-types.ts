// The BFF's export API as the export pages read it: aliases of the types generated from its OpenAPI
// document (lib/api/schema.d.ts).
import type { components, paths } from '@/lib/api/schema';

type Schemas = components['schemas'];

export type Export = Schemas['Export'];
export type ExportStatus = Export['status'];
export type ExportSubject = Export['subject'];
export type ExportFormat = Export['format'];
export type ExportOptions = Export['options'];
export type ExportEstimate = Schemas['ExportEstimate'];
export type ExportLimits = Schemas['ExportLimits'];
export type ExportRequest = Schemas['ExportRequest'];
export type DownloadLink = NonNullable<
  paths['/api/exports/{id}']['get']['responses'][200]['content']['application/json']['download']
>;
