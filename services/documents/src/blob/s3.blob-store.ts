import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { NotFoundError } from '@docket/errors';
import type { S3Objects, S3ObjectWriter } from '@docket/object-store';
import { checkedKey } from './blob-key';
import type { BlobStore, PutResult } from './blob-store';

/** Where a stream larger than one part is uploaded before its hash (its key) is known. */
const INCOMING = 'incoming/';

/**
 * Blobs as objects named by their sha256 in an S3-compatible bucket (under the store's prefix). A blob
 * up to one multipart part is hashed in memory and stored under its key in one request; a larger
 * stream is uploaded under incoming/ while it is hashed, then copied to its key (S3 has no rename)
 * and the upload removed. An object exists only once complete, so no reader sees half a blob.
 */
export class S3BlobStore implements BlobStore {
  constructor(private readonly objects: S3Objects) {}

  async put(content: Readable | Buffer): Promise<PutResult> {
    if (Buffer.isBuffer(content)) return this.putBytes(content);
    const held: Buffer[] = [];
    let heldBytes = 0;
    let upload: { name: string; writer: S3ObjectWriter } | undefined;
    try {
      for await (const chunk of content as AsyncIterable<Buffer>) {
        if (upload) {
          if (!upload.writer.write(chunk)) await once(upload.writer, 'drain');
          continue;
        }
        held.push(chunk);
        heldBytes += chunk.length;
        if (heldBytes > this.objects.partSize) {
          const name = `${INCOMING}${randomUUID()}`;
          upload = { name, writer: this.objects.writer(name) };
          // Failures surface through finished() below; the listener keeps one from being unhandled meanwhile.
          upload.writer.on('error', () => undefined);
          for (const part of held.splice(0)) upload.writer.write(part);
        }
      }
      if (!upload) return await this.putBytes(Buffer.concat(held, heldBytes));
      upload.writer.end();
      await finished(upload.writer);
      const { sha256: key, size } = upload.writer.written!;
      if ((await this.objects.size(key)) !== size) await this.objects.copy(upload.name, key);
      return { key, sha256: key, size };
    } finally {
      if (upload) {
        // Unfinished: destroying aborts the multipart upload; finished: only the incoming copy is left to remove.
        upload.writer.destroy();
        await finished(upload.writer).catch(() => undefined);
        await this.objects.delete(upload.name);
      }
    }
  }

  /** Bytes in hand: hashed first, so a blob already stored (same content, same key) is not sent again. */
  private async putBytes(content: Buffer): Promise<PutResult> {
    const key = createHash('sha256').update(content).digest('hex');
    if ((await this.objects.size(key)) !== content.length) await this.objects.put(key, content);
    return { key, sha256: key, size: content.length };
  }

  async open(key: string): Promise<Readable> {
    const body = await this.objects.read(checkedKey(key));
    if (!body) throw new NotFoundError(`blob ${key} not found`);
    return body;
  }

  async size(key: string): Promise<number | undefined> {
    return this.objects.size(checkedKey(key));
  }

  async delete(key: string): Promise<void> {
    await this.objects.delete(checkedKey(key));
  }
}
