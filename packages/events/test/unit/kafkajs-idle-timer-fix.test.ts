import { applyKafkajsIdleTimerFix, kafkajsRequestQueue } from '../../src/kafkajs-idle-timer-fix';

/** kafkajs' own per-connection request queue, the class the fix patches. */
interface RequestQueue {
  pending: unknown[];
  inflight: Map<number, unknown>;
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  push(request: PushedRequest): void;
  fulfillRequest(response: { correlationId: number; payload: Buffer; size: number }): void;
  maybeThrottle(ms: number): void;
  destroy(): void;
}
interface PushedRequest {
  entry: { correlationId: number; apiName: string; resolve: () => void; reject: () => void };
  expectResponse: boolean;
  sendRequest: () => void;
}
type RequestQueueClass = new (options: Record<string, unknown>) => RequestQueue;

const KafkajsRequestQueue = kafkajsRequestQueue<RequestQueueClass>();
/** A subclass carries the fix, so the class itself shows kafkajs' behaviour unpatched. */
class FixedRequestQueue extends KafkajsRequestQueue {}
applyKafkajsIdleTimerFix(FixedRequestQueue as never);

const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const queue = (Queue: RequestQueueClass, maxInFlightRequests: number | null = null) =>
  new Queue({
    maxInFlightRequests,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: 'b:1',
    logger: silent,
  });

function request(correlationId: number, sent: number[]): PushedRequest {
  return {
    entry: { correlationId, apiName: 'Fetch', resolve: () => {}, reject: () => {} },
    expectResponse: true,
    sendRequest: () => void sent.push(correlationId),
  };
}

describe('the kafkajs idle-timer fix', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('kafkajs itself keeps a timer going on an idle connection (the bug the fix is for)', () => {
    const idle = queue(KafkajsRequestQueue);
    idle.checkPendingRequests();
    expect(idle.throttleCheckTimeoutId).not.toBeNull();
    jest.advanceTimersByTime(5);
    expect(idle.throttleCheckTimeoutId).not.toBeNull(); // each check scheduled the next one
    idle.destroy();
  });

  it('leaves no timer on a connection with nothing pending', () => {
    const idle = queue(FixedRequestQueue);
    idle.checkPendingRequests();
    expect(idle.throttleCheckTimeoutId).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('still sends a request held back by a throttle once the throttle ends', () => {
    const sent: number[] = [];
    const throttled = queue(FixedRequestQueue);
    throttled.maybeThrottle(50);
    throttled.push(request(1, sent));
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(49);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(sent).toEqual([1]);
    expect(throttled.pending).toHaveLength(0);
    throttled.destroy();
  });

  it('still sends a request held back by the in-flight limit once a response frees a slot', () => {
    const sent: number[] = [];
    const busy = queue(FixedRequestQueue, 1);
    busy.push(request(1, sent));
    busy.push(request(2, sent));
    expect(sent).toEqual([1]);
    busy.fulfillRequest({ correlationId: 1, payload: Buffer.alloc(0), size: 0 });
    expect(sent).toEqual([1, 2]);
    busy.destroy();
  });
});
