/** Tries of one question while a partition is between leaders (about 1 s of waiting in all). */
const LEADER_RETRIES = 5;
/** Kafka's answers while a partition's leader is being chosen or moved: worth asking again shortly. */
const LEADER_CHANGING = new Set(['NOT_LEADER_FOR_PARTITION', 'LEADER_NOT_AVAILABLE']);

/** The part of a kafkajs admin client that IndexingLag uses. */
export interface LagAdmin {
  connect(): Promise<void>;
  disconnect(): Promise<void>;
  fetchOffsets(options: {
    groupId: string;
    topics: string[];
  }): Promise<Array<{ topic: string; partitions: Array<{ partition: number; offset: string }> }>>;
  fetchTopicOffsets(topic: string): Promise<Array<{ partition: number; high: string; low: string }>>;
}

/**
 * How many events on the document topics the indexer's consumer group has not applied yet: per
 * partition, the topic's end offset minus the group's committed one (the start of the partition's
 * retained log for a group that has committed nothing there). The consumer commits after each
 * batch it has indexed, so this is what the index has still to take in.
 *
 * Two Kafka round trips answer it, whatever the size of the corpus (counting documents in the
 * MongoDB stand-in instead scanned the whole collection: 10 s at 20,000 filings). Answers are kept
 * for `maxAgeMs` and callers arriving meanwhile share one request, so a busy search page costs Kafka
 * at most one question a second.
 */
export class IndexingLag {
  private connected: Promise<void> | undefined;
  private inFlight: Promise<number> | undefined;
  private last: { pending: number; at: number } | undefined;

  constructor(
    private readonly deps: {
      admin: LagAdmin;
      groupId: string;
      topics: string[];
      maxAgeMs?: number;
      now?: () => number;
    },
  ) {}

  /** Events not yet indexed; rejects when Kafka cannot be asked. */
  async pending(): Promise<number> {
    const now = (this.deps.now ?? Date.now)();
    if (this.last && now - this.last.at < (this.deps.maxAgeMs ?? 1000)) return this.last.pending;
    this.inFlight ??= this.ask().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  async close(): Promise<void> {
    const connected = this.connected;
    this.connected = undefined;
    if (connected)
      await connected.then(
        () => this.deps.admin.disconnect(),
        () => undefined,
      );
  }

  /**
   * The group's committed offsets and the topics' ends. kafkajs' admin gives up at once when a
   * partition is between leaders (a topic just made, a broker restarting), so that is asked again;
   * any other failure (Kafka down: kafkajs has retried already) is the caller's at once.
   */
  private async readOffsets() {
    const { admin, groupId, topics } = this.deps;
    for (let attempt = 1; ; attempt++) {
      try {
        return await Promise.all([
          admin.fetchOffsets({ groupId, topics }),
          Promise.all(topics.map((topic) => admin.fetchTopicOffsets(topic))),
        ]);
      } catch (error) {
        if (attempt >= LEADER_RETRIES || !isLeaderChanging(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  private async ask(): Promise<number> {
    try {
      this.connected ??= this.deps.admin.connect();
      await this.connected;
      const [committed, ends] = await this.readOffsets();
      const committedOf = new Map(
        committed.flatMap(({ topic, partitions }) =>
          partitions.map((p) => [`${topic}/${p.partition}`, Number(p.offset)] as const),
        ),
      );
      let pending = 0;
      this.deps.topics.forEach((topic, i) => {
        for (const { partition, high, low } of ends[i] ?? []) {
          const offset = committedOf.get(`${topic}/${partition}`) ?? -1;
          // -1: nothing committed on this partition, so the group reads it from its start (as it
          // does past events that retention has removed).
          const next = Math.max(offset, Number(low));
          pending += Math.max(0, Number(high) - next);
        }
      });
      this.last = { pending, at: (this.deps.now ?? Date.now)() };
      return pending;
    } catch (error) {
      // The next question connects again (the broker may have restarted).
      const connected = this.connected;
      this.connected = undefined;
      await connected
        ?.then(
          () => this.deps.admin.disconnect(),
          () => undefined,
        )
        .catch(() => undefined);
      throw error;
    }
  }
}

function isLeaderChanging(error: unknown): boolean {
  const e = error as { type?: string; cause?: unknown } | undefined;
  return LEADER_CHANGING.has(e?.type ?? '') || (e?.cause !== undefined && isLeaderChanging(e.cause));
}
