import { createRequire } from 'node:module';

/** What a fetch returns per partition (kafkajs' Batch); only whether it holds events matters here. */
interface FetchedBatch {
  isEmpty(): boolean;
}

/** The part of kafkajs' ConsumerGroup (src/consumer/consumerGroup) this change touches. */
interface ConsumerGroupInternals {
  minBytes: number;
  maxWaitTime: number;
  fetch(nodeId: number): Promise<FetchedBatch[]>;
}

interface ConsumerGroupClass {
  prototype: ConsumerGroupInternals;
}

/** How long an idle member's fetch waits for a first event: as long as a consumer without a window waits. */
export const IDLE_FETCH_WAIT_MS = 1_000;

const APPLIED = Symbol.for('docket.kafkajs.fetchWindowWhileBusy');
const WINDOW = Symbol('fetch window');
const BUSY = Symbol('last fetch brought events');

type WindowedGroup = ConsumerGroupInternals & {
  [WINDOW]?: { minBytes: number; maxWaitTime: number } | null;
  [BUSY]?: boolean;
};

/**
 * A consumer's fetch window (minBytes over 1, see BUSY_TOPIC_FETCH_WINDOW) applies only while events
 * flow: after a fetch that brought events the next one asks for the window again, and after one that
 * brought none it asks for any event at all (minBytes 1) and waits up to IDLE_FETCH_WAIT_MS.
 *
 * With the window always on, an idle member asked five times a second (the broker answers a window's
 * fetch after its 200 ms when no event comes), and an event arriving alone waited those 200 ms
 * before anyone read it. Now an idle member asks once a second, as consumers without a window do, and
 * the broker answers its fetch as soon as the first event arrives; from the second fetch of a burst
 * on, events are gathered into batches as before. kafkajs reads minBytes and maxWaitTime from the
 * consumer group at every fetch, so setting them before each is enough. Applied once per process,
 * to the kafkajs that `createKafka` uses; consumers without a window are left as they are.
 */
export function applyFetchWindowWhileBusy(consumerGroup: ConsumerGroupClass = kafkajsConsumerGroup()): void {
  const proto = consumerGroup.prototype as ConsumerGroupInternals & { [APPLIED]?: true };
  if (proto[APPLIED]) return;
  const fetch = proto.fetch;
  proto.fetch = async function fetchWithWindowWhileBusy(this: WindowedGroup, nodeId: number) {
    // The window is what the consumer was created with; read once, before the first fetch changes the fields.
    if (this[WINDOW] === undefined)
      this[WINDOW] = this.minBytes > 1 ? { minBytes: this.minBytes, maxWaitTime: this.maxWaitTime } : null;
    const window = this[WINDOW];
    if (!window) return fetch.call(this, nodeId);
    const busy = this[BUSY] === true;
    this.minBytes = busy ? window.minBytes : 1;
    this.maxWaitTime = busy ? window.maxWaitTime : Math.max(window.maxWaitTime, IDLE_FETCH_WAIT_MS);
    const batches = await fetch.call(this, nodeId);
    this[BUSY] = batches.some((batch) => !batch.isEmpty());
    return batches;
  };
  proto[APPLIED] = true;
}

/** kafkajs' ConsumerGroup class, which this patches (shipped as source, as the request queue is). */
export function kafkajsConsumerGroup<T = ConsumerGroupClass>(): T {
  return createRequire(require.resolve('kafkajs'))('./src/consumer/consumerGroup') as T;
}
