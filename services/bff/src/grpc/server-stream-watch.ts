import { status, type ClientReadableStream, type ServiceError } from '@grpc/grpc-js';
import { fromGrpcError } from '@docket/errors';

export interface StreamWatch {
  cancel(): void;
}

/**
 * Follows a long-lived server stream: every message to `onMessage`, then `onEnd` once (error
 * undefined when the service ended it or the caller cancelled; else already an AppError where
 * possible). `cancel()` stops it.
 */
export function watchServerStream<T>(
  stream: ClientReadableStream<T>,
  handlers: { onMessage(message: T): void; onEnd(error?: Error): void },
): StreamWatch {
  let cancelled = false;
  let ended = false;
  const finish = (error?: Error) => {
    if (ended) return;
    ended = true;
    handlers.onEnd(error);
  };
  stream.on('data', (message: T) => handlers.onMessage(message));
  stream.on('end', () => finish());
  stream.on('error', (error: ServiceError) => {
    if (cancelled && error.code === status.CANCELLED) return finish();
    finish(fromGrpcError(error));
  });
  return {
    cancel: () => {
      if (ended) return;
      cancelled = true;
      stream.cancel();
    },
  };
}
