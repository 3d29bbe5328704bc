/**
 * The five error kinds every layer speaks. Services map them to gRPC status codes once
 * (grpc-status.ts); the BFF maps them to HTTP status codes once.
 */
export type FieldIssue = { path: string; message: string };

export abstract class AppError extends Error {
  abstract readonly kind: 'input' | 'not_found' | 'conflict' | 'not_allowed' | 'unavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The caller sent something malformed; `issues` says which field and why. */
export class InputError extends AppError {
  readonly kind = 'input' as const;
  constructor(
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
  }
}

export class NotFoundError extends AppError {
  readonly kind = 'not_found' as const;
}

export class ConflictError extends AppError {
  readonly kind = 'conflict' as const;
}

/** Authenticated but not permitted (or not authenticated at all, when `unauthenticated`). */
export class NotAllowedError extends AppError {
  readonly kind = 'not_allowed' as const;
  constructor(
    message: string,
    readonly unauthenticated = false,
  ) {
    super(message);
  }
}

/** A dependency is down or overloaded; the caller may retry. */
export class UnavailableError extends AppError {
  readonly kind = 'unavailable' as const;
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
