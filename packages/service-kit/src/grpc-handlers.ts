import type {
  sendUnaryData,
  ServerReadableStream,
  ServerUnaryCall,
  ServerWritableStream,
  ServiceError,
} from '@grpc/grpc-js';
import { isAppError, toGrpcError } from '@docket/errors';
import { reportError, type Logger } from '@docket/observability';

/**
 * Adapts an async handler to grpc-js's callback style. AppErrors become their gRPC status;
 * anything else is logged, reported, and answered as INTERNAL without leaking details.
 */
export function unary<Req, Res>(
  logger: Logger,
  handler: (request: Req, call: ServerUnaryCall<Req, Res>) => Promise<Res>,
) {
  return (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>): void => {
    handler(call.request, call).then(
      (response) => callback(null, response),
      (error: unknown) => {
        logUnexpected(logger, error, call.getPath());
        callback(toGrpcError(error) as ServiceError);
      },
    );
  };
}

/** Same for server-streaming handlers: the handler writes to the stream; the wrapper ends it or emits the error. */
export function serverStream<Req, Res>(
  logger: Logger,
  handler: (call: ServerWritableStream<Req, Res>) => Promise<void>,
) {
  return (call: ServerWritableStream<Req, Res>): void => {
    handler(call).then(
      () => call.end(),
      (error: unknown) => {
        logUnexpected(logger, error, call.getPath());
        // Not destroy(): a destroyed stream never runs _final, so the status would never be sent.
        // grpc-js turns an 'error' event into the call's status and ends the stream.
        call.emit('error', toGrpcError(error) as ServiceError);
      },
    );
  };
}

/** Same for client-streaming handlers: the handler reads the stream and returns the one response. */
export function clientStream<Req, Res>(
  logger: Logger,
  handler: (call: ServerReadableStream<Req, Res>) => Promise<Res>,
) {
  return (call: ServerReadableStream<Req, Res>, callback: sendUnaryData<Res>): void => {
    handler(call).then(
      (response) => callback(null, response),
      (error: unknown) => {
        logUnexpected(logger, error, call.getPath());
        callback(toGrpcError(error) as ServiceError);
      },
    );
  };
}

function logUnexpected(logger: Logger, error: unknown, path: string): void {
  if (isAppError(error)) return;
  logger.error({ err: error, path }, 'unexpected error in gRPC handler');
  reportError(error, { path });
}
