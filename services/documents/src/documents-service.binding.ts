import type { UntypedHandleCall } from '@grpc/grpc-js';
import { DocumentsServiceService, type DocumentsServiceServer } from '@docket/proto/src/documents';
import type { GrpcServiceBinding } from '@docket/service-kit';

/** Some of research.documents.v1.DocumentsService's methods, built by one feature (its *.grpc.ts). */
export type DocumentHandlers = Partial<DocumentsServiceServer>;

/**
 * research.documents.v1.DocumentsService from the features' handlers. Every method must come from
 * some feature: a missing one stops the service at start with its name.
 */
export function documentsServiceBinding(parts: DocumentHandlers[]): GrpcServiceBinding {
  const implementation: Record<string, UntypedHandleCall> = {};
  for (const part of parts) {
    for (const [name, handler] of Object.entries(part)) if (handler) implementation[name] = handler;
  }
  const missing = Object.keys(DocumentsServiceService).filter((name) => !(name in implementation));
  if (missing.length > 0) throw new Error(`DocumentsService methods no feature implements: ${missing.join(', ')}`);
  return { definition: DocumentsServiceService, implementation };
}
