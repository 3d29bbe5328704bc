import type { ErrorRequestHandler, Response } from 'express';
import { InputError, isAppError, NotAllowedError, type FieldIssue } from '@docket/errors';
import { reportError, type Logger } from '@docket/observability';
import {
  CsrfError,
  MethodNotAllowedError,
  PasswordChangeRequiredError,
  TooManyAttemptsError,
  UnsupportedMediaTypeError,
} from './http-errors';
import { ALLOWED_METHODS } from './middleware/allowed-methods';

type ErrorCode =
  | 'invalid_input'
  | 'unauthenticated'
  | 'forbidden'
  | 'csrf_failed'
  | 'not_found'
  | 'conflict'
  | 'too_many_requests'
  | 'unavailable'
  | 'internal'
  | 'password_change_required'
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'payload_too_large';

/** The one place where errors become HTTP statuses and the `{ error: { code, message, issues } }` body. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error); // e.g. mid-stream SSE: express closes the connection

    if (error instanceof TooManyAttemptsError) {
      res.set('Retry-After', String(error.retryAfterSeconds));
      return send(res, 429, 'too_many_requests', error.message);
    }
    if (error instanceof CsrfError) return send(res, 403, 'csrf_failed', error.message);
    if (error instanceof PasswordChangeRequiredError) return send(res, 403, 'password_change_required', error.message);
    if (error instanceof UnsupportedMediaTypeError) return send(res, 415, 'unsupported_media_type', error.message);
    if (error instanceof MethodNotAllowedError) {
      res.set('Allow', ALLOWED_METHODS.join(', '));
      return send(res, 405, 'method_not_allowed', error.message);
    }
    const requestError = unreadableRequest(error);
    if (requestError) return send(res, requestError.status, requestError.code, requestError.message);

    if (isAppError(error)) {
      switch (error.kind) {
        case 'input':
          return send(res, 400, 'invalid_input', error.message, (error as InputError).issues);
        case 'not_allowed':
          return (error as NotAllowedError).unauthenticated
            ? send(res, 401, 'unauthenticated', error.message)
            : send(res, 403, 'forbidden', error.message);
        case 'not_found':
          return send(res, 404, 'not_found', error.message);
        case 'conflict':
          return send(res, 409, 'conflict', error.message);
        case 'unavailable':
          logger.warn({ err: error, path: req.path }, 'backing service unavailable');
          return send(res, 503, 'unavailable', 'a backing service is unavailable; try again shortly');
      }
    }

    if (redisUnreachable(error)) {
      logger.warn({ err: error, path: req.path }, 'Redis unavailable');
      return send(res, 503, 'unavailable', 'a backing service is unavailable; try again shortly');
    }

    logger.error({ err: error, method: req.method, path: req.path }, 'unexpected error');
    reportError(error, { method: req.method, path: req.path });
    return send(res, 500, 'internal', 'internal error');
  };
}

/**
 * ioredis gave up on a command: Redis (sessions, throttling) was unreachable for all its retries, as
 * while it restarts. A moment's outage, not a bug: a 503 to try again, like a service that is down.
 * By name: the class lives in ioredis' internals.
 */
function redisUnreachable(error: unknown): boolean {
  return error instanceof Error && error.name === 'MaxRetriesPerRequestError';
}

function send(res: Response, status: number, code: ErrorCode, message: string, issues?: FieldIssue[]): void {
  res.status(status).json({ error: { code, message, ...(issues && issues.length > 0 ? { issues } : {}) } });
}

/**
 * Requests express could not read: express.json() failures (they carry `type`), a body that does not
 * match its Content-Encoding (zlib's errors, status 400), a path parameter with malformed
 * percent-encoding (URIError, status 400). Client mistakes, never 500.
 */
function unreadableRequest(error: unknown): { status: number; code: ErrorCode; message: string } | undefined {
  const e = error as { type?: unknown; status?: unknown; code?: unknown };
  if (typeof e?.status !== 'number' || e.status < 400 || e.status >= 500 || isAppError(error)) return undefined;
  if (error instanceof URIError)
    return { status: 400, code: 'invalid_input', message: 'the URL has malformed percent-encoding' };
  switch (e.type) {
    case 'entity.parse.failed':
      return { status: 400, code: 'invalid_input', message: 'request body is not valid JSON' };
    case 'entity.too.large':
      return { status: 413, code: 'payload_too_large', message: 'request body is too large' };
    case 'encoding.unsupported':
      return {
        status: 415,
        code: 'unsupported_media_type',
        message: 'unsupported Content-Encoding (identity, gzip, deflate or br)',
      };
    case 'charset.unsupported':
      return { status: 415, code: 'unsupported_media_type', message: 'unsupported request body charset' };
  }
  if (typeof e.code === 'string' && /^(Z_|ERR__ERROR)/.test(e.code)) {
    return { status: 400, code: 'invalid_input', message: 'request body does not match its Content-Encoding' };
  }
  return { status: 400, code: 'invalid_input', message: 'request could not be read' };
}
