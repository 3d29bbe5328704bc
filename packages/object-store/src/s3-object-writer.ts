import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';

/** S3's smallest part (every part but the last). */
export const MIN_PART_SIZE = 5 * 1024 * 1024;

export interface WrittenObject {
  size: number;
  sha256: string;
}

/**
 * A stream into one object that exists only once the stream finishes: a file smaller than a part is
 * one PutObject at the end, a larger one a multipart upload completed at the end. Destroying the
 * stream before it finishes aborts the multipart upload, so no part outlives it. At most two parts
 * are in memory: one uploading while the next fills (the writer waits, through backpressure, beyond that).
 */
export class S3ObjectWriter extends Writable {
  private readonly hash = createHash('sha256');
  private bytes = 0;
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private uploadId: Promise<string> | undefined;
  private readonly parts: CompletedPart[] = [];
  private partUpload: Promise<void> = Promise.resolve();
  private finishing: Promise<void> | undefined;
  private result: WrittenObject | undefined;

  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
    private readonly key: string,
    private readonly partSize: number,
  ) {
    super();
    if (!Number.isInteger(partSize) || partSize < MIN_PART_SIZE)
      throw new RangeError(`the S3 part size must be a whole number of bytes >= ${MIN_PART_SIZE}, got ${partSize}`);
  }

  /** Size and sha256 of what was stored; set once the stream has finished. */
  get written(): WrittenObject | undefined {
    return this.result;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    this.buffered.push(chunk);
    this.bufferedBytes += chunk.length;
    if (this.bufferedBytes < this.partSize) return done();
    this.partUpload.then(() => {
      this.partUpload = this.uploadPart(this.takeBuffered());
      this.partUpload.catch(() => undefined); // reported by the next write or by the end
      done();
    }, done);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.finishing = (async () => {
      await this.partUpload;
      const rest = this.takeBuffered();
      if (!this.uploadId) {
        await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.key, Body: rest }));
      } else {
        if (rest.length > 0) await this.uploadPart(rest);
        const parts = [...this.parts].sort((a, b) => a.PartNumber! - b.PartNumber!);
        await this.s3.send(
          new CompleteMultipartUploadCommand({
            Bucket: this.bucket,
            Key: this.key,
            UploadId: await this.uploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
      }
      this.result = { size: this.bytes, sha256: this.hash.digest('hex') };
    })();
    this.finishing.then(() => done(), done);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    void (async () => {
      // Let the request under way end first: a part uploaded after the abort would linger.
      await Promise.allSettled([this.partUpload, this.finishing]);
      if (this.result) return;
      const uploadId = await this.uploadId?.catch(() => undefined);
      if (uploadId)
        await this.s3.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: uploadId }));
    })().then(
      () => done(error),
      (abortError: unknown) => done(error ?? (abortError as Error)),
    );
  }

  private takeBuffered(): Buffer {
    const data = Buffer.concat(this.buffered, this.bufferedBytes);
    this.buffered = [];
    this.bufferedBytes = 0;
    return data;
  }

  private async uploadPart(body: Buffer): Promise<void> {
    this.uploadId ??= this.s3
      .send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: this.key }))
      .then((created) => created.UploadId!);
    const uploadId = await this.uploadId;
    const partNumber = this.parts.length + 1;
    // Claimed before the request, so two parts never share a number.
    const part: CompletedPart = { PartNumber: partNumber };
    this.parts.push(part);
    const uploaded = await this.s3.send(
      new UploadPartCommand({
        Bucket: this.bucket,
        Key: this.key,
        UploadId: uploadId,
        PartNumber: partNumber,
        Body: body,
      }),
    );
    part.ETag = uploaded.ETag;
  }
}
