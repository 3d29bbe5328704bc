import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Consumer, Kafka } from 'kafkajs';
import type { Logger } from '@docket/observability';
import type { FetchWindow } from './consumer';
import { IDLE_FETCH_WAIT_MS } from './fetch-window-while-busy';
import type { TopicDef } from './topics';

export interface BroadcastListenerOptions {
  kafka: Kafka;
  /** `<consumer service>.<purpose>`; each process adds its own suffix (see the class comment). */
  groupPrefix: string;
  logger: Logger;
  /**
   * Told when the listener starts hearing every new event (true) and when it may miss some (false:
   * crashed, rebalancing, stopped). Whoever relies on hearing of every change trusts it only in between.
   */
  onLive?: (live: boolean) => void;
  /**
   * For a busy topic: hear its events in larger batches while they flow, each up to maxWaitMs late
   * (BUSY_TOPIC_FETCH_WINDOW).
   */
  fetchWindow?: FetchWindow;
}

type Listener<T> = (message: T, key: string) => void;

/**
 * Hears the new events of some topics in this process, for in-memory state that must learn of
 * changes (a cache): unlike EventConsumer, every process hears every event, so each process is a
 * consumer group of its own (`<prefix>.<host>.<pid>.<random>`), starting at the newest offset and
 * committing nothing, with no processed-event records and no dead letters. What it missed while it
 * was not live it never hears, which is why `onLive` says when that was.
 */
export class BroadcastListener {
  private readonly listeners = new Map<string, { def: TopicDef<unknown>; listener: Listener<unknown> }>();
  private consumer: Consumer | undefined;
  private live = false;

  constructor(private readonly options: BroadcastListenerOptions) {}

  on<T>(def: TopicDef<T>, listener: Listener<T>): this {
    if (this.consumer) throw new Error('register listeners before start()');
    this.listeners.set(def.name, { def: def as TopicDef<unknown>, listener: listener as Listener<unknown> });
    return this;
  }

  get isLive(): boolean {
    return this.live;
  }

  /** Connects and subscribes; `onLive(true)` follows once the first fetch has fixed the offsets. */
  async start(): Promise<void> {
    if (this.consumer) return;
    const groupId = `${this.options.groupPrefix}.${hostname()}.${process.pid}.${randomUUID().slice(0, 8)}`;
    const consumer = this.options.kafka.consumer({
      groupId,
      sessionTimeout: 30_000,
      heartbeatInterval: 3_000,
      maxWaitTimeInMs: this.options.fetchWindow?.maxWaitMs ?? IDLE_FETCH_WAIT_MS,
      minBytes: this.options.fetchWindow?.minBytes ?? 1,
      retry: { retries: 10 },
    });
    this.consumer = consumer;
    const { events } = consumer;
    // Live from the first fetch after joining: only then are the partitions' starting offsets
    // (the newest at that moment) fixed, so every later event is heard.
    let joined = false;
    consumer.on(events.GROUP_JOIN, () => {
      joined = true;
    });
    consumer.on(events.FETCH, () => {
      if (joined) this.setLive(true);
    });
    const down = () => {
      joined = false;
      this.setLive(false);
    };
    consumer.on(events.REBALANCING, down);
    consumer.on(events.STOP, down);
    consumer.on(events.DISCONNECT, down);
    consumer.on(events.CRASH, ({ payload }) => {
      this.options.logger.warn(
        { err: payload.error, restart: payload.restart },
        'broadcast listener crashed; not live until it rejoins',
      );
      down();
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [...this.listeners.keys()], fromBeginning: false });
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ topic, message }) => {
        const entry = this.listeners.get(topic);
        if (!entry) return;
        try {
          entry.listener(entry.def.decode(message.value ?? Buffer.alloc(0)), message.key?.toString() ?? '');
        } catch (error) {
          // A listener's failure must not stop the others from hearing later events.
          this.options.logger.warn(
            { topic, offset: message.offset, err: error },
            'broadcast listener failed on an event',
          );
        }
      },
    });
  }

  async stop(): Promise<void> {
    const consumer = this.consumer;
    if (!consumer) return;
    this.consumer = undefined;
    await consumer.disconnect();
    this.setLive(false);
  }

  private setLive(live: boolean): void {
    if (live === this.live) return;
    this.live = live;
    this.options.onLive?.(live);
  }
}
