import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { LocalDirectoryBlobStore } from '../../../src/blob/local-directory.blob-store';

describe('LocalDirectoryBlobStore', () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(path.join(os.tmpdir(), 'blobs-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('stores bytes and a stream under the same content key, readable back, with no temporary file left', async () => {
    const store = new LocalDirectoryBlobStore(root);
    const content = 'Order No. 2023 in Docket ER24-1234';
    const sha256 = createHash('sha256').update(content).digest('hex');
    const fromBytes = await store.put(Buffer.from(content));
    const fromStream = await store.put(Readable.from([Buffer.from(content)]));
    expect(fromBytes).toEqual({ key: sha256, sha256, size: content.length });
    expect(fromStream).toEqual(fromBytes);
    expect(await text(await store.open(sha256))).toBe(content);
    expect(readdirSync(path.join(root, 'incoming'))).toEqual([]);
  });

  it('does not write bytes it already holds again', async () => {
    const store = new LocalDirectoryBlobStore(root);
    const { key } = await store.put(Buffer.from('the same filing'));
    const file = path.join(root, key.slice(0, 2), key);
    const longAgo = new Date('2020-01-01T00:00:00Z');
    utimesSync(file, longAgo, longAgo);
    await new LocalDirectoryBlobStore(root).put(Buffer.from('the same filing')); // another process: nothing cached
    expect(statSync(file).mtime).toEqual(longAgo);
  });

  it('replaces what a write cut short left under the key (a file of the wrong size)', async () => {
    const content = Buffer.from('Order No. 2023 in Docket ER24-1234, whole');
    const key = createHash('sha256').update(content).digest('hex');
    const file = path.join(root, key.slice(0, 2), key);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content.subarray(0, 10));
    await new LocalDirectoryBlobStore(root).put(content);
    expect(readFileSync(file)).toEqual(content);
    expect(readdirSync(path.join(root, 'incoming'))).toEqual([]);
  });

  it('reads and deletes a blob an earlier version stored under root/ab/cd/', async () => {
    const content = Buffer.from('a filing stored before the layout changed');
    const key = createHash('sha256').update(content).digest('hex');
    const legacy = path.join(root, key.slice(0, 2), key.slice(2, 4), key);
    mkdirSync(path.dirname(legacy), { recursive: true });
    writeFileSync(legacy, content);
    const store = new LocalDirectoryBlobStore(root);
    expect(await store.size(key)).toBe(content.length);
    expect(await text(await store.open(key))).toBe(content.toString());
    await store.delete(key);
    expect(await store.size(key)).toBeUndefined();
    expect(readdirSync(path.dirname(legacy))).toEqual([]);
  });

  it('keeps a blob under root/ab/, one directory for 1/256 of the keys', async () => {
    const { key } = await new LocalDirectoryBlobStore(root).put(Buffer.from('a new filing'));
    expect(readdirSync(path.join(root, key.slice(0, 2)))).toEqual([key]);
  });
});
