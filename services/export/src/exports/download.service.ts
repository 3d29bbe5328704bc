import type { Readable } from 'node:stream';
import { InputError, NotFoundError } from '@docket/errors';
import type { ExportBlobStore } from '../blob/export-blob-store';
import { signDownload, verifyDownload } from '../domain/download-token';
import type { ExportRecord } from '../domain/export';
import type { ExportRepository } from './export.repository';
import type { ExportService } from './export.service';

export interface DownloadDescription {
  exportId: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  expiresAt: Date;
  finishedAt?: Date | undefined;
}

/**
 * Signed, expiring download links: the token names the export and when the link dies; following it
 * also needs the user to be someone who may run what was exported, an owner or editor of its
 * workspace (checked on every call, so a member removed or made a viewer later loses access). To
 * anyone else a link says only "no such download". An expired export says so to those who may see it.
 */
export class DownloadService {
  constructor(
    private readonly deps: {
      exports: ExportRepository;
      service: ExportService;
      blobs: ExportBlobStore;
      secret: string;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async link(userId: string, exportId: string): Promise<{ token: string; description: DownloadDescription }> {
    const record = await this.deps.service.get(userId, exportId);
    const description = describe(record, this.now());
    return {
      token: signDownload({ exportId: record.id, expiresAt: description.expiresAt }, this.deps.secret),
      description,
    };
  }

  async describe(token: string, userId: string): Promise<DownloadDescription> {
    const grant = verifyDownload(token, this.deps.secret, this.now());
    const record = await this.deps.exports.find(grant.exportId);
    // A genuine link opens only for someone who may run what was exported; to anyone else it is nothing.
    if (!record || !(await this.deps.service.mayRun(userId, record.workspaceId)))
      throw new NotFoundError(NO_SUCH_DOWNLOAD);
    return describe(record, this.now());
  }

  /** Bytes [offset, offset + length) (length 0: to the end). */
  async read(token: string, userId: string, offset: number, length: number): Promise<Readable> {
    const description = await this.describe(token, userId);
    if (!Number.isInteger(offset) || offset < 0 || offset >= description.size) {
      throw new InputError('range not satisfiable', [
        { path: 'offset', message: `must be between 0 and ${description.size - 1}` },
      ]);
    }
    if (!Number.isInteger(length) || length < 0)
      throw new InputError('invalid length', [{ path: 'length', message: 'must not be negative' }]);
    const end = length === 0 ? description.size - 1 : Math.min(offset + length, description.size) - 1;
    const record = (await this.deps.exports.find(description.exportId))!;
    return this.deps.blobs.read(record.file!.key, offset, end);
  }
}

const NO_SUCH_DOWNLOAD = 'no such download';

function describe(record: ExportRecord, now: Date): DownloadDescription {
  if (record.status === 'expired' || (record.expiresAt && record.expiresAt <= now)) {
    throw new NotFoundError(
      `this export expired on ${record.expiresAt?.toISOString().slice(0, 10) ?? 'an earlier day'} ` +
        `and its file was removed: export again`,
    );
  }
  if (record.status !== 'succeeded' || !record.file || !record.expiresAt)
    throw new NotFoundError(`the export is ${record.status}: there is no file to download yet`);
  return {
    exportId: record.id,
    fileName: record.fileName,
    contentType: record.contentType,
    size: record.file.size,
    sha256: record.file.sha256,
    expiresAt: record.expiresAt,
    finishedAt: record.finishedAt,
  };
}
