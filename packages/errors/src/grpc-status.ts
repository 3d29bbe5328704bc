import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import {
  AppError,
  ConflictError,
  InputError,
  isAppError,
  NotAllowedError,
  NotFoundError,
  UnavailableError,
  type FieldIssue,
} from './app-errors';

const ISSUES_KEY = 'x-field-issues-bin';

/** Turns any thrown value into a gRPC ServiceError; unknown errors become INTERNAL without leaking details. */
export function toGrpcError(error: unknown): Partial<ServiceError> {
  if (!isAppError(error)) {
    return { code: status.INTERNAL, details: 'internal error', message: 'internal error' };
  }
  const metadata = new Metadata();
  if (error instanceof InputError && error.issues.length > 0) {
    metadata.set(ISSUES_KEY, Buffer.from(JSON.stringify(error.issues)));
  }
  return { code: grpcCodeFor(error), details: error.message, message: error.message, metadata };
}

function grpcCodeFor(error: AppError): status {
  switch (error.kind) {
    case 'input':
      return status.INVALID_ARGUMENT;
    case 'not_found':
      return status.NOT_FOUND;
    case 'conflict':
      return status.ALREADY_EXISTS;
    case 'not_allowed':
      return (error as NotAllowedError).unauthenticated ? status.UNAUTHENTICATED : status.PERMISSION_DENIED;
    case 'unavailable':
      return status.UNAVAILABLE;
  }
}

/** The client side: turns a gRPC error from another service back into the matching AppError. */
export function fromGrpcError(error: unknown): Error {
  const grpcError = error as Partial<ServiceError>;
  if (typeof grpcError?.code !== 'number') return error instanceof Error ? error : new Error(String(error));
  const message = grpcError.details || grpcError.message || 'remote error';
  switch (grpcError.code) {
    case status.INVALID_ARGUMENT:
      return new InputError(message, readIssues(grpcError.metadata));
    case status.NOT_FOUND:
      return new NotFoundError(message);
    case status.ALREADY_EXISTS:
      return new ConflictError(message);
    case status.PERMISSION_DENIED:
      return new NotAllowedError(message);
    case status.UNAUTHENTICATED:
      return new NotAllowedError(message, true);
    case status.UNAVAILABLE:
    case status.DEADLINE_EXCEEDED:
      return new UnavailableError(message);
    default:
      return new Error(message);
  }
}

function readIssues(metadata: Metadata | undefined): FieldIssue[] {
  const raw = metadata?.get(ISSUES_KEY)[0];
  if (!raw) return [];
  try {
    return JSON.parse(raw.toString()) as FieldIssue[];
  } catch {
    return [];
  }
}
