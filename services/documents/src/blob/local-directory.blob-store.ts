import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { NotFoundError } from '@docket/errors';
import { checkedKey } from './blob-key';
import type { BlobStore, PutResult } from './blob-store';

/**
 * Blobs as files under `root/ab/<sha256>`: 256 directories, as git keeps its loose objects. A stream is
 * written to a temporary name, then renamed (atomic on one file system); bytes in hand are written in
 * place (putBytes). Blobs an earlier version wrote under `root/ab/cd/<sha256>` are read where they are.
 */
export class LocalDirectoryBlobStore implements BlobStore {
  /** Directories made by this process: a mkdir per blob was 1.3 % of an import's CPU profile. */
  private readonly made = new Set<string>();

  constructor(private readonly root: string) {}

  async put(content: Readable | Buffer): Promise<PutResult> {
    if (Buffer.isBuffer(content)) return this.putBytes(content);
    const incoming = path.join(this.root, 'incoming');
    await this.ensureDirectory(incoming);
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
      await pipeline(content, hashing, createWriteStream(temporary));
      const key = hash.digest('hex');
      const final = this.pathOf(key);
      await this.ensureDirectory(path.dirname(final));
      await rename(temporary, final);
      return { key, sha256: key, size };
    } finally {
      await rm(temporary, { force: true });
    }
  }

  /**
   * Bytes in hand: hashed first, then written straight under their key, unless a file is there already
   * (same content, same key). A write cut short (a crash) leaves a file of the wrong size, which the
   * next put of that content replaces; no document names it meanwhile, since a document is written
   * only once its blobs are.
   */
  private async putBytes(content: Buffer): Promise<PutResult> {
    const key = createHash('sha256').update(content).digest('hex');
    const result = { key, sha256: key, size: content.length };
    const final = this.pathOf(key);
    await this.ensureDirectory(path.dirname(final));
    try {
      await writeFile(final, content, { flag: 'wx' });
      return result;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        await rm(final, { force: true });
        throw error;
      }
    }
    if ((await this.size(key)) !== content.length) await this.replace(final, content);
    return result;
  }

  /** Writes to a temporary name, then renames over `final` (atomic on one file system). */
  private async replace(final: string, content: Buffer): Promise<void> {
    const incoming = path.join(this.root, 'incoming');
    await this.ensureDirectory(incoming);
    const temporary = path.join(incoming, randomUUID());
    try {
      await writeFile(temporary, content);
      await rename(temporary, final);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  private async ensureDirectory(directory: string): Promise<void> {
    if (this.made.has(directory)) return;
    await mkdir(directory, { recursive: true });
    this.made.add(directory);
  }

  async open(key: string): Promise<Readable> {
    const found = await this.located(key);
    if (!found) throw new NotFoundError(`blob ${key} not found`);
    return createReadStream(found.file);
  }

  async size(key: string): Promise<number | undefined> {
    return (await this.located(key))?.size;
  }

  async delete(key: string): Promise<void> {
    await Promise.all([rm(this.pathOf(key), { force: true }), rm(legacyPathOf(this.root, key), { force: true })]);
  }

  /** The file holding the blob and its size, in this layout or the earlier one; undefined when neither has it. */
  private async located(key: string): Promise<{ file: string; size: number } | undefined> {
    for (const file of [this.pathOf(key), legacyPathOf(this.root, key)]) {
      try {
        return { file, size: (await stat(file)).size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return undefined;
  }

  private pathOf(key: string): string {
    checkedKey(key);
    return path.join(this.root, key.slice(0, 2), key);
  }
}

/**
 * Where versions before December 2026 put a blob: a directory per two bytes of its key, 65,536 in all,
 * most holding a single file, and a directory made for nearly every blob of an import (a mkdir was
 * the dearest file-system call of an import's CPU profile). Content put again is stored in the new layout.
 */
function legacyPathOf(root: string, key: string): string {
  checkedKey(key);
  return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
}
