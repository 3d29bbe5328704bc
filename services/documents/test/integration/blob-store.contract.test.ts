import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { NotFoundError } from '@docket/errors';
import { bucketContents, testS3Objects, testS3Url } from '@docket/object-store/test/support/test-s3-bucket';
import type { BlobStore } from '../../src/blob/blob-store';
import { LocalDirectoryBlobStore } from '../../src/blob/local-directory.blob-store';
import { S3BlobStore } from '../../src/blob/s3.blob-store';

/** S3's smallest part, so "bigger than a part" stays a few MB. */
const PART_SIZE = 5 * 1024 * 1024;

interface StoreUnderTest {
  store: BlobStore;
  /** Blobs under way or left behind: temporary files (local), incoming objects and unfinished uploads (S3). */
  leftovers(): Promise<string[]>;
  close(): Promise<void>;
}

async function localStore(): Promise<StoreUnderTest> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'documents-blobs-'));
  return {
    store: new LocalDirectoryBlobStore(root),
    leftovers: () => readdir(path.join(root, 'incoming')).catch(() => []),
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function s3Store(): Promise<StoreUnderTest> {
  const objects = await testS3Objects({ prefix: 'documents/', partSize: PART_SIZE });
  return {
    store: new S3BlobStore(objects),
    leftovers: async () => {
      const { keys, uploads } = await bucketContents(objects, 'documents/');
      return [...keys.filter((key) => key.startsWith('documents/incoming/')), ...uploads];
    },
    close: async () => objects.close(),
  };
}

const stores: [string, () => Promise<StoreUnderTest>][] = [['a local directory', localStore]];
if (testS3Url) stores.push(['an S3 bucket (the S3-compatible server of the integration setup)', s3Store]);
else it.skip('BlobStore on S3: TEST_S3=off, no S3 server was started', () => undefined);

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** `data` as a file stream would deliver it: 64 KB chunks. */
function chunked(data: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < data.length; at += 65_536) yield data.subarray(at, at + 65_536);
    })(),
  );
}

describe.each(stores)('documents BlobStore on %s', (_name, open) => {
  let subject: StoreUnderTest;
  let store: BlobStore;
  beforeEach(async () => {
    subject = await open();
    store = subject.store;
  });
  afterEach(() => subject.close());

  it('stores bytes and a stream of the same content under one content key, readable back', async () => {
    const content = Buffer.from('Order No. 2023 in Docket ER24-1234');
    const fromBytes = await store.put(content);
    const fromStream = await store.put(chunked(content));
    expect(fromBytes).toEqual({ key: sha256(content), sha256: sha256(content), size: content.length });
    expect(fromStream).toEqual(fromBytes);
    expect((await buffer(await store.open(fromBytes.key))).toString()).toBe(content.toString());
    expect(await store.size(fromBytes.key)).toBe(content.length);
    expect(await subject.leftovers()).toEqual([]);
  });

  it('streams a file larger than a multipart part in whole, under its hash, leaving nothing on the way', async () => {
    const data = randomBytes(2 * PART_SIZE + 4321);
    const stored = await store.put(chunked(data));
    expect(stored).toEqual({ key: sha256(data), sha256: sha256(data), size: data.length });
    expect(sha256(await buffer(await store.open(stored.key)))).toBe(sha256(data));
    // The same content again (another filing attaching the same file) keeps the one copy.
    expect(await store.put(chunked(data))).toEqual(stored);
    expect(await subject.leftovers()).toEqual([]);
  });

  it('stores nothing when the source fails mid-stream, even past a part', async () => {
    const failing = Readable.from(
      (async function* () {
        for (let i = 0; i < 2 * PART_SIZE + 65_536; i += 65_536) yield randomBytes(65_536);
        throw new Error('the upload connection dropped');
      })(),
    );
    await expect(store.put(failing)).rejects.toThrow('the upload connection dropped');
    expect(await subject.leftovers()).toEqual([]);
  });

  it('deletes a blob; a missing or malformed key names no blob', async () => {
    const { key } = await store.put(Buffer.from('a filing to retract'));
    await store.delete(key);
    expect(await store.size(key)).toBeUndefined();
    await expect(store.open(key)).rejects.toThrow(`blob ${key} not found`);
    await expect(store.delete(key)).resolves.toBeUndefined();
    await expect(store.open('../../etc/passwd')).rejects.toThrow(NotFoundError);
    await expect(store.size('ABC')).rejects.toThrow(NotFoundError);
  });
});
