import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { ClientWritableStream, ServiceError } from '@grpc/grpc-js';
import { fromGrpcError } from '@docket/errors';

/** How a client stream that carries a file spells its three kinds of message. */
export interface FileStreamMessages<M> {
  header: M;
  data(chunk: Buffer): M;
  end(size: string, sha256: string): M;
}

/**
 * Streams one file into a gRPC client stream as it arrives: the header, each chunk when gRPC has
 * room for it (a large file never sits in memory), then the end with the size and sha256 the
 * service checks. Aborting `signal` cancels the call, and nothing is stored. The file is always
 * read to its end, because a multipart parser only reaches the next part then.
 */
export async function streamFileToCall<M, R>(
  start: (callback: (error: ServiceError | null, response?: R) => void) => ClientWritableStream<M>,
  messages: FileStreamMessages<M>,
  file: AsyncIterable<Buffer>,
  signal: AbortSignal,
): Promise<R> {
  let call!: ClientWritableStream<M>;
  const answer = new Promise<R>((resolve, reject) => {
    call = start((error, response) => (error ? reject(fromGrpcError(error)) : resolve(response as R)));
  });
  let answered = false;
  const settled = answer.then(
    () => void (answered = true),
    () => void (answered = true),
  );
  const cancel = () => call.cancel();
  signal.addEventListener('abort', cancel, { once: true });
  const hash = createHash('sha256');
  let size = 0;
  try {
    call.write(messages.header);
    for await (const chunk of file) {
      // After an early answer or an abort the rest is read and dropped (see above).
      if (answered || signal.aborted) continue;
      hash.update(chunk);
      size += chunk.length;
      if (!call.write(messages.data(chunk))) await Promise.race([once(call, 'drain').catch(() => undefined), settled]);
    }
    if (signal.aborted) throw signal.reason;
    // The end marker tells the service the file is whole; without it nothing is stored.
    if (!answered) {
      call.write(messages.end(String(size), hash.digest('hex')));
      call.end();
    }
    return await answer;
  } catch (error) {
    call.cancel();
    throw error;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}
