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

/** The last event of a stream whose session ended (sign-out, deactivation, password change, expiry). */
const SESSION_ENDED_DATA = JSON.stringify({ message: 'your session has ended; sign in again' });
export const SESSION_ENDED_EVENT = `event: session-ended\ndata: ${SESSION_ENDED_DATA}\n\n`;

/** Whoever tells a stream that its session ended (SessionEndWatcher). */
export interface SessionEnds {
  watch(sessionId: string, onEnded: () => void): () => void;
}
