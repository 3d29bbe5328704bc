import type { Response } from 'express';

/** Starts a server-sent events response: the headers every stream needs, sent at once. */
export function openEventStream(res: Response): void {
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no', // nginx and similar must not buffer the stream
  });
  res.flushHeaders();
}
