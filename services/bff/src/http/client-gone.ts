import type { Response } from 'express';

/**
 * Aborted when the HTTP client goes away before its response is sent (closed tab, new search typed),
 * so the gRPC call behind it is cancelled and the query-engine stops working on it.
 */
export function clientGoneSignal(res: Response): AbortSignal {
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  return gone.signal;
}
