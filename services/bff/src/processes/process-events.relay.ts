import type { Request, Response } from 'express';
import type { Logger } from '@docket/observability';
import { authOf } from '../http/auth-context';
import { openEventStream, SESSION_ENDED_EVENT, type SessionEnds } from '../http/event-stream';
import { isFinal, type ProcessRecord } from './process-view';
import type { ProcessesGateway } from './processes.gateway';

/**
 * Relays ProcessService.WatchProcess to the browser as server-sent events: the current state first,
 * then every newer state (`sequence` skips stale or repeated ones), a heartbeat comment so proxies keep
 * the connection open, and the end of the response after a final state. A browser that goes away
 * cancels the gRPC stream; so does the end of the session, after `event: session-ended`.
 */
export function relayProcessEvents(
  req: Request,
  res: Response,
  deps: { processes: ProcessesGateway; logger: Logger; heartbeatMs: number; sessionEnds: SessionEnds },
  initial: ProcessRecord,
): void {
  openEventStream(res);

  let lastSequence = -1n;
  let closed = false;
  let cancelWatch = () => {};
  let unwatchSession = () => {};
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), deps.heartbeatMs);

  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unwatchSession();
    cancelWatch();
    res.end();
  };

  const send = (process: ProcessRecord) => {
    if (closed) return;
    // Services that do not number their updates send sequence 0; then every update is passed on.
    if (process.sequence > 0n && process.sequence <= lastSequence) return;
    lastSequence = process.sequence;
    res.write(`event: process\nid: ${process.sequence}\ndata: ${JSON.stringify(process.view)}\n\n`);
    if (isFinal(process.view.status)) close();
  };

  res.on('close', close); // browser went away (or we ended): stop heartbeats, cancel the gRPC stream
  send(initial);
  if (closed) return;
  unwatchSession = deps.sessionEnds.watch(authOf(req).sessionId, () => {
    res.write(SESSION_ENDED_EVENT);
    close();
  });

  const watch = deps.processes.watch(initial.view.id, {
    onUpdate: send,
    onEnd: (error) => {
      if (error && !closed) {
        deps.logger.warn({ err: error, processId: initial.view.id }, 'process watch ended with an error');
        res.write(
          `event: error\ndata: ${JSON.stringify({ message: 'process updates interrupted; reconnecting' })}\n\n`,
        );
      }
      close();
    },
  });
  cancelWatch = () => watch.cancel();
  if (req.destroyed) close();
}
