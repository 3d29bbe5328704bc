import type { Request, Response } from 'express';
import { isAppError, NotAllowedError, UnavailableError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import { authOf } from '../http/auth-context';
import { openEventStream, SESSION_ENDED_EVENT, type SessionEnds } from '../http/event-stream';
import type { AskCall, AskHandlers } from './queries.gateway';
import type { AskUpdate } from './query-view';

/**
 * Relays QueryService.Ask to the browser as server-sent events, one named event per update
 * (started, documents, section, figures, completed). Nothing is written until the first update
 * arrives, so a refusal (not a member, bad filters, service down) is still an ordinary JSON error;
 * a failure after that becomes `event: error` and the end of the stream. A browser that goes away
 * cancels the gRPC call, and so does the end of the session (after `event: session-ended`).
 * Resolves when the response is finished; rejects only before the first byte.
 */
export function relayAsk(
  req: Request,
  res: Response,
  deps: { logger: Logger; heartbeatMs: number; sessionEnds: SessionEnds },
  start: (handlers: AskHandlers) => AskCall,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let streaming = false;
    let finished = false;
    let completed = false;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let unwatchSession = () => {};

    const finish = () => {
      if (finished) return;
      finished = true;
      clearInterval(heartbeat);
      unwatchSession();
      if (streaming && !res.writableEnded) res.end();
      resolve();
    };

    const write = (event: string, data: unknown) => {
      if (!finished) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };

    const openStream = () => {
      streaming = true;
      openEventStream(res);
      heartbeat = setInterval(() => res.write(': heartbeat\n\n'), deps.heartbeatMs);
    };

    const call = start({
      onUpdate: (update: AskUpdate) => {
        if (finished) return;
        if (!streaming) openStream();
        if (update.event === 'completed') completed = true;
        write(update.event, update.data);
      },
      onEnd: (error) => {
        if (finished) return;
        if (!streaming) {
          // Refused before anything was produced: let the error handler answer with a status.
          finished = true;
          reject(error ?? new UnavailableError('the query engine ended the answer before it started'));
          return;
        }
        if (error) {
          if (!isAppError(error)) deps.logger.error({ err: error }, 'ask stream failed');
          else deps.logger.warn({ err: error }, 'ask stream ended with an error');
          write('error', errorPayload(error));
        } else if (!completed) {
          write('error', { code: 'unavailable', message: 'the answer stopped before it was complete; try again' });
        }
        finish();
      },
    });

    unwatchSession = deps.sessionEnds.watch(authOf(req).sessionId, () => {
      if (finished) return;
      call.cancel();
      if (!streaming) {
        finished = true;
        reject(new NotAllowedError('your session has ended; sign in again', true));
        return;
      }
      res.write(SESSION_ENDED_EVENT);
      finish();
    });

    // Browser gone (or we ended): stop the heartbeat and the gRPC call.
    res.on('close', () => {
      if (!finished) call.cancel();
      finish();
    });
    // Not req.destroyed: a request whose JSON body has been read is already "destroyed".
    if (res.destroyed || req.socket.destroyed) {
      call.cancel();
      finish();
    }
  });
}

function errorPayload(error: Error): { code: string; message: string } {
  if (!isAppError(error)) return { code: 'internal', message: 'the answer failed on our side; try again' };
  switch (error.kind) {
    case 'unavailable':
      return { code: 'unavailable', message: 'the query engine is unavailable; try again shortly' };
    case 'input':
      return { code: 'invalid_input', message: error.message };
    case 'not_found':
      return { code: 'not_found', message: error.message };
    case 'not_allowed':
      return { code: 'forbidden', message: error.message };
    case 'conflict':
      return { code: 'conflict', message: error.message };
  }
}
