import type { Readable } from 'node:stream';
import * as exportsV1 from '@docket/proto/src/exports';
import { grpcCall } from '@docket/service-kit';
import { byteStreamOf } from '../grpc/byte-stream';
import { isoOrNull } from '../grpc/timestamps';
import {
  downloadPath,
  type DownloadFile,
  type DownloadLinkView,
  type ExportEstimateView,
  type ExportFormatName,
  type ExportLimitsView,
  type ExportOptionsView,
  type ExportStatusName,
  type ExportSubjectName,
  type ExportView,
} from './export-view';

const { ExportFormat, ExportStatus, ExportSubject } = exportsV1;
type ProtoFormat = exportsV1.ExportFormat;

/** What to export: a request of a workspace's log, or the workspace (requestId null). */
export interface ExportTargetInput {
  workspaceId: string;
  requestId: string | null;
}

export interface ExportChoices {
  format: ExportFormatName;
  options: ExportOptionsView;
}

/**
 * The BFF's view of ExportService. The service checks the caller's membership of the workspace on
 * every call (NOT_FOUND otherwise) and the per-user limits (ALREADY_EXISTS, i.e. 409, naming the limit).
 */
export class ExportsGateway {
  constructor(private readonly client: exportsV1.ExportServiceClient) {}

  async estimate(userId: string, target: ExportTargetInput, choices: ExportChoices): Promise<ExportEstimateView> {
    const r = await grpcCall(this.client, 'estimateExport', {
      userId,
      target: targetToProto(target),
      ...choicesToProto(choices),
    });
    return {
      subject: subjectName(r.subject),
      rows: Number(r.rows),
      files: Number(r.files),
      estimatedBytes: Number(r.estimatedBytes),
      formats: r.formats.map(formatName).filter((f): f is ExportFormatName => f !== null),
      truncated: r.truncated,
    };
  }

  /** `userEmail` receives the export's ready / failed e-mail (the alerts service sends it). */
  async start(
    user: { id: string; email: string },
    target: ExportTargetInput,
    choices: ExportChoices,
  ): Promise<ExportView> {
    const r = await grpcCall(this.client, 'startExport', {
      userId: user.id,
      userEmail: user.email,
      target: targetToProto(target),
      ...choicesToProto(choices),
    });
    return exportOf(r.export);
  }

  async get(userId: string, exportId: string): Promise<ExportView> {
    return exportOf((await grpcCall(this.client, 'getExport', { userId, exportId })).export);
  }

  async list(
    userId: string,
    query: { limit: number; cursor: string; workspaceId: string },
  ): Promise<{ exports: ExportView[]; nextCursor: string | null; limits: ExportLimitsView | null }> {
    const r = await grpcCall(this.client, 'listExports', { userId, ...query });
    return {
      exports: r.exports.map(toExportView),
      nextCursor: r.nextCursor || null,
      limits: r.limits ? { ...r.limits } : null,
    };
  }

  async cancel(userId: string, exportId: string): Promise<ExportView> {
    return exportOf((await grpcCall(this.client, 'cancelExport', { userId, exportId })).export);
  }

  async retry(userId: string, exportId: string): Promise<ExportView> {
    return exportOf((await grpcCall(this.client, 'retryExport', { userId, exportId })).export);
  }

  /** Removes a finished export's file and record (a running one: cancel it first, 409). */
  async delete(userId: string, exportId: string): Promise<void> {
    await grpcCall(this.client, 'deleteExport', { userId, exportId });
  }

  /** A signed, expiring link to a finished export's file. */
  async createLink(userId: string, exportId: string): Promise<DownloadLinkView> {
    const r = await grpcCall(this.client, 'createDownloadLink', { userId, exportId });
    return {
      url: downloadPath(r.token),
      expiresAt: isoOrNull(r.expiresAt),
      fileName: r.fileName,
      contentType: r.contentType,
      size: Number(r.size),
    };
  }

  /** Checks a link's token for `userId` (signature, expiry, membership) and describes its file. */
  async describeDownload(userId: string, token: string): Promise<DownloadFile> {
    const r = await grpcCall(this.client, 'getDownload', { userId, token });
    return {
      exportId: r.exportId,
      fileName: r.fileName,
      contentType: r.contentType,
      size: Number(r.size),
      sha256: r.sha256,
    };
  }

  /**
   * Bytes [offset, offset + length) of the file, read from the gRPC stream only as fast as the
   * consumer takes them; destroying the stream cancels the call.
   */
  readDownload(userId: string, token: string, offset: number, length: number): Readable {
    const call = this.client.readDownload({ userId, token, offset: String(offset), length: String(length) });
    const messages: AsyncIterator<exportsV1.ReadDownloadResponse> = call[Symbol.asyncIterator]();
    return byteStreamOf(
      messages,
      (m) => m.data,
      () => call.cancel(),
    );
  }
}

function exportOf(message: exportsV1.Export | undefined): ExportView {
  if (!message) throw new Error('ExportService answered without an export');
  return toExportView(message);
}

const SUBJECTS: Partial<Record<exportsV1.ExportSubject, ExportSubjectName>> = {
  [ExportSubject.EXPORT_SUBJECT_SEARCH]: 'search',
  [ExportSubject.EXPORT_SUBJECT_QUERY]: 'query',
  [ExportSubject.EXPORT_SUBJECT_WORKSPACE]: 'workspace',
};

const FORMATS: Record<ExportFormatName, ProtoFormat> = {
  csv: ExportFormat.EXPORT_FORMAT_CSV,
  xlsx: ExportFormat.EXPORT_FORMAT_XLSX,
  jsonl: ExportFormat.EXPORT_FORMAT_JSONL,
  zip: ExportFormat.EXPORT_FORMAT_ZIP,
  docx: ExportFormat.EXPORT_FORMAT_DOCX,
  html: ExportFormat.EXPORT_FORMAT_HTML,
};

const STATUSES: Partial<Record<exportsV1.ExportStatus, ExportStatusName>> = {
  [ExportStatus.EXPORT_STATUS_QUEUED]: 'queued',
  [ExportStatus.EXPORT_STATUS_RUNNING]: 'running',
  [ExportStatus.EXPORT_STATUS_SUCCEEDED]: 'succeeded',
  [ExportStatus.EXPORT_STATUS_FAILED]: 'failed',
  [ExportStatus.EXPORT_STATUS_CANCELLED]: 'cancelled',
  [ExportStatus.EXPORT_STATUS_EXPIRED]: 'expired',
};

function subjectName(subject: exportsV1.ExportSubject): ExportSubjectName {
  const name = SUBJECTS[subject];
  if (!name) throw new Error(`ExportService answered an unknown subject ${subject}`);
  return name;
}

function formatName(format: ProtoFormat): ExportFormatName | null {
  return (Object.keys(FORMATS) as ExportFormatName[]).find((name) => FORMATS[name] === format) ?? null;
}

function targetToProto(target: ExportTargetInput): exportsV1.ExportTarget {
  return { workspaceId: target.workspaceId, requestId: target.requestId ?? '' };
}

function choicesToProto(choices: ExportChoices): { format: ProtoFormat; options: exportsV1.ExportOptions } {
  return { format: FORMATS[choices.format], options: { ...choices.options } };
}

export function toExportView(e: exportsV1.Export): ExportView {
  const progress = e.progress;
  const format = formatName(e.format);
  if (!format) throw new Error(`ExportService answered an unknown format ${e.format}`);
  return {
    id: e.exportId,
    processId: e.processId,
    workspaceId: e.workspaceId,
    requestId: e.requestId || null,
    subject: subjectName(e.subject),
    format,
    options: {
      includeFullText: e.options?.includeFullText ?? false,
      includeOriginalFiles: e.options?.includeOriginalFiles ?? false,
    },
    // An unset status only happens before the first update; show it as queued.
    status: STATUSES[e.status] ?? 'queued',
    title: e.title,
    fileName: e.fileName,
    contentType: e.contentType,
    size: Number(e.size),
    progress: {
      unit: progress?.unit || 'rows',
      done: Number(progress?.done ?? 0),
      total: Number(progress?.total ?? 0),
      perSecond: progress && progress.perSecond > 0 ? progress.perSecond : null,
      secondsLeft: progress && Number(progress.secondsLeft) >= 0 ? Number(progress.secondsLeft) : null,
    },
    error: e.error,
    attempts: e.attempts,
    createdAt: isoOrNull(e.createdAt),
    startedAt: isoOrNull(e.startedAt),
    finishedAt: isoOrNull(e.finishedAt),
    expiresAt: isoOrNull(e.expiresAt),
  };
}
