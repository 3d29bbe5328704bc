import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { S3ObjectWriter } from './s3-object-writer';

export interface S3ObjectsOptions {
  client: S3Client;
  bucket: string;
  /** Prepended to every name, e.g. "exports/": several stores can share one bucket. */
  prefix?: string;
  /** Bytes per multipart part (default 8 MiB, at least 5 MiB). */
  partSize?: number;
}

const DEFAULT_PART_SIZE = 8 * 1024 * 1024;

/** The object operations the blob stores need, by name under one bucket and prefix. */
export class S3Objects {
  readonly bucket: string;
  readonly prefix: string;
  readonly partSize: number;
  private readonly s3: S3Client;

  constructor(options: S3ObjectsOptions) {
    if (!options.bucket) throw new Error('an S3 store needs a bucket name');
    this.s3 = options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
    this.partSize = options.partSize ?? DEFAULT_PART_SIZE;
  }

  /** A stream whose bytes become the object `name` only when it finishes (see S3ObjectWriter). */
  writer(name: string): S3ObjectWriter {
    return new S3ObjectWriter(this.s3, this.bucket, this.keyOf(name), this.partSize);
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.keyOf(name), Body: bytes }));
  }

  /** The object's size, or undefined when there is none. */
  async size(name: string): Promise<number | undefined> {
    try {
      const head = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(name) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw error;
    }
  }

  /** Bytes [start, end] (inclusive, as HTTP ranges; no end: to the end); undefined when there is no object. */
  async read(name: string, start = 0, end?: number): Promise<Readable | undefined> {
    if (!Number.isSafeInteger(start) || start < 0)
      throw new RangeError(`a read's start must be a whole number >= 0, got ${start}`);
    if (end !== undefined && (!Number.isSafeInteger(end) || end < start))
      throw new RangeError(`a read's end must be a whole number >= its start (${start}), got ${end}`);
    // No Range for the whole object: S3 refuses "bytes=0-" on an empty one (416).
    const range = start === 0 && end === undefined ? undefined : `bytes=${start}-${end ?? ''}`;
    try {
      const object = await this.s3.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(name), ...(range ? { Range: range } : {}) }),
      );
      return object.Body as Readable;
    } catch (error) {
      if (isMissingObject(error)) return undefined;
      throw error;
    }
  }

  /** Server-side copy (one request up to S3's 5 GB limit). */
  async copy(from: string, to: string): Promise<void> {
    await this.s3.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: this.keyOf(to),
        CopySource: `${this.bucket}/${this.keyOf(from).split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
  }

  /** Removes the object; none there is not an error (as S3 itself answers). */
  async delete(name: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(name) }));
  }

  /** Aborts the multipart uploads under the prefix started more than `ageMs` ago (their parts are dropped). */
  async abortUploadsOlderThan(ageMs: number): Promise<number> {
    let aborted = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.s3.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          Prefix: this.prefix,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated) continue;
        if (Date.now() - upload.Initiated.getTime() <= ageMs) continue;
        await this.s3.send(
          new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: upload.Key, UploadId: upload.UploadId }),
        );
        aborted++;
      }
      if (!page.IsTruncated) return aborted;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  close(): void {
    this.s3.destroy();
  }

  private keyOf(name: string): string {
    return `${this.prefix}${name}`;
  }
}

function isMissingObject(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (name === 'NoSuchBucket') return false;
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}
