// Exports as the REST API shows them (mapped from ExportService's messages in exports.gateway.ts).

import type { z } from 'zod';
import type {
  DownloadLink,
  Export,
  ExportEstimate,
  ExportLimits,
  ExportOptions,
  ExportProgress,
} from './exports.schemas';

export {
  exportFormats,
  exportStatuses,
  exportSubjects,
  type ExportFormatName,
  type ExportStatusName,
  type ExportSubjectName,
} from './export-vocabulary';

/** What an export includes besides its rows. */
export type ExportOptionsView = z.output<typeof ExportOptions>;

/** How far a running export is, and how long it has left. */
export type ExportProgressView = z.output<typeof ExportProgress>;

/** An export: what it exports, as what, and how it is going. */
export type ExportView = z.output<typeof Export>;

/** What exporting a subject would produce, and as what it can be exported. */
export type ExportEstimateView = z.output<typeof ExportEstimate>;

/** A user's limits on exports running and kept, and their use of them. */
export type ExportLimitsView = z.output<typeof ExportLimits>;

/** A signed link to an export's file. */
export type DownloadLinkView = z.output<typeof DownloadLink>;

/** What a signed link points at, checked for the user following it. */
export interface DownloadFile {
  exportId: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** The path of a signed download link (the token is URL-safe already; encoded anyway). */
export function downloadPath(token: string): string {
  return `/api/exports/download/${encodeURIComponent(token)}`;
}
