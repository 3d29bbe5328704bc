import type { ErrorRequestHandler, Response } from 'express';
import { isAppError, InputError, NotAllowedError, type FieldIssue } from '@docket/errors';
import { reportError, type Logger } from '@docket/observability';
import { TooManyAttemptsError } from '../identity/auth.service';
import { CsrfError, PasswordChangeRequiredError } from './http-errors';

type ErrorCode =
  | 'invalid_input' | 'unauthenticated' | 'forbidden' | 'csrf_failed' | 'not_found' | 'conflict'
  | 'too_many_requests' | 'unavailable' | 'internal' | 'password_change_required';

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
    const bodyError = bodyParserError(error);
    if (bodyError) return send(res, bodyError.status, 'invalid_input', bodyError.message);

    if (isAppError(error)) {
      switch (error.kind) {
        case 'input': return send(res, 400, 'invalid_input', error.message, (error as InputError).issues);
        case 'not_allowed':
          return (error as NotAllowedError).unauthenticated
            ? send(res, 401, 'unauthenticated', error.message)
            : send(res, 403, 'forbidden', error.message);
        case 'not_found': return send(res, 404, 'not_found', error.message);
        case 'conflict': return send(res, 409, 'conflict', error.message);
        case 'unavailable':
          logger.warn({ err: error, path: req.path }, 'backing service unavailable');
          return send(res, 503, 'unavailable', 'a backing service is unavailable; try again shortly');
      }
    }

    logger.error({ err: error, method: req.method, path: req.path }, 'unexpected error');
    reportError(error, { method: req.method, path: req.path });
    return send(res, 500, 'internal', 'internal error');
  };
}

function send(res: Response, status: number, code: ErrorCode, message: string, issues?: FieldIssue[]): void {
  res.status(status).json({ error: { code, message, ...(issues && issues.length > 0 ? { issues } : {}) } });
}

/** express.json() failures carry `type` and `status`; they are the client's fault, not ours. */
function bodyParserError(error: unknown): { status: number; message: string } | undefined {
  const e = error as { type?: unknown; status?: unknown };
  if (typeof e?.type !== 'string' || typeof e.status !== 'number' || e.status >= 500) return undefined;
  switch (e.type) {
    case 'entity.parse.failed': return { status: 400, message: 'request body is not valid JSON' };
    case 'entity.too.large': return { status: 413, message: 'request body is too large' };
    case 'encoding.unsupported':
    case 'charset.unsupported': return { status: 415, message: 'unsupported request body encoding' };
    default: return { status: 400, message: 'request body could not be read' };
  }
}
