import type { Readable } from 'node:stream';

export interface PutResult {
  key: string;
  sha256: string;
  size: number;
}

/**
 * Where original files live. Keys are content addresses (sha256), so storing one file twice keeps
 * one copy: a local directory (LocalDirectoryBlobStore) or an S3-compatible bucket (S3BlobStore), by BLOB_STORE.
 */
export interface BlobStore {
  /** Streams `content` in, hashing as it goes; the blob appears under its hash only once complete. */
  put(content: Readable | Buffer): Promise<PutResult>;
  open(key: string): Promise<Readable>;
  size(key: string): Promise<number | undefined>;
  delete(key: string): Promise<void>;
}
