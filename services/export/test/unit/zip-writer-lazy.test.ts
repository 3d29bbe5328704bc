import { PassThrough } from 'node:stream';
import { ZipWriter } from '../../src/files/zip.writer';

// Set when the module is first required. Loaded eagerly, by an import above, it would run this factory
// before this line: the suite then fails with "Cannot access 'mockArchiverLoaded' before initialization".
let mockArchiverLoaded = false;
jest.mock('archiver', () => {
  mockArchiverLoaded = true;
  return jest.requireActual('archiver');
});

describe('ZipWriter', () => {
  it('loads archiver for its first ZIP, not when the export worker loads', async () => {
    expect(mockArchiverLoaded).toBe(false);
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const zip = await ZipWriter.create(out);
    await zip.add('hello.txt', 'hello');
    await zip.finish();
    expect(mockArchiverLoaded).toBe(true);
    expect(Buffer.concat(chunks).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  });
});
