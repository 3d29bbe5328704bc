'use client';

import { useEffect, useState } from 'react';
import { goToSignIn } from '@/lib/session-ended';
import { isFinalStatus, type Process } from '@/lib/types';

export type Connection = 'connecting' | 'live' | 'reconnecting' | 'closed';

const MAX_RETRY_MS = 5000;

/**
 * A process followed live over /api/processes/{id}/events until it reaches a final state. Before
 * then, an error means "not known yet" (404) or a dropped connection: it reconnects with a capped
 * backoff instead of EventSource's fixed retry. A late non-final update never overwrites a final one.
 */
export function useLiveProcess(
  processId: string,
  initial: Process | null,
): { process: Process | null; connection: Connection } {
  const [process, setProcess] = useState<Process | null>(initial);
  const [connection, setConnection] = useState<Connection>(
    initial && isFinalStatus(initial.status) ? 'closed' : 'connecting',
  );

  useEffect(() => {
    if (initial && isFinalStatus(initial.status)) return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const stop = () => {
      stopped = true;
      source?.close();
      clearTimeout(retryTimer);
    };

    const open = () => {
      source = new EventSource(`/api/processes/${encodeURIComponent(processId)}/events`);
      source.onopen = () => {
        attempt = 0;
        setConnection('live');
      };
      source.addEventListener('process', (event) => {
        const next = JSON.parse((event as MessageEvent<string>).data) as Process;
        setProcess((prev) => (prev && isFinalStatus(prev.status) && !isFinalStatus(next.status) ? prev : next));
        if (isFinalStatus(next.status)) {
          stop();
          setConnection('closed');
        }
      });
      source.addEventListener('session-ended', () => {
        stop();
        setConnection('closed');
        goToSignIn();
      });
      source.onerror = () => {
        source?.close();
        if (stopped) return;
        setConnection('reconnecting');
        const delay = Math.min(MAX_RETRY_MS, 500 * 2 ** attempt);
        attempt += 1;
        retryTimer = setTimeout(open, delay);
      };
    };

    open();
    return stop;
  }, [processId, initial]);

  return { process, connection };
}
