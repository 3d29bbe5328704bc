import { IndexingLag, type LagAdmin } from '../../src/indexing/indexing-lag';

type Ends = Record<string, Array<{ partition: number; high: string; low: string }>>;
type Committed = Record<string, Array<{ partition: number; offset: string }>>;

/** An admin client answering from fixed offsets, counting what it was asked. */
function fakeAdmin(ends: Ends, committed: Committed) {
  const calls = { connect: 0, disconnect: 0, fetchOffsets: 0, fetchTopicOffsets: 0 };
  let failNext: Error | undefined;
  const admin: LagAdmin = {
    connect: async () => {
      calls.connect += 1;
    },
    disconnect: async () => {
      calls.disconnect += 1;
    },
    fetchOffsets: async ({ topics }) => {
      calls.fetchOffsets += 1;
      if (failNext) {
        const error = failNext;
        failNext = undefined;
        throw error;
      }
      return topics.map((topic) => ({ topic, partitions: committed[topic] ?? [] }));
    },
    fetchTopicOffsets: async (topic) => {
      calls.fetchTopicOffsets += 1;
      return ends[topic] ?? [];
    },
  };
  return {
    admin,
    calls,
    failOnce: (error: Error) => {
      failNext = error;
    },
  };
}

describe('IndexingLag', () => {
  const topics = ['documents.ingested.v1', 'documents.deleted.v1'];

  it('sums, over every partition of every topic, the end offset minus the committed one', async () => {
    const { admin } = fakeAdmin(
      {
        'documents.ingested.v1': [
          { partition: 0, high: '120', low: '0' },
          { partition: 1, high: '80', low: '0' },
          { partition: 2, high: '5', low: '0' },
        ],
        'documents.deleted.v1': [{ partition: 0, high: '7', low: '0' }],
      },
      {
        'documents.ingested.v1': [
          { partition: 0, offset: '100' },
          { partition: 1, offset: '80' },
          { partition: 2, offset: '5' },
        ],
        'documents.deleted.v1': [{ partition: 0, offset: '4' }],
      },
    );
    const lag = new IndexingLag({ admin, groupId: 'query-engine.indexer', topics });
    expect(await lag.pending()).toBe(20 + 0 + 0 + 3);
  });

  it("counts from the retained log's start where the group committed nothing or less than retention kept", async () => {
    const { admin } = fakeAdmin(
      {
        'documents.ingested.v1': [
          { partition: 0, high: '50', low: '10' },
          { partition: 1, high: '30', low: '25' },
        ],
        'documents.deleted.v1': [{ partition: 0, high: '3', low: '0' }],
      },
      {
        'documents.ingested.v1': [
          { partition: 0, offset: '-1' },
          { partition: 1, offset: '12' },
        ],
      },
    );
    const lag = new IndexingLag({ admin, groupId: 'g', topics });
    // 50 - 10 (nothing committed), 30 - 25 (committed 12 was removed by retention),
    // 3 - 0 (partition unknown to the group)
    expect(await lag.pending()).toBe(40 + 5 + 3);
  });

  it('asks Kafka at most once per maxAgeMs, and callers arriving meanwhile share one question', async () => {
    const { admin, calls } = fakeAdmin({ 'documents.ingested.v1': [{ partition: 0, high: '9', low: '0' }] }, {});
    let now = 1_000;
    const lag = new IndexingLag({
      admin,
      groupId: 'g',
      topics: ['documents.ingested.v1'],
      maxAgeMs: 1_000,
      now: () => now,
    });
    expect(await Promise.all([lag.pending(), lag.pending(), lag.pending()])).toEqual([9, 9, 9]);
    expect(calls.fetchOffsets).toBe(1);
    now += 999;
    expect(await lag.pending()).toBe(9);
    expect(calls.fetchOffsets).toBe(1);
    now += 1;
    await lag.pending();
    expect(calls.fetchOffsets).toBe(2);
    expect(calls.connect).toBe(1);
  });

  it('rejects when Kafka cannot answer, and connects afresh for the next question', async () => {
    const { admin, calls, failOnce } = fakeAdmin(
      { 'documents.ingested.v1': [{ partition: 0, high: '4', low: '0' }] },
      {},
    );
    const lag = new IndexingLag({ admin, groupId: 'g', topics: ['documents.ingested.v1'] });
    failOnce(new Error('broker gone'));
    await expect(lag.pending()).rejects.toThrow('broker gone');
    expect(calls.disconnect).toBe(1);
    expect(await lag.pending()).toBe(4);
    expect(calls.connect).toBe(2);
    await lag.close();
    expect(calls.disconnect).toBe(2);
  });

  it('asks again while a partition is between leaders, and answers', async () => {
    const { admin, calls, failOnce } = fakeAdmin(
      { 'documents.ingested.v1': [{ partition: 0, high: '6', low: '0' }] },
      {},
    );
    const lag = new IndexingLag({ admin, groupId: 'g', topics: ['documents.ingested.v1'] });
    // What kafkajs throws for NOT_LEADER_OR_FOLLOWER (a KafkaJSProtocolError).
    failOnce(
      Object.assign(new Error('This server is not the leader for that topic-partition'), {
        type: 'NOT_LEADER_FOR_PARTITION',
        retriable: true,
      }),
    );
    expect(await lag.pending()).toBe(6);
    expect(calls.fetchOffsets).toBe(2);
    expect(calls.disconnect).toBe(0);
  });
});
