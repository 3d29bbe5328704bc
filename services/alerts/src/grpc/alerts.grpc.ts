import { status, type ServerWritableStream, type ServiceError, type UntypedHandleCall } from '@grpc/grpc-js';
import type { GrpcServiceBinding } from '@docket/service-kit';
import { AlertServiceService, type AlertServiceServer } from '@docket/proto/src/gen/research/alerts/v1/alerts';

/**
 * Some of research.alerts.v1.AlertService's methods, built by one part of the service: matching
 * (matching.handlers.ts), delivery (delivery.handlers.ts), webhooks (webhook.handlers.ts). Each part
 * exports a function returning its handlers, and app.ts passes them all to alertServiceBinding.
 */
export type AlertHandlers = Partial<AlertServiceServer>;

/** research.alerts.v1.AlertService from the parts' handlers; a method nobody built answers UNIMPLEMENTED. */
export function alertServiceBinding(parts: AlertHandlers[]): GrpcServiceBinding {
  const implementation: Record<string, UntypedHandleCall> = {};
  for (const [name, method] of Object.entries(AlertServiceService)) {
    implementation[name] = method.responseStream ? unimplementedStream(method.path) : unimplementedUnary(method.path);
  }
  for (const part of parts) {
    for (const [name, handler] of Object.entries(part)) if (handler) implementation[name] = handler;
  }
  return { definition: AlertServiceService, implementation };
}

function unimplementedError(path: string): Partial<ServiceError> {
  return { code: status.UNIMPLEMENTED, details: `${path} is not implemented yet` };
}

function unimplementedUnary(path: string): UntypedHandleCall {
  return (_call: unknown, callback: (error: Partial<ServiceError>) => void) => callback(unimplementedError(path));
}

function unimplementedStream(path: string): UntypedHandleCall {
  return (call: ServerWritableStream<unknown, unknown>) => call.emit('error', unimplementedError(path));
}
