import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Consumer, EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { Logger } from '@docket/observability';
import { IDLE_FETCH_WAIT_MS } from './fetch-window-while-busy';
import { ProcessedEventsStore } from './processed-events.store';
import { EventPublisher } from './publisher';
import { dlqTopicOf, type TopicDef } from './topics';
import { contextFromHeaders, headersToStrings } from './trace-headers';

export interface MessageMeta {
  key: string;
  partition: number;
  offset: string;
  topic: string;
  eventId: string;
  headers: Record<string, string>;
}

export type EventHandler<T> = (message: T, meta: MessageMeta) => Promise<void>;

/** The broker answers a fetch once it holds minBytes of events for it, or after maxWaitMs with what it has. */
export interface FetchWindow {
  minBytes: number;
  maxWaitMs: number;
}

/**
 * For consumers of busy topics that need no order between topics (the alerts' percolation, process
 * progress; not the query-engine's indexer, see there). Without a window a
 * fetch returns as soon as one event is there, so during an import each event came in a batch of 1-7,
 * and every batch costs a processed-events read and write, an offset commit and a fetch: 2,000 text
 * filings made 721 batches in the alerts' percolator. With it (bench/ingest-throughput, 12 runs
 * against 4): the percolator 1.2-1.9 instead of 1.9-2.3 CPU-ms a filing, the stack a median of 23.9
 * instead of 29.3. The window applies only while events flow (fetch-window-while-busy.ts): an event
 * arriving alone is read at once and an idle member asks once a second, as without a window (with
 * the window always on, a new document's alert took 230 instead of 53 ms p50, bench/alert-latency,
 * and an idle member asked five times a second).
 */
export const BUSY_TOPIC_FETCH_WINDOW: FetchWindow = { minBytes: 64 * 1024, maxWaitMs: 200 };

/**
 * Handles the new events of one fetched batch at once (e.g. one index transaction for all of them).
 * If it keeps failing, the events are handled one by one with the per-event handler instead, so one
 * bad event is dead-lettered alone.
 */
export type BatchEventHandler<T> = (messages: Array<{ message: T; meta: MessageMeta }>) => Promise<void>;

export interface EventConsumerOptions {
  kafka: Kafka;
  groupId: string;
  connection: Connection;
  logger: Logger;
  /** Handler attempts before the message is dead-lettered (default 3). */
  maxAttempts?: number;
  /** Delay before the second attempt; doubles each time, capped at 2 s (default 100 ms). */
  retryBackoffMs?: number;
  /** Upper bound of a fetch long-poll (default IDLE_FETCH_WAIT_MS); a fetchWindow's maxWaitMs replaces it. */
  maxWaitTimeInMs?: number;
  /** For a busy topic: gather events into larger batches (BUSY_TOPIC_FETCH_WINDOW). Default: none. */
  fetchWindow?: FetchWindow;
  /** How long processed-event records are kept; longer than the topics' retention (default 14 days). */
  keepProcessedMs?: number;
  /** How long the group waits for this member's heartbeat before it takes its partitions (default 10 s). */
  sessionTimeoutMs?: number;
  /**
   * Whether an event the group has handled is skipped when it comes again (default true): each
   * batch then costs a look-up and a record of its event ids. False only for handlers whose effects
   * are keyed so that running one twice changes nothing (see NO_RECORDS).
   */
  deduplicate?: boolean;
}

type EventRecords = Pick<ProcessedEventsStore, 'init' | 'which' | 'recordMany' | 'pruneOlderThan'>;

/**
 * The records of a group that does not deduplicate: nothing is skipped, nothing written. A redelivered
 * or republished event runs its handler again, which must then add nothing.
 */
const NO_RECORDS: EventRecords = {
  init: async () => undefined,
  which: async () => new Set<string>(),
  recordMany: async () => undefined,
  pruneOlderThan: async () => 0,
};

/**
 * A member that died without leaving (SIGKILL, a lost machine) keeps its partitions this long, and
 * its successor's join waits that long for the group to rebalance: 10 s rather than kafkajs' 30 s, so
 * a restarted service catches up sooner. Safe because heartbeats go on while a batch is handled
 * (handleBatch); a member that still misses them is only replaced, and its events are handled again
 * by the next one (deduplicated on event_id), never lost.
 */
export const DEFAULT_SESSION_TIMEOUT_MS = 10_000;
const HEARTBEAT_INTERVAL_MS = 2_000;

const DAY_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

interface Registration {
  def: TopicDef<unknown>;
  handler: EventHandler<unknown>;
  batchHandler?: BatchEventHandler<unknown>;
}

type Decoded =
  | { ok: true; message: KafkaMessage; decoded: unknown; eventId: string; meta: MessageMeta }
  | { ok: false; message: KafkaMessage; error: unknown };

const tracer = trace.getTracer('@docket/events');

/**
 * Consumes events for one consumer group. Per message: decode (undecodable → DLQ), skip when the
 * group already processed this event_id, run the handler with bounded retries (still failing → DLQ),
 * record the event_id, and only then let the offset be committed. A crash between handling and
 * committing re-delivers the message; the processed-events record absorbs it.
 */
export class EventConsumer {
  private readonly registrations = new Map<string, Registration>();
  private readonly processed: EventRecords;
  private readonly dlq: EventPublisher;
  private readonly logger: Logger;
  private readonly maxAttempts: number;
  private readonly retryBackoffMs: number;
  private consumer: Consumer | undefined;
  private joinedOnce: Promise<void> | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: EventConsumerOptions) {
    this.logger = options.logger.child({ consumerGroup: options.groupId });
    this.processed = options.deduplicate === false ? NO_RECORDS : new ProcessedEventsStore(options.connection);
    this.dlq = new EventPublisher(options.kafka, this.logger);
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 3);
    this.retryBackoffMs = options.retryBackoffMs ?? 100;
  }

  on<T>(def: TopicDef<T>, handler: EventHandler<T>): this {
    if (this.consumer) throw new Error('register handlers before start()');
    this.registrations.set(def.name, { def: def as TopicDef<unknown>, handler: handler as EventHandler<unknown> });
    return this;
  }

  /**
   * Like `on`, but the new events of each fetched batch go to `batchHandler` together; `handler`
   * takes them one by one only when the batch keeps failing (to dead-letter the bad one alone).
   */
  onBatch<T>(def: TopicDef<T>, batchHandler: BatchEventHandler<T>, handler: EventHandler<T>): this {
    this.on(def, handler);
    (this.registrations.get(def.name) as Registration).batchHandler = batchHandler as BatchEventHandler<unknown>;
    return this;
  }

  /**
   * Connects and subscribes; joining the group goes on in the background (`joined()`). A restarted
   * service's join waits until the group has given up on its dead predecessor (the session timeout),
   * and nothing else the service does needs to wait for it: its events stay in Kafka until it has
   * joined and caught up.
   */
  async start(): Promise<void> {
    if (this.consumer) return;
    if (this.registrations.size === 0) throw new Error('no handlers registered');
    await this.processed.init();
    await this.dlq.connect();
    const consumer = this.options.kafka.consumer({
      groupId: this.options.groupId,
      sessionTimeout: this.options.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS,
      heartbeatInterval: HEARTBEAT_INTERVAL_MS,
      // Long-poll bound: without a window new messages return at once, but stop() waits for the poll in flight.
      maxWaitTimeInMs: this.options.fetchWindow?.maxWaitMs ?? this.options.maxWaitTimeInMs ?? IDLE_FETCH_WAIT_MS,
      minBytes: this.options.fetchWindow?.minBytes ?? 1,
      // A crash restarts the consumer, unless it came from stop() closing the connections under a join
      // still in progress: restarting then would bring back a member nobody stops.
      retry: { retries: 10, restartOnFailure: async () => this.consumer === consumer },
    });
    this.consumer = consumer;
    this.joinedOnce = new Promise<void>((resolve) => {
      const off = consumer.on(consumer.events.GROUP_JOIN, () => {
        off();
        this.logger.info({ topics: [...this.registrations.keys()] }, 'event consumer joined its group');
        resolve();
      });
    });
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (this.consumer !== consumer) return; // stopped while joining: the join's closed connection
      this.logger.error({ err: payload.error, restart: payload.restart }, 'kafka consumer crashed');
    });
    await consumer.connect();
    // fromBeginning applies only to a group without committed offsets: a new group sees history.
    await consumer.subscribe({ topics: [...this.registrations.keys()], fromBeginning: true });
    // kafkajs' run() resolves only once the member has joined; its own failures go to the CRASH event.
    void consumer
      .run({
        autoCommit: true, // commits resolved offsets only, i.e. messages already handled
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: 3,
        eachBatch: (payload) => this.handleBatch(payload),
      })
      .catch((error: unknown) => this.logger.error({ err: error }, 'kafka consumer did not start'));
    this.pruneTimer = setInterval(() => void this.prune(), PRUNE_EVERY_MS).unref();
    void this.prune();
    this.logger.info({ topics: [...this.registrations.keys()] }, 'event consumer started; joining its group');
  }

  /** Resolves once this member has first joined its group and been given its partitions. */
  joined(): Promise<void> {
    if (!this.joinedOnce) return Promise.reject(new Error('not started'));
    return this.joinedOnce;
  }

  /** Finishes the message in hand, commits, leaves the group. */
  async stop(): Promise<void> {
    const consumer = this.consumer;
    if (!consumer) return;
    this.consumer = undefined;
    clearInterval(this.pruneTimer);
    await consumer.disconnect();
    await this.dlq.disconnect();
    this.logger.info('event consumer stopped');
  }

  /**
   * One fetched batch of one partition, in order. The processed-events lookup and the recording are
   * one query each for the whole batch, so a consumer that fell behind catches up with few round
   * trips; offsets are resolved only after the messages were handled and recorded (or dead-lettered).
   */
  private async handleBatch(payload: EachBatchPayload): Promise<void> {
    // kafkajs heartbeats between fetches and when asked to: a batch handler running past the session
    // timeout would otherwise cost this member its partitions. A failed beat (a rebalance) is left to
    // the loop's own heartbeat() to report.
    const beating = setInterval(() => void payload.heartbeat().catch(() => undefined), HEARTBEAT_INTERVAL_MS);
    try {
      await this.handleBatchItems(payload);
    } finally {
      clearInterval(beating);
    }
  }

  private async handleBatchItems(payload: EachBatchPayload): Promise<void> {
    const { batch, resolveOffset, heartbeat, isRunning, isStale } = payload;
    const registration = this.registrations.get(batch.topic);
    if (!registration) return;
    const items = batch.messages.map((message) => this.decode(registration, batch.topic, batch.partition, message));
    const eventIds = items.flatMap((item) => (item.ok ? [item.eventId] : []));
    const done = await this.processed.which(this.options.groupId, eventIds);
    const handled: string[] = [];
    let lastOffset: string | undefined;
    if (registration.batchHandler && isRunning() && !isStale()) {
      const fresh = this.freshItems(items, done);
      if (fresh.length > 0 && (await this.processTogether(registration.batchHandler, fresh))) {
        // Recorded before the offsets are resolved, as below; the per-event loop then skips them.
        await this.processed.recordMany(
          this.options.groupId,
          fresh.map((item) => item.eventId),
          batch.topic,
        );
        for (const item of fresh) done.add(item.eventId);
      }
    }
    try {
      for (const item of items) {
        if (!isRunning() || isStale()) break; // stopping or rebalanced: the rest is re-delivered
        if (!item.ok) {
          await this.deadLetter(batch.topic, batch.partition, item.message, item.error, 0);
        } else if (done.has(item.eventId)) {
          this.logger.debug(
            { topic: batch.topic, offset: item.message.offset, eventId: item.eventId },
            'event already processed; skipping',
          );
        } else {
          if (await this.process(registration, item)) handled.push(item.eventId);
          done.add(item.eventId); // the same event twice in one batch
        }
        lastOffset = item.message.offset;
        await heartbeat();
      }
    } finally {
      // Recorded after the handlers succeeded, offsets resolved after the records: a crash in
      // between re-delivers, and the handlers run again (at least once, never lost).
      if (handled.length > 0) await this.processed.recordMany(this.options.groupId, handled, batch.topic);
      if (lastOffset !== undefined) resolveOffset(lastOffset);
    }
  }

  /** The decoded items not yet processed by the group, each event once. */
  private freshItems(items: Decoded[], done: Set<string>): Array<Extract<Decoded, { ok: true }>> {
    const seen = new Set<string>();
    const fresh: Array<Extract<Decoded, { ok: true }>> = [];
    for (const item of items) {
      if (!item.ok || done.has(item.eventId) || seen.has(item.eventId)) continue;
      seen.add(item.eventId);
      fresh.push(item);
    }
    return fresh;
  }

  /** Runs the batch handler with the same bounded retries; false when it kept failing (the caller goes one by one). */
  private async processTogether(
    batchHandler: BatchEventHandler<unknown>,
    items: Array<Extract<Decoded, { ok: true }>>,
  ): Promise<boolean> {
    const messages = items.map((item) => ({ message: item.decoded, meta: item.meta }));
    const first = items[0]?.meta as MessageMeta;
    const failure = await this.runWithRetries(() => batchHandler(messages), undefined, {
      ...first,
      eventId: `${items.length} events`,
    });
    if (failure)
      this.logger.warn(
        { topic: first.topic, events: items.length, err: failure },
        'batch handler kept failing; handling the events one by one',
      );
    return failure === undefined;
  }

  private decode(registration: Registration, topic: string, partition: number, message: KafkaMessage): Decoded {
    const headers = headersToStrings(message.headers);
    try {
      const decoded = registration.def.decode(message.value ?? Buffer.alloc(0));
      const eventId = registration.def.eventIdOf(decoded) || headers.event_id || '';
      if (!eventId) throw new Error('event has no event_id');
      const meta: MessageMeta = {
        key: message.key?.toString() ?? '',
        partition,
        offset: message.offset,
        topic,
        eventId,
        headers,
      };
      return { ok: true, message, decoded, eventId, meta };
    } catch (error) {
      this.logger.warn({ topic, partition, offset: message.offset, err: error }, 'undecodable event; dead-lettering');
      return { ok: false, message, error };
    }
  }

  /** Runs the handler with retries; true when it succeeded, false when the message was dead-lettered. */
  private async process(registration: Registration, item: Extract<Decoded, { ok: true }>): Promise<boolean> {
    const { meta, eventId } = item;
    const error = await tracer.startActiveSpan(
      `${meta.topic} process`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.system': 'kafka',
          'messaging.destination.name': meta.topic,
          'messaging.message.id': eventId,
          'messaging.consumer.group.name': this.options.groupId,
        },
      },
      contextFromHeaders(item.message.headers),
      async (span) => {
        const failure = await this.runWithRetries(registration.handler, item.decoded, meta);
        if (failure) span.setStatus({ code: SpanStatusCode.ERROR, message: errorMessage(failure) });
        span.end();
        return failure;
      },
    );
    if (error) {
      this.logger.error(
        {
          topic: meta.topic,
          partition: meta.partition,
          offset: meta.offset,
          eventId,
          err: error,
          attempts: this.maxAttempts,
        },
        'event handler kept failing; dead-lettering',
      );
      await this.deadLetter(meta.topic, meta.partition, item.message, error, this.maxAttempts);
      return false;
    }
    return true;
  }

  private async prune(): Promise<void> {
    const cutoff = new Date(Date.now() - (this.options.keepProcessedMs ?? 14 * DAY_MS));
    try {
      const removed = await this.processed.pruneOlderThan(this.options.groupId, cutoff);
      if (removed > 0) this.logger.info({ removed, cutoff }, 'pruned old processed-event records');
    } catch (error) {
      this.logger.warn({ err: error }, 'could not prune processed-event records');
    }
  }

  /** Returns undefined on success, else the last error. */
  private async runWithRetries(handler: EventHandler<unknown>, decoded: unknown, meta: MessageMeta): Promise<unknown> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= this.maxAttempts; attempt += 1) {
      try {
        await handler(decoded, meta);
        return undefined;
      } catch (error) {
        lastError = error;
        this.logger.warn({ topic: meta.topic, eventId: meta.eventId, attempt, err: error }, 'event handler failed');
        if (attempt < this.maxAttempts) {
          await delay(Math.min(2_000, this.retryBackoffMs * 2 ** (attempt - 1)));
        }
      }
    }
    return lastError ?? new Error('handler failed');
  }

  /** The original bytes and headers plus why and when, to `<topic>.dlq`. */
  private async deadLetter(
    topic: string,
    partition: number,
    message: KafkaMessage,
    error: unknown,
    attempts: number,
  ): Promise<void> {
    await this.dlq.sendAsIs(dlqTopicOf(topic), {
      key: message.key,
      value: message.value,
      headers: {
        ...message.headers,
        'x-error': errorMessage(error).slice(0, 1000),
        'x-failed-at': new Date().toISOString(),
        'x-original-topic': topic,
        'x-original-partition': String(partition),
        'x-original-offset': message.offset,
        'x-consumer-group': this.options.groupId,
        'x-attempts': String(attempts),
      },
    });
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
