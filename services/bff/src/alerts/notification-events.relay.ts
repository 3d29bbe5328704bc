import type { Request, Response } from 'express';
import type { Logger } from '@docket/observability';
import { authOf } from '../http/auth-context';
import { openEventStream, SESSION_ENDED_EVENT, type SessionEnds } from '../http/event-stream';
import type { NotificationEventView } from './alert-view';
import type { AlertOwner, AlertsGateway } from './alerts.gateway';

/**
 * Relays AlertService.WatchNotifications to the browser as server-sent events: `event: notifications`
 * with the unread count (and the notification that just arrived, if any) first and on every change,
 * a heartbeat comment so proxies keep the connection open, and `event: error` before closing when
 * the service's stream breaks (EventSource then reconnects by itself). A browser that goes away
 * cancels the gRPC stream; so does the end of the session, after `event: session-ended`.
 */
export function relayNotificationEvents(
  req: Request,
  res: Response,
  deps: { alerts: AlertsGateway; logger: Logger; heartbeatMs: number; sessionEnds: SessionEnds },
  owner: AlertOwner,
): void {
  openEventStream(res);
  // Browsers wait this long before reconnecting after the stream ends.
  res.write('retry: 3000\n\n');

  let closed = false;
  let sequence = 0;
  let unwatchSession = () => {};
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), deps.heartbeatMs);
  const send = (event: NotificationEventView) => {
    if (closed) return;
    sequence += 1;
    res.write(`event: notifications\nid: ${sequence}\ndata: ${JSON.stringify(event)}\n\n`);
  };
  const watch = deps.alerts.watchNotifications(owner, {
    onEvent: send,
    onEnd: (error) => {
      if (closed) return;
      if (error) deps.logger.warn({ err: error, userId: owner.id }, 'notification watch ended with an error');
      res.write(
        `event: error\ndata: ${JSON.stringify({ message: 'notification updates interrupted; reconnecting' })}\n\n`,
      );
      close();
    },
  });
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unwatchSession();
    watch.cancel();
    res.end();
  };
  unwatchSession = deps.sessionEnds.watch(authOf(req).sessionId, () => {
    res.write(SESSION_ENDED_EVENT);
    close();
  });
  res.on('close', close); // browser went away (or we ended): stop heartbeats, cancel the gRPC stream
  if (req.destroyed) close();
}
