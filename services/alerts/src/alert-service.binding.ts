import type { UntypedHandleCall } from '@grpc/grpc-js';
import { AlertServiceService, type AlertServiceServer } from '@docket/proto/src/alerts';
import type { GrpcServiceBinding } from '@docket/service-kit';

/**
 * Some of research.alerts.v1.AlertService's methods, built by one part of the service: alerts
 * (alerts/alerts.grpc.ts), notifications, delivery and webhooks (each feature's *.grpc.ts). Each part
 * exports a function returning its handlers, and app.ts passes them all to alertServiceBinding.
 */
export type AlertHandlers = Partial<AlertServiceServer>;

/**
 * research.alerts.v1.AlertService from the parts' handlers. Every method must come from some part:
 * a missing one stops the service at start with its name, rather than answering callers with errors.
 */
export function alertServiceBinding(parts: AlertHandlers[]): GrpcServiceBinding {
  const implementation: Record<string, UntypedHandleCall> = {};
  for (const part of parts) {
    for (const [name, handler] of Object.entries(part)) if (handler) implementation[name] = handler;
  }
  const missing = Object.keys(AlertServiceService).filter((name) => !(name in implementation));
  if (missing.length > 0) throw new Error(`AlertService methods no part implements: ${missing.join(', ')}`);
  return { definition: AlertServiceService, implementation };
}
