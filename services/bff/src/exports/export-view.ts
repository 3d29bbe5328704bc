// Exports as the REST API shows them (mapped from ExportService's messages in grpc/exports.gateway.ts).

export const exportSubjects = ['search', 'query', 'workspace'] as const;
export type ExportSubjectName = (typeof exportSubjects)[number];

export const exportFormats = ['csv', 'xlsx', 'jsonl', 'zip', 'docx', 'html'] as const;
export type ExportFormatName = (typeof exportFormats)[number];

export const exportStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'expired'] as const;
export type ExportStatusName = (typeof exportStatuses)[number];

export interface ExportOptionsView {
  includeFullText: boolean;
  includeOriginalFiles: boolean;
}

export interface ExportProgressView {
  /** rows | files | parts */
  unit: string;
  done: number;
  /** 0 while unknown. */
  total: number;
  /** Units per second so far; null while unknown. */
  perSecond: number | null;
  /** Seconds left at that speed; null while unknown. */
  secondsLeft: number | null;
}

export interface ExportView {
  id: string;
  processId: string;
  workspaceId: string;
  /** null for a workspace export. */
  requestId: string | null;
  subject: ExportSubjectName;
  format: ExportFormatName;
  options: ExportOptionsView;
  status: ExportStatusName;
  title: string;
  fileName: string;
  contentType: string;
  /** Bytes of the finished file; 0 before. */
  size: number;
  progress: ExportProgressView;
  /** Why it failed, or who cancelled it; '' otherwise. */
  error: string;
  attempts: number;
  createdAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** When the file is (or was) removed. */
  expiresAt: string | null;
}

export interface ExportEstimateView {
  subject: ExportSubjectName;
  rows: number;
  files: number;
  estimatedBytes: number;
  formats: ExportFormatName[];
  truncated: boolean;
}

export interface ExportLimitsView {
  maxConcurrent: number;
  running: number;
  maxStored: number;
  stored: number;
}

export interface DownloadLinkView {
  /** Same-origin path of the signed link: /api/exports/download/{token}. */
  url: string;
  expiresAt: string | null;
  fileName: string;
  contentType: string;
  size: number;
}

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
