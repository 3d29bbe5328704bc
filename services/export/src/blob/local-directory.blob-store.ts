import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { NotFoundError } from '@docket/errors';
import type { StoredFile } from '../domain/export';
import { checkedKey } from './blob-key';
import { CountingHash } from './counting-hash';
import type { BlobUpload, ExportBlobStore } from './export-blob-store';

const PARTIAL_DIR = '.partial';

/**
 * Files under `root/<key>`, written under `root/.partial/` and renamed in place when complete
 * (atomic on one file system).
 */
export class LocalDirectoryBlobStore implements ExportBlobStore {
  constructor(private readonly root: string) {}

  async create(key: string): Promise<BlobUpload> {
    const final = this.pathOf(key);
    const partials = path.join(this.root, PARTIAL_DIR);
    await mkdir(partials, { recursive: true });
    const partial = path.join(partials, `${randomUUID()}.part`);
    const counter = new CountingHash();
    const file = createWriteStream(partial);
    counter.pipe(file);
    let settled = false;
    return {
      stream: counter,
      commit: async (): Promise<StoredFile> => {
        if (!counter.writableEnded) counter.end();
        await finished(file);
        await mkdir(path.dirname(final), { recursive: true });
        await rename(partial, final);
        settled = true;
        return { key, size: counter.size, sha256: counter.digest() };
      },
      abort: async () => {
        if (settled) return;
        settled = true;
        // Whatever still writes into the abandoned stream must not raise an unhandled error.
        counter.on('error', () => undefined);
        file.on('error', () => undefined);
        counter.unpipe(file);
        counter.destroy();
        file.destroy();
        await rm(partial, { force: true });
      },
    };
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async read(key: string, start: number, end?: number) {
    if ((await this.size(key)) === undefined) throw new NotFoundError(`file ${key} not found`);
    return createReadStream(this.pathOf(key), { start, ...(end !== undefined ? { end } : {}) });
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async sweepPartials(olderThanMs: number): Promise<number> {
    const partials = path.join(this.root, PARTIAL_DIR);
    let removed = 0;
    const names = await readdir(partials).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(partials, name);
      const info = await stat(file).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs > olderThanMs) {
        await rm(file, { force: true });
        removed++;
      }
    }
    return removed;
  }

  private pathOf(key: string): string {
    return path.join(this.root, checkedKey(key, PARTIAL_DIR));
  }
}
