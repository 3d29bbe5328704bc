import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '@docket/observability';
import { findAuth } from '../auth-context';

/** One line per request when it finishes (pino-http style); trace ids come from the logger's mixin. */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const startedAt = process.hrtime.bigint();
    const requestId = req.get('x-request-id') ?? randomUUID();
    res.set('x-request-id', requestId);
    let logged = false;
    const log = (aborted: boolean) => {
      if (logged) return;
      logged = true;
      const fields = {
        requestId,
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        durationMs: Number(process.hrtime.bigint() - startedAt) / 1e6,
        userId: findAuth(req)?.user.id,
        ...(aborted ? { aborted: true } : {}),
      };
      // 503 means a backing service is down: worth a warning here, the failing service logs the error.
      if (res.statusCode >= 500 && res.statusCode !== 503) logger.error(fields, 'request failed');
      else if (res.statusCode === 503) logger.warn(fields, 'request failed: dependency unavailable');
      else if (req.path === '/healthz') logger.debug(fields, 'request completed');
      else logger.info(fields, 'request completed');
    };
    res.on('finish', () => log(false));
    res.on('close', () => log(!res.writableFinished));
    next();
  };
}
