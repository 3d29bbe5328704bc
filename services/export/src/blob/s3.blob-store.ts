import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { NotFoundError } from '@docket/errors';
import type { S3Objects } from '@docket/object-store';
import type { StoredFile } from '../domain/export';
import { checkedKey } from './blob-key';
import type { BlobUpload, ExportBlobStore } from './export-blob-store';

/**
 * Files in an S3-compatible bucket (AWS, MinIO, Ceph, S3Mock) under the store's prefix. An object
 * exists only once its upload completes (one PutObject, or a multipart upload completed by commit),
 * which gives the same "never half a file" as the local rename; abort drops the parts. Uploads a
 * killed worker left behind are aborted by the sweep.
 */
export class S3BlobStore implements ExportBlobStore {
  constructor(private readonly objects: S3Objects) {}

  async create(key: string): Promise<BlobUpload> {
    const writer = this.objects.writer(checkedKey(key));
    let settled = false;
    return {
      stream: writer,
      commit: async (): Promise<StoredFile> => {
        if (!writer.writableEnded) writer.end();
        await finished(writer);
        settled = true;
        const written = writer.written!;
        return { key, size: written.size, sha256: written.sha256 };
      },
      abort: async () => {
        if (settled) return;
        settled = true;
        // Whatever still writes into the abandoned stream must not raise an unhandled error.
        writer.on('error', () => undefined);
        writer.destroy();
        await finished(writer).catch(() => undefined);
      },
    };
  }

  async size(key: string): Promise<number | undefined> {
    return this.objects.size(checkedKey(key));
  }

  async read(key: string, start: number, end?: number): Promise<Readable> {
    const body = await this.objects.read(checkedKey(key), start, end);
    if (!body) throw new NotFoundError(`file ${key} not found`);
    return body;
  }

  async delete(key: string): Promise<void> {
    await this.objects.delete(checkedKey(key));
  }

  async sweepPartials(olderThanMs: number): Promise<number> {
    return this.objects.abortUploadsOlderThan(olderThanMs);
  }
}
