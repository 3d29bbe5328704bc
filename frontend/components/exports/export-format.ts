// Words and paths for exports, shared by the export pages and the list of your exports.
import { formatBytes, formatDuration, formatNumber } from '@/lib/format';
import type { Export, ExportFormat, ExportStatus, ExportSubject } from './export-types';

export interface FormatChoice {
  format: ExportFormat;
  label: string;
  description: string;
}

/** What each subject can be exported as, best first (the service's estimate says which it allows). */
export const FORMAT_CHOICES: Record<ExportSubject, FormatChoice[]> = {
  search: [
    {
      format: 'csv',
      label: 'CSV',
      description: 'One row per matching document: metadata, snippet and link. Opens in any spreadsheet.',
    },
    {
      format: 'xlsx',
      label: 'Excel (XLSX)',
      description: 'The same rows in a workbook; past a sheet’s row limit they continue on a new sheet.',
    },
    { format: 'jsonl', label: 'JSON Lines', description: 'One JSON object per document, for scripts and data tools.' },
    { format: 'zip', label: 'ZIP', description: 'The rows as CSV, with the original files when you include them.' },
  ],
  query: [
    {
      format: 'docx',
      label: 'Word (DOCX)',
      description: 'The analysis, every citation a footnote quoting the passage with a link to its document.',
    },
    {
      format: 'html',
      label: 'HTML page',
      description: 'The analysis as a standalone page, its citations as footnotes at the end.',
    },
    { format: 'csv', label: 'Documents (CSV)', description: 'The documents the answer used, ranked, one per row.' },
    {
      format: 'zip',
      label: 'Everything (ZIP)',
      description: 'The analysis as DOCX and HTML, the documents as CSV, the figures as PNG and CSV.',
    },
  ],
  workspace: [
    {
      format: 'zip',
      label: 'ZIP',
      description: 'An index page and a folder per search and question, each exported as above.',
    },
  ],
};

/** Which options a subject and format take. */
export function optionsFor(
  subject: ExportSubject,
  format: ExportFormat,
): { fullText: boolean; originalFiles: boolean } {
  if (subject === 'search') return { fullText: true, originalFiles: format === 'zip' };
  if (subject === 'workspace') return { fullText: true, originalFiles: true };
  return { fullText: false, originalFiles: false };
}

const STATUS_LABELS: Record<ExportStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Ready',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

const STATUS_CLASSES: Record<ExportStatus, string> = {
  queued: 'badge',
  running: 'badge badge-accent',
  succeeded: 'badge badge-success',
  failed: 'badge badge-danger',
  cancelled: 'badge badge-warning',
  expired: 'badge',
};

export function exportStatusLabel(status: ExportStatus): string {
  return STATUS_LABELS[status];
}

export function exportStatusClass(status: ExportStatus): string {
  return STATUS_CLASSES[status];
}

export function isExportActive(status: ExportStatus): boolean {
  return status === 'queued' || status === 'running';
}

export const SUBJECT_LABELS: Record<ExportSubject, string> = {
  search: 'Search',
  query: 'Question',
  workspace: 'Workspace',
};

export function formatLabel(subject: ExportSubject, format: ExportFormat): string {
  return FORMAT_CHOICES[subject].find((c) => c.format === format)?.label ?? format.toUpperCase();
}

/** "1,200 of 5,000 rows", "1,200 rows" while the total is unknown. */
export function progressLabel(progress: Export['progress']): string {
  const unit = progress.unit || 'rows';
  return progress.total > 0
    ? `${formatNumber(progress.done)} of ${formatNumber(progress.total)} ${unit}`
    : `${formatNumber(progress.done)} ${unit}`;
}

/** "850 rows/s · about 12 s left", or '' while nothing is known. */
export function speedLabel(progress: Export['progress']): string {
  const parts: string[] = [];
  if (progress.perSecond !== null)
    parts.push(`${formatNumber(Math.round(progress.perSecond))} ${progress.unit || 'rows'}/s`);
  if (progress.secondsLeft !== null)
    parts.push(progress.secondsLeft === 0 ? 'finishing' : `about ${formatDuration(progress.secondsLeft)} left`);
  return parts.join(' · ');
}

/** The size of a finished file, or what is known of it. */
export function sizeLabel(e: Pick<Export, 'status' | 'size'>): string {
  return e.size > 0 ? formatBytes(e.size) : e.status === 'succeeded' ? '0 B' : '—';
}

/** Where an export's own page is: the request's export page, or the workspace's. */
export function exportPagePath(e: Pick<Export, 'id' | 'workspaceId' | 'requestId'>): string {
  return `${exportTargetPath(e.workspaceId, e.requestId)}?export=${encodeURIComponent(e.id)}`;
}

export function exportTargetPath(workspaceId: string, requestId: string | null): string {
  const base = `/export/workspace/${encodeURIComponent(workspaceId)}`;
  return requestId ? `${base}/request/${encodeURIComponent(requestId)}` : base;
}

/** The stable download address of a finished export (the BFF redirects it to a fresh signed link). */
export function downloadPath(exportId: string): string {
  return `/api/exports/${encodeURIComponent(exportId)}/download`;
}
