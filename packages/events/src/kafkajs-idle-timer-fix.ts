import { createRequire } from 'node:module';

/** The part of kafkajs' per-connection request queue (src/network/requestQueue) this fix touches. */
interface RequestQueueInternals {
  pending: unknown[];
  scheduleCheckPendingRequests(): void;
}

interface RequestQueueClass {
  prototype: RequestQueueInternals;
}

const FIXED = Symbol.for('docket.kafkajs.idleTimerFix');

/**
 * kafkajs 2.2.4 keeps a timer running on every broker connection even when no request waits: with
 * nothing pending and no throttle, its `scheduleCheckPendingRequests` sets a timeout of a negative
 * delay (so 1 ms), whose callback schedules the next one, for as long as the connection lives
 * (tulios/kafkajs#1556, unfixed in any release). Every service has several connections, so an idle
 * stack spent about a quarter of a core on these timers alone (under load the timer fires at most once
 * per turn of a busy event loop, so there it cost little).
 *
 * With nothing pending there is nothing to check: a request that cannot go at once is pushed onto
 * `pending` and schedules its own check (the original method, unchanged for that case), and a
 * response that frees a slot checks the queue itself. So the check is skipped when the queue is
 * empty. Applied once per process, to the kafkajs that `createKafka` uses.
 */
export function applyKafkajsIdleTimerFix(requestQueue: RequestQueueClass = kafkajsRequestQueue()): void {
  const proto = requestQueue.prototype as RequestQueueInternals & { [FIXED]?: true };
  if (proto[FIXED]) return;
  const schedule = proto.scheduleCheckPendingRequests;
  proto.scheduleCheckPendingRequests = function scheduleWhenSomethingWaits(this: RequestQueueInternals) {
    if (this.pending.length === 0) return;
    schedule.call(this);
  };
  proto[FIXED] = true;
}

/**
 * kafkajs' RequestQueue class, which the fix patches and its tests construct. kafkajs exports no such
 * class; its source ships in the package (no "exports" map hides it).
 */
export function kafkajsRequestQueue<T = RequestQueueClass>(): T {
  return createRequire(require.resolve('kafkajs'))('./src/network/requestQueue') as T;
}
