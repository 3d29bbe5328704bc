import type { Readable, Writable } from 'node:stream';
import type { StoredFile } from '../domain/export';

/**
 * A file being written: bytes go to `stream`; `commit` makes it visible under its key only once
 * complete (a rename, or the end of a multipart upload), `abort` throws the partial bytes away.
 */
export interface BlobUpload {
  readonly stream: Writable;
  commit(): Promise<StoredFile>;
  abort(): Promise<void>;
}

/**
 * Where finished export files live: a local directory by default, an S3-compatible store at scale
 * (EXPORT_BLOB_STORE). A key is visible only complete, so a download never sees a half-written file.
 */
export interface ExportBlobStore {
  create(key: string): Promise<BlobUpload>;
  size(key: string): Promise<number | undefined>;
  /** Bytes [start, end] (inclusive, as HTTP ranges); end undefined reads to the end. */
  read(key: string, start: number, end?: number): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** Removes partial files older than `olderThanMs` that no run will commit (a worker killed mid-write). */
  sweepPartials(olderThanMs: number): Promise<number>;
}
