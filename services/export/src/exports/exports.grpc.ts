import { InputError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import {
  ExportFormat,
  ExportServiceService,
  ExportStatus,
  ExportSubject,
  type CancelExportRequest,
  type CancelExportResponse,
  type CreateDownloadLinkRequest,
  type CreateDownloadLinkResponse,
  type DeleteExportRequest,
  type DeleteExportResponse,
  type EstimateExportRequest,
  type EstimateExportResponse,
  type Export,
  type ExportOptions as ExportOptionsPb,
  type GetDownloadRequest,
  type GetDownloadResponse,
  type GetExportRequest,
  type GetExportResponse,
  type ListExportsRequest,
  type ListExportsResponse,
  type ReadDownloadRequest,
  type ReadDownloadResponse,
  type RetryExportRequest,
  type RetryExportResponse,
  type StartExportRequest,
  type StartExportResponse,
} from '@docket/proto/src/exports';
import { serverStream, unary, type GrpcServiceBinding } from '@docket/service-kit';
import {
  rateOf,
  type ExportOptions,
  type ExportRecord,
  type ExportFormat as Format,
  type ExportStatus as Status,
  type ExportSubject as Subject,
} from '../domain/export';
import { streamFile } from './download-stream.grpc';
import type { DownloadService } from './download.service';
import type { ExportService } from './export.service';

const FORMATS: Record<Format, ExportFormat> = {
  csv: ExportFormat.EXPORT_FORMAT_CSV,
  xlsx: ExportFormat.EXPORT_FORMAT_XLSX,
  jsonl: ExportFormat.EXPORT_FORMAT_JSONL,
  zip: ExportFormat.EXPORT_FORMAT_ZIP,
  docx: ExportFormat.EXPORT_FORMAT_DOCX,
  html: ExportFormat.EXPORT_FORMAT_HTML,
};
const STATUSES: Record<Status, ExportStatus> = {
  queued: ExportStatus.EXPORT_STATUS_QUEUED,
  running: ExportStatus.EXPORT_STATUS_RUNNING,
  succeeded: ExportStatus.EXPORT_STATUS_SUCCEEDED,
  failed: ExportStatus.EXPORT_STATUS_FAILED,
  cancelled: ExportStatus.EXPORT_STATUS_CANCELLED,
  expired: ExportStatus.EXPORT_STATUS_EXPIRED,
};
const SUBJECTS: Record<Subject, ExportSubject> = {
  search: ExportSubject.EXPORT_SUBJECT_SEARCH,
  query: ExportSubject.EXPORT_SUBJECT_QUERY,
  workspace: ExportSubject.EXPORT_SUBJECT_WORKSPACE,
};

/** research.export.v1.ExportService */
export function exportServiceBinding(deps: {
  exports: ExportService;
  downloads: DownloadService;
  logger: Logger;
}): GrpcServiceBinding {
  const { exports, downloads, logger } = deps;
  return {
    definition: ExportServiceService,
    implementation: {
      estimateExport: unary<EstimateExportRequest, EstimateExportResponse>(logger, async (request) => {
        const estimate = await exports.estimate(request.userId, targetOf(request.target), optionsOf(request.options));
        return {
          subject: SUBJECTS[estimate.subject],
          rows: String(estimate.rows),
          files: String(estimate.files),
          estimatedBytes: String(estimate.estimatedBytes),
          formats: estimate.formats.map((f) => FORMATS[f]),
          truncated: estimate.truncated,
        };
      }),
      startExport: unary<StartExportRequest, StartExportResponse>(logger, async (request) => ({
        export: exportToProto(
          await exports.start(
            request.userId,
            targetOf(request.target),
            formatOf(request.format),
            optionsOf(request.options),
            request.userEmail,
          ),
        ),
      })),
      getExport: unary<GetExportRequest, GetExportResponse>(logger, async (request) => ({
        export: exportToProto(await exports.get(request.userId, request.exportId)),
      })),
      listExports: unary<ListExportsRequest, ListExportsResponse>(logger, async (request) => {
        const page = await exports.list(request.userId, {
          limit: request.limit,
          cursor: request.cursor,
          workspaceId: request.workspaceId,
        });
        return {
          exports: page.exports.map((record) => exportToProto(record)),
          nextCursor: page.nextCursor,
          limits: {
            maxConcurrent: page.limits.maxConcurrent,
            running: page.usage.running,
            maxStored: page.limits.maxStored,
            stored: page.usage.stored,
          },
        };
      }),
      cancelExport: unary<CancelExportRequest, CancelExportResponse>(logger, async (request) => ({
        export: exportToProto(await exports.cancel(request.userId, request.exportId)),
      })),
      retryExport: unary<RetryExportRequest, RetryExportResponse>(logger, async (request) => ({
        export: exportToProto(await exports.retry(request.userId, request.exportId)),
      })),
      deleteExport: unary<DeleteExportRequest, DeleteExportResponse>(logger, async (request) => {
        await exports.delete(request.userId, request.exportId);
        return {};
      }),
      createDownloadLink: unary<CreateDownloadLinkRequest, CreateDownloadLinkResponse>(logger, async (request) => {
        const { token, description } = await downloads.link(request.userId, request.exportId);
        return {
          token,
          expiresAt: description.expiresAt,
          fileName: description.fileName,
          contentType: description.contentType,
          size: String(description.size),
        };
      }),
      getDownload: unary<GetDownloadRequest, GetDownloadResponse>(logger, async (request) => {
        const d = await downloads.describe(request.token, request.userId);
        return {
          exportId: d.exportId,
          fileName: d.fileName,
          contentType: d.contentType,
          size: String(d.size),
          sha256: d.sha256,
          expiresAt: d.expiresAt,
          finishedAt: d.finishedAt,
        };
      }),
      readDownload: serverStream<ReadDownloadRequest, ReadDownloadResponse>(logger, async (call) => {
        const { token, userId, offset, length } = call.request;
        await streamFile(call, await downloads.read(token, userId, Number(offset), Number(length)));
      }),
    },
  };
}

function targetOf(target: { workspaceId: string; requestId: string } | undefined) {
  return { workspaceId: target?.workspaceId ?? '', requestId: target?.requestId ?? '' };
}

function optionsOf(options: ExportOptionsPb | undefined): ExportOptions {
  return {
    includeFullText: options?.includeFullText ?? false,
    includeOriginalFiles: options?.includeOriginalFiles ?? false,
  };
}

function formatOf(format: ExportFormat): Format | undefined {
  const entry = Object.entries(FORMATS).find(([, value]) => value === format);
  if (format !== ExportFormat.EXPORT_FORMAT_UNSPECIFIED && !entry)
    throw new InputError('unknown format', [{ path: 'format', message: 'is not a known format' }]);
  return entry?.[0] as Format | undefined;
}

export function exportToProto(record: ExportRecord, now = new Date()): Export {
  const running = record.status === 'running';
  const rate = running ? rateOf(record.progress, record.startedAt, now) : { perSecond: 0, secondsLeft: -1 };
  return {
    exportId: record.id,
    processId: record.processId,
    workspaceId: record.workspaceId,
    requestId: record.requestId,
    userId: record.userId,
    subject: SUBJECTS[record.subject],
    format: FORMATS[record.format],
    options: record.options,
    status: STATUSES[record.status],
    title: record.title,
    fileName: record.fileName,
    contentType: record.contentType,
    size: String(record.file?.size ?? 0),
    progress: {
      unit: record.progress.unit,
      done: String(record.progress.done),
      total: String(record.progress.total),
      perSecond: rate.perSecond,
      secondsLeft: String(rate.secondsLeft),
    },
    error: record.error,
    createdAt: record.createdAt,
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
    expiresAt: record.expiresAt,
    attempts: record.attempts,
  };
}
