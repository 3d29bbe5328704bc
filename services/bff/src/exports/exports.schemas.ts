import { z } from 'zod';
import { exportFormats, exportStatuses, exportSubjects } from './export-vocabulary';

// Exports. The export service decides what a subject can be exported as, checks the
// caller's membership and the per-user limits; these schemas refuse what is malformed on its face.

const isoDateTime = z.iso.datetime({ offset: true });
const nullableDateTime = isoDateTime.nullable();
const id = z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters');

const format = z.enum(exportFormats, { error: `must be one of ${exportFormats.join(', ')}` }).meta({
  description:
    'search: csv, xlsx, jsonl, or zip (results.csv + the original files); ' +
    'query: docx, html, csv (its documents) or zip (all of it); workspace: zip',
});

export const ExportOptions = z
  .object({
    includeFullText: z.boolean().default(false).meta({ description: "Search rows: add each document's whole text" }),
    includeOriginalFiles: z
      .boolean()
      .default(false)
      .meta({ description: "Search or workspace ZIP: add each document's original files" }),
  })
  .strict()
  .meta({ id: 'ExportOptions' });

export const ExportRequestBody = z
  .object({
    workspaceId: id,
    requestId: id
      .nullable()
      .default(null)
      .meta({ description: 'A search or question of the workspace’s log; null exports the whole workspace' }),
    format,
    options: ExportOptions.default({ includeFullText: false, includeOriginalFiles: false }),
  })
  .strict()
  .meta({ id: 'ExportRequest', description: 'What to export, as what' });

export const ExportProgress = z
  .object({
    unit: z.string().meta({ description: 'rows | files | parts' }),
    done: z.number().int(),
    total: z.number().int().meta({ description: '0 while unknown' }),
    perSecond: z.number().nullable().meta({ description: 'Units per second so far; null while unknown' }),
    secondsLeft: z.number().int().nullable().meta({ description: 'At that speed; null while unknown' }),
  })
  .meta({ id: 'ExportProgress' });

export const Export = z
  .object({
    id: z.string(),
    processId: z.string().meta({ description: 'Its process: live progress at /api/processes/{processId}/events' }),
    workspaceId: z.string(),
    requestId: z.string().nullable().meta({ description: 'null for a workspace export' }),
    subject: z.enum(exportSubjects),
    format: z.enum(exportFormats),
    options: z.object({ includeFullText: z.boolean(), includeOriginalFiles: z.boolean() }),
    status: z.enum(exportStatuses).meta({ description: 'expired: the file was removed after expiresAt' }),
    title: z.string(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int().meta({ description: 'Bytes of the finished file; 0 before' }),
    progress: ExportProgress,
    error: z.string().meta({ description: "Why it failed, or who cancelled it; '' otherwise" }),
    attempts: z.number().int(),
    createdAt: nullableDateTime,
    startedAt: nullableDateTime,
    finishedAt: nullableDateTime,
    expiresAt: nullableDateTime.meta({ description: 'When the file is (or was) removed' }),
  })
  .meta({ id: 'Export' });

export const DownloadLink = z
  .object({
    url: z
      .string()
      .meta({ description: 'The signed link (same origin); it needs a session of a member of the workspace' }),
    expiresAt: nullableDateTime,
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int(),
  })
  .meta({ id: 'DownloadLink' });

export const ExportResponse = z.object({
  export: Export,
  download: DownloadLink.nullable().meta({ description: 'A signed link while the file is there; null otherwise' }),
});
export const StartedExportResponse = z.object({ export: Export });

export const ExportEstimate = z
  .object({
    subject: z.enum(exportSubjects),
    rows: z
      .number()
      .int()
      .meta({ description: 'Rows of a search (at most 1,000,000), documents of a question, requests of a workspace' }),
    files: z.number().int().meta({ description: 'Original files included' }),
    estimatedBytes: z.number().int(),
    formats: z.array(z.enum(exportFormats)).meta({ description: 'What this subject can be exported as' }),
    truncated: z.boolean().meta({ description: 'The search matches more than the row limit' }),
  })
  .meta({ id: 'ExportEstimate' });
export const ExportEstimateResponse = z.object({ estimate: ExportEstimate });

export const ExportLimits = z
  .object({
    maxConcurrent: z.number().int(),
    running: z.number().int(),
    maxStored: z.number().int(),
    stored: z.number().int(),
  })
  .meta({ id: 'ExportLimits', description: 'Your limits on exports running at once and kept, and your use of them' });

export const ExportsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(1000).default('').meta({ description: 'nextCursor of the previous page' }),
  workspaceId: z.string().trim().max(200).default('').meta({ description: 'Only your exports of this workspace' }),
});
export const ExportsResponse = z.object({
  exports: z.array(Export),
  nextCursor: z.string().nullable(),
  limits: ExportLimits.nullable(),
});

export const ExportParams = z.object({ id });
export const DownloadParams = z.object({ token: z.string().min(1).max(2000) });
