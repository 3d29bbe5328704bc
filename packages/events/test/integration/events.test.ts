import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { Partitioners, type Consumer, type Kafka, type KafkaMessage, type Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { DocumentDeleted } from '@docket/proto/src/document-events';
import { dlqTopicOf, EventConsumer, EventPublisher, newEventFields, type MessageMeta, type TopicDef } from '../../src';
import { ProcessedEventsStore } from '../../src/processed-events.store';
import { freshTopic, testKafka, testLogger, testMongo, uniqueName, waitFor } from '../support/infra';

let kafka: Kafka;
let connection: Connection;
let publisher: EventPublisher;
let rawProducer: Producer;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(new BasicTracerProvider());
  kafka = testKafka();
  connection = await testMongo();
  publisher = new EventPublisher(kafka, testLogger);
  await publisher.connect();
  rawProducer = kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
  await rawProducer.connect();
});

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

afterAll(async () => {
  await publisher.disconnect();
  await rawProducer.disconnect();
  await connection.dropDatabase();
  await connection.close();
});

function deleted(documentId: string): DocumentDeleted {
  return { ...newEventFields(), documentId, reason: 'test' };
}

function consumer(groupId: string, opts: { maxAttempts?: number; deduplicate?: boolean } = {}): EventConsumer {
  const c = new EventConsumer({ kafka, groupId, connection, logger: testLogger, retryBackoffMs: 20, ...opts });
  cleanups.push(() => c.stop());
  return c;
}

/** Reads a topic from the beginning with a plain kafkajs consumer (to look inside DLQs). */
async function collect(topic: string): Promise<KafkaMessage[]> {
  const seen: KafkaMessage[] = [];
  const raw: Consumer = kafka.consumer({ groupId: uniqueName('reader'), maxWaitTimeInMs: 500 });
  await raw.connect();
  await raw.subscribe({ topic, fromBeginning: true });
  await raw.run({ eachMessage: async ({ message }) => void seen.push(message) });
  cleanups.push(() => raw.disconnect());
  return seen;
}

describe('EventPublisher → EventConsumer', () => {
  it('delivers a message with its key, event id and the publisher’s trace context', async () => {
    const def = await freshTopic(kafka, 'test');
    const received: Array<{ message: DocumentDeleted; meta: MessageMeta; traceId?: string }> = [];
    await consumer(uniqueName('group'))
      .on(def, async (message, meta) => {
        received.push({ message, meta, traceId: trace.getSpanContext(context.active())?.traceId });
      })
      .start();

    const event = deleted('doc-42');
    const span = trace.getTracer('test').startSpan('publish');
    await context.with(trace.setSpan(context.active(), span), () => publisher.publish(def, event));
    span.end();

    await waitFor(() => received.length === 1, { what: 'the event' });
    const [got] = received;
    expect(got?.message).toEqual(event);
    expect(got?.meta.key).toBe('doc-42');
    expect(got?.meta.eventId).toBe(event.eventId);
    expect(got?.meta.headers.event_id).toBe(event.eventId);
    expect(got?.meta.headers['content-type']).toBe('application/x-protobuf');
    expect(got?.meta.headers.traceparent).toMatch(new RegExp(`^00-${span.spanContext().traceId}-[0-9a-f]{16}-0[01]$`));
    // The handler runs inside the producer's trace.
    expect(got?.traceId).toBe(span.spanContext().traceId);
  });

  it('processes the same event delivered twice only once', async () => {
    const def = await freshTopic(kafka, 'test');
    const handled: string[] = [];
    const c = consumer(uniqueName('group')).on(def, async (m) => void handled.push(m.eventId));
    await c.start();

    const event = deleted('doc-dup');
    const marker = deleted('doc-marker');
    await publisher.publish(def, event);
    await publisher.publish(def, event); // redelivery, e.g. an outbox relay publishing twice
    await publisher.publish(def, marker); // same key → same partition → after both copies
    await waitFor(() => handled.includes(marker.eventId), { what: 'the marker event' });
    // Same key: the marker follows both copies in the partition, so both copies were seen.
    await waitFor(
      async () =>
        (await connection
          .collection('processed_events')
          .countDocuments({ eventId: { $in: [event.eventId, marker.eventId] } })) === 2,
    );
    expect(handled.filter((id) => id === event.eventId)).toHaveLength(1);
  });

  it('without deduplication, hands an event that comes again over again and records nothing', async () => {
    const def = await freshTopic(kafka, 'test');
    const groupId = uniqueName('group');
    const handled: string[] = [];
    await consumer(groupId, { deduplicate: false })
      .on(def, async (m) => void handled.push(m.eventId))
      .start();

    const event = deleted('doc-again');
    await publisher.publish(def, event);
    await waitFor(() => handled.length === 1, { what: 'the event' });
    await publisher.publish(def, event); // again once handled, e.g. an outbox relay publishing twice
    await waitFor(() => handled.length === 2, { what: 'the event a second time' });
    expect(handled).toEqual([event.eventId, event.eventId]);
    expect(await connection.collection('processed_events').countDocuments({ groupId })).toBe(0);
  });

  it('dead-letters an undecodable message and keeps consuming', async () => {
    const def = await freshTopic(kafka, 'test');
    const handled: string[] = [];
    await consumer(uniqueName('group'))
      .on(def, async (m) => void handled.push(m.documentId))
      .start();
    const dlq = await collect(dlqTopicOf(def.name));

    await rawProducer.send({
      topic: def.name,
      messages: [{ key: 'poison', value: Buffer.from([0xff, 0xff, 0xff]), headers: { origin: 'test' } }],
    });
    const good = deleted('poison'); // same key → same partition → queued right behind the poison
    await publisher.publish(def, good);

    await waitFor(() => handled.includes('poison'), { what: 'the good message after the poison' });
    const dead = await waitFor(() => dlq[0], { what: 'the DLQ message' });
    expect(Buffer.compare(dead.value ?? Buffer.alloc(0), Buffer.from([0xff, 0xff, 0xff]))).toBe(0);
    expect(dead.key?.toString()).toBe('poison');
    expect(dead.headers?.origin?.toString()).toBe('test');
    expect(dead.headers?.['x-original-topic']?.toString()).toBe(def.name);
    expect(dead.headers?.['x-error']?.toString()).toBeTruthy();
    expect(new Date(dead.headers?.['x-failed-at']?.toString() ?? '').getTime()).not.toBeNaN();
    expect(handled).toEqual(['poison']);
  });

  it('retries a failing handler maxAttempts times, then dead-letters the original message', async () => {
    const def = await freshTopic(kafka, 'test');
    const attempts = new Map<string, number>();
    const handled: string[] = [];
    await consumer(uniqueName('group'), { maxAttempts: 3 })
      .on(def, async (m) => {
        attempts.set(m.documentId, (attempts.get(m.documentId) ?? 0) + 1);
        if (m.documentId === 'bad') throw new Error('cannot handle bad');
        handled.push(m.documentId);
      })
      .start();
    const dlq = await collect(dlqTopicOf(def.name));

    const bad = deleted('bad');
    await publisher.publish(def, bad);
    await publisher.publish(def, deleted('good'));

    const dead = await waitFor(() => dlq[0], { what: 'the DLQ message' });
    await waitFor(() => handled.includes('good'), { what: 'the next message' });
    expect(attempts.get('bad')).toBe(3);
    expect(def.decode(dead.value ?? Buffer.alloc(0))).toEqual(bad);
    expect(dead.headers?.event_id?.toString()).toBe(bad.eventId);
    expect(dead.headers?.['x-error']?.toString()).toBe('cannot handle bad');
    expect(dead.headers?.['x-attempts']?.toString()).toBe('3');
    // Not recorded as processed: a replay from the DLQ would be handled.
    expect(await connection.collection('processed_events').countDocuments({ eventId: bad.eventId })).toBe(0);
  });

  it('hands a fetched batch to an onBatch handler together, each event once (published many per request)', async () => {
    const def = await freshTopic(kafka, 'test');
    const events = Array.from({ length: 20 }, (_, i) => deleted(`batch-${i % 4}`));
    // Published before the consumer starts, so its first fetches hold several events each.
    await publisher.publishRawMany(
      events.map((event) => ({
        topic: def.name,
        key: def.keyOf(event),
        eventId: event.eventId,
        payload: def.encode(event),
      })),
    );
    const batchSizes: number[] = [];
    const handled: string[] = [];
    await consumer(uniqueName('group'))
      .onBatch(
        def,
        async (messages) => {
          batchSizes.push(messages.length);
          for (const { message } of messages) handled.push(message.eventId);
        },
        async () => {
          throw new Error('the per-event handler is only for failing batches');
        },
      )
      .start();
    await waitFor(() => handled.length >= events.length, { what: 'every event' });
    expect([...handled].sort()).toEqual(events.map((event) => event.eventId).sort());
    expect(Math.max(...batchSizes)).toBeGreaterThan(1);
    await waitFor(
      async () =>
        (await connection
          .collection('processed_events')
          .countDocuments({ eventId: { $in: events.map((e) => e.eventId) } })) === events.length,
    );
  });

  /** A consumer of `def` with a window of windowMs and more bytes than the events hold (a busy fetch waits it out). */
  async function windowedConsumer(
    def: TopicDef<DocumentDeleted>,
    windowMs: number,
    onBatch: (messages: Array<{ message: DocumentDeleted }>) => void,
  ): Promise<void> {
    const windowed = new EventConsumer({
      kafka,
      groupId: uniqueName('group'),
      connection,
      logger: testLogger,
      fetchWindow: { minBytes: 1024 * 1024, maxWaitMs: windowMs },
    });
    cleanups.push(() => windowed.stop());
    await windowed
      .onBatch(
        def,
        async (messages) => onBatch(messages),
        async () => {
          throw new Error('the per-event handler is only for failing batches');
        },
      )
      .start();
    await windowed.joined();
  }

  it('with a fetch window, gathers events published one at a time into one batch', async () => {
    const WINDOW_MS = 1_500;
    const def = await freshTopic(kafka, 'test');
    const batchSizes: number[] = [];
    await windowedConsumer(def, WINDOW_MS, (messages) => void batchSizes.push(messages.length));
    // One key, so one partition. The input is a stream of events 60 ms apart: without a window the
    // consumer fetched each as it came, in as many batches.
    const events = Array.from({ length: 10 }, () => ({ ...deleted('one-key'), documentId: 'one-key' }));
    const firstSentAt = Date.now();
    for (const event of events) {
      await publisher.publish(def, event);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    const sendingMs = Date.now() - firstSentAt;
    await waitFor(() => batchSizes.reduce((sum, size) => sum + size, 0) >= events.length, { what: 'every event' });
    // The first event alone (an idle member reads it at once), then one batch per window the sending
    // spanned: two when the sending took under the window (~0.6 s), more only on a slow machine.
    expect(batchSizes.length).toBeLessThanOrEqual(Math.ceil(sendingMs / WINDOW_MS) + 1);
  });

  it('with a fetch window, hands an event arriving alone over at once, not when the window ends', async () => {
    const WINDOW_MS = 4_000;
    const def = await freshTopic(kafka, 'test');
    const handledAt: number[] = [];
    await windowedConsumer(def, WINDOW_MS, (messages) => void handledAt.push(...messages.map(() => Date.now())));
    const sentAt = Date.now();
    await publisher.publish(def, deleted('alone'));
    await waitFor(() => handledAt.length === 1, { what: 'the event', timeoutMs: WINDOW_MS * 2 });
    // Held for the window, it would have come after 4 s; an idle member's fetch returns with the first event.
    expect((handledAt[0] as number) - sentAt).toBeLessThan(WINDOW_MS / 2);
  });

  it('goes one by one when a batch keeps failing: the bad event dead-lettered alone, the others handled', async () => {
    const def = await freshTopic(kafka, 'test');
    const key = uniqueName('key');
    const events = ['a', 'bad', 'b'].map((name) => ({ ...deleted(name), documentId: name }));
    await publisher.publishRawMany(
      events.map((event) => ({ topic: def.name, key, eventId: event.eventId, payload: def.encode(event) })),
    );
    const one: string[] = [];
    await consumer(uniqueName('group'), { maxAttempts: 2 })
      .onBatch(
        def,
        async (messages) => {
          if (messages.some(({ message }) => message.documentId === 'bad')) throw new Error('batch with bad');
          for (const { message } of messages) one.push(message.documentId);
        },
        async (message) => {
          if (message.documentId === 'bad') throw new Error('cannot handle bad');
          one.push(message.documentId);
        },
      )
      .start();
    const dlq = await collect(dlqTopicOf(def.name));
    const dead = await waitFor(() => dlq[0], { what: 'the DLQ message' });
    await waitFor(() => one.includes('b'), { what: 'the event after the bad one' });
    expect(def.decode(dead.value ?? Buffer.alloc(0)).documentId).toBe('bad');
    expect(one.filter((id) => id === 'a')).toHaveLength(1);
    expect(one).not.toContain('bad');
  });

  it('loses no event when a consumer stops mid-stream and a new one takes over the group', async () => {
    const def = await freshTopic(kafka, 'test');
    const groupId = uniqueName('group');
    const counts = new Map<string, number>();
    const handler = async (m: DocumentDeleted) => {
      counts.set(m.eventId, (counts.get(m.eventId) ?? 0) + 1);
      await new Promise((resolve) => setImmediate(resolve));
    };

    const events = Array.from({ length: 200 }, (_, i) => deleted(`doc-${i % 17}`));
    const first = new EventConsumer({ kafka, groupId, connection, logger: testLogger });
    await first.on(def, handler).start();
    const publishing = (async () => {
      for (const event of events) await publisher.publish(def, event);
    })();
    await waitFor(() => counts.size >= 50, { what: '50 handled events' });
    await first.stop(); // mid-stream: the rest is still being published
    const handledByFirst = counts.size;
    await publishing;
    expect(handledByFirst).toBeLessThan(200);

    await consumer(groupId).on(def, handler).start();
    await waitFor(() => counts.size === 200, { timeoutMs: 40_000, what: 'all 200 events' });
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(counts.keys())).toEqual(new Set(events.map((e) => e.eventId)));
  });

  it('records processed events in bulk, tolerating ones another consumer recorded first', async () => {
    const store = new ProcessedEventsStore(connection);
    await store.init();
    const groupId = uniqueName('group');
    await store.record(groupId, 'b', 't');
    await store.recordMany(groupId, ['a', 'b', 'c'], 't');
    expect([...(await store.which(groupId, ['a', 'b', 'c', 'd']))].sort()).toEqual(['a', 'b', 'c']);
    expect(await connection.collection('processed_events').countDocuments({ groupId })).toBe(3);
    expect(await store.pruneOlderThan(groupId, new Date(Date.now() + 1000))).toBe(3);
    expect(await store.which(groupId, ['a', 'b', 'c'])).toEqual(new Set());
  });

  it('shares the work between two consumers of one group, each event handled once', async () => {
    const def = await freshTopic(kafka, 'test');
    const groupId = uniqueName('group');
    const byInstance: Array<Map<string, number>> = [new Map(), new Map()];
    const handler = (i: 0 | 1) => async (m: DocumentDeleted) =>
      void byInstance[i]!.set(m.eventId, (byInstance[i]!.get(m.eventId) ?? 0) + 1);
    // Both members in the group before the events arrive, so that it shares them out.
    for (const i of [0, 1] as const) {
      const member = consumer(groupId).on(def, handler(i));
      await member.start();
      await member.joined();
    }
    const events = Array.from({ length: 60 }, (_, i) => deleted(`doc-${i}`));
    for (const event of events) await publisher.publish(def, event);
    const total = () => byInstance[0]!.size + byInstance[1]!.size;
    await waitFor(() => total() >= 60, { what: 'all 60 events' });
    const counts = new Map<string, number>();
    for (const map of byInstance) for (const [id, n] of map) counts.set(id, (counts.get(id) ?? 0) + n);
    expect(counts.size).toBe(60);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(byInstance.map((m) => m.size > 0)).toEqual([true, true]);
  });
});
