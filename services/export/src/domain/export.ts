import { InputError } from '@docket/errors';

export type ExportSubject = 'search' | 'query' | 'workspace';
export type ExportFormat = 'csv' | 'xlsx' | 'jsonl' | 'zip' | 'docx' | 'html';
export type ExportStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'expired';
export type ProgressUnit = 'rows' | 'files' | 'parts';

/** A search export stops here, whatever the search matches. */
export const MAX_EXPORT_ROWS = 1_000_000;

export interface ExportOptions {
  includeFullText: boolean;
  includeOriginalFiles: boolean;
}

export type SearchSortOrder = 'relevance' | 'filed_newest' | 'filed_oldest';

export interface SearchFiltersSpec {
  agencies: string[];
  filingTypes: string[];
  dockets: string[];
  parties: string[];
  filedFrom: string;
  filedTo: string;
}

/** What a request of the log was, read when the export starts so every run exports the same thing. */
export type ExportSource =
  | { kind: 'search'; text: string; filters: SearchFiltersSpec; sort: SearchSortOrder }
  | { kind: 'query'; text: string; queryId: string }
  | { kind: 'workspace'; name: string };

export interface StoredFile {
  key: string;
  size: number;
  sha256: string;
}

export interface ExportProgress {
  unit: ProgressUnit;
  done: number;
  /** 0 while unknown. */
  total: number;
}

export interface ExportRecord {
  id: string;
  processId: string;
  workspaceId: string;
  /** '' for a workspace export. */
  requestId: string;
  userId: string;
  /** Where the ready / failed e-mail goes ('' when the caller gave none: in-app notice only). */
  userEmail: string;
  subject: ExportSubject;
  format: ExportFormat;
  options: ExportOptions;
  source: ExportSource;
  status: ExportStatus;
  title: string;
  fileName: string;
  contentType: string;
  file?: StoredFile | undefined;
  progress: ExportProgress;
  error: string;
  attempts: number;
  createdAt: Date;
  startedAt?: Date | undefined;
  finishedAt?: Date | undefined;
  expiresAt?: Date | undefined;
}

export const FORMATS_BY_SUBJECT: Record<ExportSubject, ExportFormat[]> = {
  search: ['csv', 'xlsx', 'jsonl', 'zip'],
  query: ['docx', 'html', 'csv', 'zip'],
  workspace: ['zip'],
};

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  jsonl: 'application/x-ndjson; charset=utf-8',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  html: 'text/html; charset=utf-8',
};

const FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: 'CSV',
  xlsx: 'XLSX',
  jsonl: 'JSON Lines',
  zip: 'ZIP',
  docx: 'DOCX',
  html: 'HTML',
};

export function contentTypeOf(format: ExportFormat): string {
  return CONTENT_TYPES[format];
}

/** Refuses a format the subject cannot be exported as, naming the ones it can. */
export function checkFormat(subject: ExportSubject, format: ExportFormat | undefined): ExportFormat {
  const allowed = FORMATS_BY_SUBJECT[subject];
  if (!format || !allowed.includes(format)) {
    throw new InputError(`a ${subject} exports as ${allowed.join(', ')}`, [
      { path: 'format', message: `must be one of ${allowed.join(', ')} for a ${subject}` },
    ]);
  }
  return format;
}

/** "Search 'rate case' — CSV" */
export function titleOf(source: ExportSource, format: ExportFormat): string {
  const label = FORMAT_LABELS[format];
  switch (source.kind) {
    case 'search':
      return `Search '${clip(source.text || 'filters only', 60)}' — ${label}`;
    case 'query':
      return `Query '${clip(source.text, 60)}' — ${label}`;
    case 'workspace':
      return `Workspace '${clip(source.name, 60)}' — ${label}`;
  }
}

/** "search-rate-case-2026-11-25.csv": ASCII, safe in any file system and header. */
export function fileNameOf(source: ExportSource, format: ExportFormat, now: Date): string {
  const text = source.kind === 'workspace' ? source.name : source.text;
  return `${source.kind}-${slugOf(text) || 'export'}-${now.toISOString().slice(0, 10)}.${format}`;
}

export function slugOf(text: string, max = 40): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Speed over the run so far and the time left at that speed (-1 while unknown). */
export function rateOf(
  progress: ExportProgress,
  startedAt: Date | undefined,
  now: Date,
): { perSecond: number; secondsLeft: number } {
  if (!startedAt || progress.done === 0) return { perSecond: 0, secondsLeft: -1 };
  const seconds = Math.max((now.getTime() - startedAt.getTime()) / 1000, 0.001);
  const perSecond = progress.done / seconds;
  const secondsLeft =
    progress.total > progress.done
      ? Math.ceil((progress.total - progress.done) / perSecond)
      : progress.total > 0
        ? 0
        : -1;
  return { perSecond: Math.round(perSecond * 10) / 10, secondsLeft };
}

/** What the process page says while an export runs: "12,000 of 100,000 rows · 4,100 rows/s · about 21 s left". */
export function progressMessage(progress: ExportProgress, startedAt: Date | undefined, now: Date): string {
  const { perSecond, secondsLeft } = rateOf(progress, startedAt, now);
  const ofTotal = progress.total ? ` of ${progress.total.toLocaleString('en-US')}` : '';
  const parts = [`${progress.done.toLocaleString('en-US')}${ofTotal} ${progress.unit}`];
  if (perSecond > 0) parts.push(`${Math.round(perSecond).toLocaleString('en-US')} ${progress.unit}/s`);
  if (secondsLeft >= 0) parts.push(`about ${durationOf(secondsLeft)} left`);
  return parts.join(' · ');
}

function durationOf(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 360) / 10} h`;
}

export const ACTIVE_STATUSES: ExportStatus[] = ['queued', 'running'];
