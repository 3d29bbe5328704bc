import { Metadata, type CallOptions, type Client, type ServiceError } from '@grpc/grpc-js';
import { fromGrpcError } from '@docket/errors';

type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: Res) => void,
) => { cancel(): void };

type UnaryMethodNames<C> = {
  [K in keyof C]: C[K] extends UnaryMethod<infer _Req, infer _Res> ? K : never;
}[keyof C];

type RequestOf<M> = M extends UnaryMethod<infer Req, infer _Res> ? Req : never;
type ResponseOf<M> = M extends UnaryMethod<infer _Req, infer Res> ? Res : never;

/**
 * Promise wrapper over a ts-proto grpc-js client method with a deadline; gRPC errors come back as
 * the AppError of the matching kind (NOT_FOUND → NotFoundError, …) so callers map them once.
 * `signal` cancels the call (the server sees it cancelled and can stop working on it).
 */
export function grpcCall<C extends Client, K extends UnaryMethodNames<C>>(
  client: C,
  method: K,
  request: RequestOf<C[K]>,
  options: { deadlineMs?: number; metadata?: Metadata; signal?: AbortSignal | undefined } = {},
): Promise<ResponseOf<C[K]>> {
  const fn = client[method] as unknown as UnaryMethod<RequestOf<C[K]>, ResponseOf<C[K]>>;
  const deadline = new Date(Date.now() + (options.deadlineMs ?? 10_000));
  return new Promise((resolve, reject) => {
    const cancel = () => call.cancel();
    const call = fn.call(client, request, options.metadata ?? new Metadata(), { deadline }, (error, response) => {
      options.signal?.removeEventListener('abort', cancel);
      if (error) reject(fromGrpcError(error));
      else resolve(response);
    });
    if (options.signal?.aborted) cancel();
    else options.signal?.addEventListener('abort', cancel, { once: true });
  });
}

/**
 * Channel options for every client: documents can be several megabytes (full text), more than
 * grpc-js's 4 MB default; servers accept 16 MB (startGrpcServer). A channel whose server went away
 * tries again every second at most (grpc-js: 1 s growing to 2 min), so callers find a restarted
 * service within a second of it listening, not minutes later.
 */
export const GRPC_CLIENT_OPTIONS = {
  'grpc.max_receive_message_length': 16 * 1024 * 1024,
  'grpc.max_send_message_length': 16 * 1024 * 1024,
  'grpc.initial_reconnect_backoff_ms': 250,
  'grpc.max_reconnect_backoff_ms': 1000,
} as const;
