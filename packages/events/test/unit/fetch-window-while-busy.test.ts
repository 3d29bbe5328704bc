import { applyFetchWindowWhileBusy, IDLE_FETCH_WAIT_MS, kafkajsConsumerGroup } from '../../src/fetch-window-while-busy';

interface Asked {
  minBytes: number;
  maxWaitTime: number;
}

/**
 * kafkajs' ConsumerGroup with its fetch replaced by one that records what it was asked with and
 * answers with the next prepared batches (a batch holds events or not); the patch wraps this fetch
 * as it wraps kafkajs' own.
 */
class RecordingGroup {
  readonly asked: Asked[] = [];
  constructor(
    public minBytes: number,
    public maxWaitTime: number,
    private readonly answers: boolean[],
  ) {}

  async fetch(_nodeId: number): Promise<Array<{ isEmpty(): boolean }>> {
    this.asked.push({ minBytes: this.minBytes, maxWaitTime: this.maxWaitTime });
    const withEvents = this.answers.shift() ?? false;
    return [{ isEmpty: () => true }, { isEmpty: () => !withEvents }];
  }
}
applyFetchWindowWhileBusy(RecordingGroup as never);

async function fetchAll(group: RecordingGroup, times: number): Promise<Asked[]> {
  for (let fetch = 0; fetch < times; fetch++) await group.fetch(0);
  return group.asked;
}

const window = { minBytes: 64 * 1024, maxWaitTime: 200 };
const idle = { minBytes: 1, maxWaitTime: IDLE_FETCH_WAIT_MS };

describe('a fetch window only while events flow', () => {
  it('asks for any event while idle, for the window after a fetch with events, for any after one without', async () => {
    const group = new RecordingGroup(window.minBytes, window.maxWaitTime, [false, true, true, false, false, true]);
    expect(await fetchAll(group, 7)).toEqual([idle, idle, window, window, idle, idle, window]);
  });

  it('leaves a consumer without a window as it was created', async () => {
    const group = new RecordingGroup(1, 5_000, [true, false, true]);
    expect(await fetchAll(group, 3)).toEqual([
      { minBytes: 1, maxWaitTime: 5_000 },
      { minBytes: 1, maxWaitTime: 5_000 },
      { minBytes: 1, maxWaitTime: 5_000 },
    ]);
  });

  it('never waits less while idle than the window itself would', async () => {
    const group = new RecordingGroup(1024, IDLE_FETCH_WAIT_MS * 3, [true]);
    expect(await fetchAll(group, 2)).toEqual([
      { minBytes: 1, maxWaitTime: IDLE_FETCH_WAIT_MS * 3 },
      { minBytes: 1024, maxWaitTime: IDLE_FETCH_WAIT_MS * 3 },
    ]);
  });

  it("is applied to kafkajs' own ConsumerGroup by createKafka, once", async () => {
    const { createKafka } = await import('../../src/kafka');
    const ConsumerGroup = kafkajsConsumerGroup<{ prototype: { fetch: unknown } }>();
    createKafka({ clientId: 'test', brokers: ['127.0.0.1:1'] });
    const patched = ConsumerGroup.prototype.fetch;
    createKafka({ clientId: 'test', brokers: ['127.0.0.1:1'] });
    expect(ConsumerGroup.prototype.fetch).toBe(patched);
    expect((patched as { name: string }).name).toBe('fetchWithWindowWhileBusy');
  });
});
