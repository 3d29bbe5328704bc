import { Readable } from 'node:stream';
import { fromGrpcError } from '@docket/errors';

/**
 * The bytes of a gRPC server stream as a Readable that pulls the next message only when its consumer
 * wants more (backpressure); destroying it before the end cancels the call.
 */
export function byteStreamOf<T>(
  messages: AsyncIterator<T>,
  dataOf: (message: T) => Buffer | undefined,
  cancel: () => void,
): Readable {
  let finished = false;
  async function* bytes(): AsyncGenerator<Buffer> {
    try {
      for (;;) {
        const next = await messages.next();
        if (next.done) break;
        const data = dataOf(next.value);
        if (data && data.length > 0) yield data;
      }
      finished = true;
    } catch (error) {
      throw fromGrpcError(error);
    }
  }
  const body = Readable.from(bytes(), { objectMode: false });
  body.once('close', () => {
    if (!finished) cancel();
  });
  return body;
}
