import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { ServerWritableStream } from '@grpc/grpc-js';
import type { ReadDownloadRequest, ReadDownloadResponse } from '@docket/proto/src/exports';

/** gRPC messages stay well under the 4 MB default. */
const CHUNK = 256 * 1024;

/** Sends the file's bytes in chunks of at most 256 KiB, waiting while the caller is slower than the disk. */
export async function streamFile(
  call: ServerWritableStream<ReadDownloadRequest, ReadDownloadResponse>,
  content: Readable,
): Promise<void> {
  try {
    for await (const piece of content) {
      const buffer = piece as Buffer;
      for (let start = 0; start < buffer.length; start += CHUNK) {
        if (call.cancelled) return;
        if (!call.write({ data: buffer.subarray(start, start + CHUNK) })) await once(call, 'drain');
      }
    }
  } finally {
    content.destroy();
  }
}
