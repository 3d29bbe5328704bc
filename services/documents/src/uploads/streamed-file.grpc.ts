import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { InputError } from '@docket/errors';

/** One message of a client stream that carries a file: a header first, the bytes, then the end. */
export interface FileStreamMessage<H> {
  header?: H | undefined;
  data?: Buffer | undefined;
  end?: { size: string; sha256: string } | undefined;
}

/**
 * Receives a file sent as a gRPC client stream into a temporary file, checking as it comes: one
 * header, first (`onHeader` may refuse it before any byte is taken); at most `maxBytes`; and an end
 * whose size and sha256 match what arrived, so a cut or damaged upload is refused, never stored.
 * `use` gets the header and the file's path; the file is removed after it returns.
 */
export async function receiveStreamedFile<H, T>(
  call: AsyncIterable<FileStreamMessage<H>> & { cancelled: boolean },
  options: { maxBytes: number; onHeader: (header: H) => Promise<void> | void },
  use: (header: H, file: string) => Promise<T>,
): Promise<T> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'docket-upload-'));
  const filePath = path.join(directory, 'upload');
  try {
    let header: H | undefined;
    let file: ReturnType<typeof createWriteStream> | undefined;
    let size = 0;
    const hash = createHash('sha256');
    let end: { size: string; sha256: string } | undefined;
    for await (const message of call) {
      if (end) throw new InputError('invalid upload', [{ path: 'end', message: 'must be the last message' }]);
      if (message.header) {
        if (header)
          throw new InputError('the upload has two headers', [{ path: 'header', message: 'must come once, first' }]);
        header = message.header;
        await options.onHeader(header);
        file = createWriteStream(filePath);
      } else if (message.data) {
        if (!file) throw new InputError('the upload has no header', [{ path: 'header', message: 'must come first' }]);
        size += message.data.length;
        hash.update(message.data);
        if (size > options.maxBytes)
          throw new InputError('the file is too large', [
            { path: 'data', message: `must be at most ${options.maxBytes} bytes` },
          ]);
        if (!file.write(message.data)) await once(file, 'drain');
      } else if (message.end) {
        end = message.end;
      }
    }
    if (!end || call.cancelled)
      throw new InputError('the upload was cut short', [
        { path: 'end', message: 'is missing: the stream ended early' },
      ]);
    const sha256 = hash.digest('hex');
    if (Number(end.size) !== size || end.sha256 !== sha256) {
      const announced = `${end.size} bytes (${end.sha256.slice(0, 12)}…)`;
      throw new InputError('the upload arrived damaged', [
        { path: 'end', message: `announced ${announced}, received ${size} (${sha256.slice(0, 12)}…)` },
      ]);
    }
    if (!header || !file)
      throw new InputError('the upload has no header', [{ path: 'header', message: 'is required' }]);
    file.end();
    await once(file, 'finish');
    return await use(header, filePath);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
