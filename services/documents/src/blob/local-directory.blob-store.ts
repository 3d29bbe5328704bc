import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { NotFoundError } from '@docket/errors';
import type { BlobStore, PutResult } from './blob-store';

const KEY = /^[0-9a-f]{64}$/;

/** Blobs as files under `root/ab/cd/<sha256>`; written to a temporary name, then renamed (atomic on one file system). */
export class LocalDirectoryBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  async put(content: Readable | Buffer): Promise<PutResult> {
    const incoming = path.join(this.root, 'incoming');
    await mkdir(incoming, { recursive: true });
    const temporary = path.join(incoming, randomUUID());
    const hash = createHash('sha256');
    let size = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(Buffer.isBuffer(content) ? Readable.from([content]) : content, hashing, createWriteStream(temporary));
      const key = hash.digest('hex');
      const final = this.pathOf(key);
      await mkdir(path.dirname(final), { recursive: true });
      await rename(temporary, final);
      return { key, sha256: key, size };
    } finally {
      await rm(temporary, { force: true });
    }
  }

  async open(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    if ((await this.size(key)) === undefined) throw new NotFoundError(`blob ${key} not found`);
    return createReadStream(file);
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new NotFoundError(`blob ${key} not found`);
    return path.join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }
}
