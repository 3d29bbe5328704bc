import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import mongoose, { type Connection } from 'mongoose';
import { NotFoundError } from '@docket/errors';
import type { S3Objects } from '@docket/object-store';
import { bucketContents, testS3Objects, testS3Url } from '@docket/object-store/test/support/test-s3-bucket';
import { uniqueName } from '@docket/testkit';
import type { ExportBlobStore } from '../../src/blob/export-blob-store';
import { LocalDirectoryBlobStore } from '../../src/blob/local-directory.blob-store';
import { S3BlobStore } from '../../src/blob/s3.blob-store';
import type { ExportRecord } from '../../src/domain/export';
import { ExpiryService } from '../../src/exports/expiry.service';
import { ExportRepository } from '../../src/exports/export.repository';

/** S3's smallest part, so "bigger than a part" stays a few MB. */
const PART_SIZE = 5 * 1024 * 1024;
const HOUR_MS = 3_600_000;

interface StoreUnderTest {
  store: ExportBlobStore;
  /** Partial files (local) or unfinished multipart uploads (S3) left in the store. */
  partials(): Promise<string[]>;
  close(): Promise<void>;
}

async function localStore(): Promise<StoreUnderTest> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'export-blobs-'));
  return {
    store: new LocalDirectoryBlobStore(root),
    partials: () => readdir(path.join(root, '.partial')).catch(() => []),
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function s3Store(): Promise<StoreUnderTest> {
  const objects: S3Objects = await testS3Objects({ prefix: 'exports/', partSize: PART_SIZE });
  return {
    store: new S3BlobStore(objects),
    partials: async () => (await bucketContents(objects, 'exports/')).uploads,
    close: async () => objects.close(),
  };
}

const stores: [string, () => Promise<StoreUnderTest>][] = [['a local directory', localStore]];
if (testS3Url) stores.push(['an S3 bucket (the S3-compatible server of the integration setup)', s3Store]);
else it.skip('ExportBlobStore on S3: TEST_S3=off, no S3 server was started', () => undefined);

/** Writes `data` in 64 KB chunks, waiting whenever the stream asks to, without ending it. */
async function writeAll(stream: Writable, data: Buffer): Promise<void> {
  for (let at = 0; at < data.length; at += 65_536) {
    if (!stream.write(data.subarray(at, at + 65_536))) await once(stream, 'drain');
  }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe.each(stores)('ExportBlobStore on %s', (_name, open) => {
  let subject: StoreUnderTest;
  let store: ExportBlobStore;
  beforeEach(async () => {
    subject = await open();
    store = subject.store;
  });
  afterEach(() => subject.close());

  it('stores a file larger than a multipart part whole: its size, sha256 and bytes, nothing partial left', async () => {
    const data = randomBytes(2 * PART_SIZE + 123_457);
    const upload = await store.create('exp-large/results.csv');
    await writeAll(upload.stream, data);
    const file = await upload.commit();
    expect(file).toEqual({ key: 'exp-large/results.csv', size: data.length, sha256: sha256(data) });
    expect(await store.size('exp-large/results.csv')).toBe(data.length);
    expect(sha256(await buffer(await store.read('exp-large/results.csv', 0)))).toBe(sha256(data));
    expect(await subject.partials()).toEqual([]);
  });

  it('reads byte ranges: a to b inclusive, a to the end, and an empty file whole', async () => {
    const data = Buffer.from('0123456789abcdefghij');
    const upload = await store.create('exp-range/file.txt');
    upload.stream.end(data);
    await upload.commit();
    expect((await buffer(await store.read('exp-range/file.txt', 3, 7))).toString()).toBe('34567');
    expect((await buffer(await store.read('exp-range/file.txt', 15))).toString()).toBe('fghij');
    expect((await buffer(await store.read('exp-range/file.txt', 19, 19))).toString()).toBe('j');

    const empty = await store.create('exp-range/empty.txt');
    expect(await empty.commit()).toMatchObject({ size: 0, sha256: sha256(Buffer.alloc(0)) });
    expect(await store.size('exp-range/empty.txt')).toBe(0);
    expect((await buffer(await store.read('exp-range/empty.txt', 0))).length).toBe(0);
  });

  it('shows nothing under the key before commit, the whole file after', async () => {
    const data = randomBytes(2 * PART_SIZE + 1);
    const upload = await store.create('exp-commit/file.jsonl');
    // Past two parts: on S3 a multipart upload is under way, on disk a partial file is.
    await writeAll(upload.stream, data);
    expect(await store.size('exp-commit/file.jsonl')).toBeUndefined();
    await expect(store.read('exp-commit/file.jsonl', 0)).rejects.toThrow(NotFoundError);
    await upload.commit();
    expect(await store.size('exp-commit/file.jsonl')).toBe(data.length);
  });

  it('leaves nothing after an abort: no file under the key, no partial bytes, nothing for the sweep', async () => {
    const upload = await store.create('exp-abort/file.xlsx');
    await writeAll(upload.stream, randomBytes(2 * PART_SIZE + 1));
    await upload.abort();
    await upload.abort(); // twice is harmless
    expect(await store.size('exp-abort/file.xlsx')).toBeUndefined();
    expect(await subject.partials()).toEqual([]);
    expect(await store.sweepPartials(0)).toBe(0);
  });

  it('sweeps the partial file of a writer that died mid-write once it is old enough, and only then', async () => {
    const abandoned = await store.create('exp-killed/file.csv');
    abandoned.stream.on('error', () => undefined); // its upload is swept away under it
    await writeAll(abandoned.stream, randomBytes(2 * PART_SIZE + 1));
    expect(await subject.partials()).toHaveLength(1);

    expect(await store.sweepPartials(HOUR_MS)).toBe(0);
    expect(await subject.partials()).toHaveLength(1);
    expect(await store.sweepPartials(0)).toBe(1);
    expect(await subject.partials()).toEqual([]);
    expect(await store.size('exp-killed/file.csv')).toBeUndefined();
    abandoned.stream.destroy();
  });

  it('deletes a file (and a missing one without complaint); keys outside its namespace name no file', async () => {
    const upload = await store.create('exp-delete/file.html');
    upload.stream.end('<p>x</p>');
    await upload.commit();
    await store.delete('exp-delete/file.html');
    expect(await store.size('exp-delete/file.html')).toBeUndefined();
    await expect(store.delete('exp-delete/file.html')).resolves.toBeUndefined();
    await expect(store.read('exp-delete/file.html', 0)).rejects.toThrow('file exp-delete/file.html not found');
    await expect(store.size('../outside')).rejects.toThrow(NotFoundError);
    await expect(store.create('/etc/passwd')).rejects.toThrow(NotFoundError);
  });

  describe('expiry', () => {
    let connection: Connection;
    let exportsRepo: ExportRepository;
    beforeAll(async () => {
      connection = await mongoose
        .createConnection(process.env.MONGO_URL!, { dbName: uniqueName('export-blob-expiry') })
        .asPromise();
      exportsRepo = new ExportRepository(connection);
      await exportsRepo.init();
    });
    afterAll(async () => {
      await connection?.dropDatabase();
      await connection?.close();
    });

    it("removes an expired export's file from the store and marks the export expired; a live one stays", async () => {
      const now = new Date();
      const stored = async (id: string) => {
        const upload = await store.create(`${id}/results.csv`);
        upload.stream.end('docket,filed\nER24-1234,2024-05-01\n');
        return upload.commit();
      };
      const expiredId = uniqueName('exp');
      const liveId = uniqueName('exp');
      await exportsRepo.insert(succeededExport(expiredId, await stored(expiredId), new Date(now.getTime() - 1000)));
      await exportsRepo.insert(succeededExport(liveId, await stored(liveId), new Date(now.getTime() + HOUR_MS)));

      const swept = await new ExpiryService({ exports: exportsRepo, blobs: store }).sweep(now);

      expect(swept.expired).toBe(1);
      expect(await store.size(`${expiredId}/results.csv`)).toBeUndefined();
      expect((await exportsRepo.find(expiredId))?.status).toBe('expired');
      expect(await store.size(`${liveId}/results.csv`)).toBeGreaterThan(0);
      expect((await exportsRepo.find(liveId))?.status).toBe('succeeded');
    });
  });
});

function succeededExport(id: string, file: ExportRecord['file'], expiresAt: Date): ExportRecord {
  const finishedAt = new Date(expiresAt.getTime() - HOUR_MS);
  return {
    id,
    processId: `process-${id}`,
    workspaceId: 'ws-expiry',
    requestId: 'req-1',
    userId: 'user-1',
    userEmail: '',
    subject: 'search',
    format: 'csv',
    options: { includeFullText: false, includeOriginalFiles: false },
    source: {
      kind: 'search',
      text: 'rate case',
      filters: { agencies: [], filingTypes: [], dockets: [], parties: [], filedFrom: '', filedTo: '' },
      sort: 'relevance',
    },
    status: 'succeeded',
    title: 'Search: rate case',
    fileName: 'results.csv',
    contentType: 'text/csv; charset=utf-8',
    file,
    progress: { unit: 'rows', done: 1, total: 1 },
    error: '',
    attempts: 1,
    createdAt: finishedAt,
    startedAt: finishedAt,
    finishedAt,
    expiresAt,
  };
}
