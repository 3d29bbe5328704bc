import { PassThrough, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { NotFoundError } from '@docket/errors';
import type { StoredFile } from '../domain/export';
import { CountingHash } from './counting-hash';
import type { BlobUpload, ExportBlobStore } from './export-blob-store';

export interface S3BlobStoreOptions {
  bucket: string;
  /** Key prefix inside the bucket, e.g. "exports/". */
  prefix: string;
  client: S3ClientConfig;
}

/**
 * Files in an S3-compatible bucket (AWS, MinIO, Ceph...). A multipart upload makes the object exist
 * only when it completes, which gives the same "never half a file" as the local rename; an abort
 * drops the parts. Partial uploads a killed worker left behind are aborted by the sweep.
 */
export class S3BlobStore implements ExportBlobStore {
  private readonly s3: S3Client;

  constructor(private readonly options: S3BlobStoreOptions) {
    this.s3 = new S3Client(options.client);
  }

  async create(key: string): Promise<BlobUpload> {
    const counter = new CountingHash();
    const body = new PassThrough();
    counter.pipe(body);
    const upload = new Upload({
      client: this.s3,
      params: { Bucket: this.options.bucket, Key: this.keyOf(key), Body: body },
      queueSize: 2,
      partSize: 8 * 1024 * 1024,
    });
    const done = upload.done();
    done.catch(() => undefined); // awaited by commit; an abort rejects it on purpose
    return {
      stream: counter,
      commit: async (): Promise<StoredFile> => {
        if (!counter.writableEnded) counter.end();
        await done;
        return { key, size: counter.size, sha256: counter.digest() };
      },
      abort: async () => {
        counter.on('error', () => undefined);
        body.on('error', () => undefined);
        counter.destroy();
        await upload.abort().catch(() => undefined);
      },
    };
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.s3.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }));
      return head.ContentLength;
    } catch (error) {
      if ((error as { name?: string }).name === 'NotFound') return undefined;
      throw error;
    }
  }

  async read(key: string, start: number, end?: number): Promise<Readable> {
    try {
      const object = await this.s3.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: this.keyOf(key),
          Range: `bytes=${start}-${end ?? ''}`,
        }),
      );
      return object.Body as Readable;
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') throw new NotFoundError(`file ${key} not found`);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }));
  }

  async sweepPartials(olderThanMs: number): Promise<number> {
    const listed = await this.s3.send(
      new ListMultipartUploadsCommand({ Bucket: this.options.bucket, Prefix: this.options.prefix }),
    );
    let removed = 0;
    for (const upload of listed.Uploads ?? []) {
      if (!upload.Initiated || Date.now() - upload.Initiated.getTime() <= olderThanMs) continue;
      await this.s3.send(
        new AbortMultipartUploadCommand({ Bucket: this.options.bucket, Key: upload.Key, UploadId: upload.UploadId }),
      );
      removed++;
    }
    return removed;
  }

  private keyOf(key: string): string {
    return `${this.options.prefix}${key}`;
  }
}
