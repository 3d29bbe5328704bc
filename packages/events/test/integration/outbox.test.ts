import type { Consumer, Kafka, KafkaMessage } from 'kafkajs';
import { Schema, type Connection, type Model } from 'mongoose';
import type { DocumentDeleted } from '@docket/proto/src/document-events';
import {
  addOutbox,
  EventPublisher,
  newEventFields,
  OutboxRelay,
  pendingEvent,
  type PendingEvent,
  type PublishedEvents,
  type TopicDef,
} from '../../src';
import { freshTopic, testKafka, testLogger, testMongo, uniqueName, waitFor } from '../support/infra';

interface Thing {
  _id: string;
  name: string;
  pendingEvents: PendingEvent[];
}

let kafka: Kafka;
let connection: Connection;
let publisher: EventPublisher;
let Things: Model<Thing>;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  kafka = testKafka();
  connection = await testMongo();
  publisher = new EventPublisher(kafka, testLogger);
  await publisher.connect();
  const schema = new Schema<Thing>({ _id: String, name: String });
  addOutbox(schema);
  Things = connection.model<Thing>('Thing', schema);
  await Things.createIndexes();
});

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

afterAll(async () => {
  await publisher.disconnect();
  await connection.dropDatabase();
  await connection.close();
});

async function collect(topic: string): Promise<KafkaMessage[]> {
  const seen: KafkaMessage[] = [];
  const raw: Consumer = kafka.consumer({ groupId: uniqueName('reader'), maxWaitTimeInMs: 500 });
  await raw.connect();
  await raw.subscribe({ topic, fromBeginning: true });
  await raw.run({ eachMessage: async ({ message }) => void seen.push(message) });
  cleanups.push(() => raw.disconnect());
  return seen;
}

function relay(
  options: {
    intervalMs?: number;
    retryMs?: number;
    via?: EventPublisher;
    batchSize?: number;
    settleWritten?: (published: PublishedEvents[]) => Promise<void>;
  } = {},
): OutboxRelay {
  const r = new OutboxRelay({
    model: Things,
    publisher: options.via ?? publisher,
    logger: testLogger,
    intervalMs: options.intervalMs ?? 100,
    retryMs: options.retryMs,
    batchSize: options.batchSize,
    settleWritten: options.settleWritten,
  });
  cleanups.push(() => r.stop());
  return r;
}

function eventsFor(def: TopicDef<DocumentDeleted>, id: string, n: number): PendingEvent[] {
  return Array.from({ length: n }, (_, i) =>
    pendingEvent(def, { ...newEventFields(), documentId: id, reason: `step ${i}` }),
  );
}

const eventIdOf = (m: KafkaMessage) => m.headers?.event_id?.toString();

describe('OutboxRelay', () => {
  it('kick() publishes a document’s pending events in order and pulls exactly those', async () => {
    const def = await freshTopic(kafka, 'outbox');
    const seen = await collect(def.name);
    const pending = eventsFor(def, 'thing-1', 3);
    await Things.create({ _id: 'thing-1', name: 'one', pendingEvents: pending });

    await relay({ intervalMs: 60_000 }).kick(); // not started: only the kick publishes

    await waitFor(() => seen.length === 3, { what: 'three events' });
    expect(seen.map(eventIdOf)).toEqual(pending.map((p) => p.eventId));
    expect(seen.map((m) => m.key?.toString())).toEqual(['thing-1', 'thing-1', 'thing-1']);
    expect(seen.map((m) => def.decode(m.value ?? Buffer.alloc(0)).reason)).toEqual(['step 0', 'step 1', 'step 2']);
    expect((await Things.findById('thing-1').lean())?.pendingEvents).toEqual([]);
    expect((await Things.collection.indexes()).map((i) => i.name)).toContain('outbox_pending');
  });

  it("kickWritten() publishes new aggregates' events as written and pulls them, several in one batch", async () => {
    const def = await freshTopic(kafka, 'outbox');
    const seen = await collect(def.name);
    const written = ['w-1', 'w-2', 'w-3'].map((id) => ({ id, events: eventsFor(def, id, 2) }));
    await Things.insertMany(written.map((w) => ({ _id: w.id, name: w.id, pendingEvents: w.events })));

    const r = relay({ intervalMs: 60_000 }); // not started: only the kicks publish
    await Promise.all(written.map((w) => r.kickWritten([w])));

    await waitFor(() => seen.length === 6, { what: 'six events' });
    for (const w of written) {
      expect(seen.filter((m) => m.key?.toString() === w.id).map(eventIdOf)).toEqual(w.events.map((e) => e.eventId));
    }
    for (const w of written) expect((await Things.findById(w.id).lean())?.pendingEvents).toEqual([]);
  });

  it("with settleWritten, leaves kickWritten aggregates' published events to it, pulls the others itself", async () => {
    const def = await freshTopic(kafka, 'outbox');
    const seen = await collect(def.name);
    const written = ['s-1', 's-2'].map((id) => ({ id, events: eventsFor(def, id, 2) }));
    const read = { _id: 's-3', name: 's-3', pendingEvents: eventsFor(def, 's-3', 1) };
    await Things.insertMany([...written.map((w) => ({ _id: w.id, name: w.id, pendingEvents: w.events })), read]);
    const settled: PublishedEvents[] = [];

    const r = relay({ intervalMs: 60_000, settleWritten: async (published) => void settled.push(...published) });
    await Promise.all([r.kickWritten(written), r.kick(['s-3'])]);

    await waitFor(() => seen.length === 5, { what: 'five events' });
    expect(settled.map((p) => [p.id, p.eventIds]).sort()).toEqual(
      written.map((w) => [w.id, w.events.map((e) => e.eventId)]),
    );
    // Published, and left in their outboxes for settleWritten's owner to pull.
    for (const w of written)
      expect((await Things.findById(w.id).lean())?.pendingEvents.map((e) => e.eventId)).toEqual(
        w.events.map((e) => e.eventId),
      );
    expect((await Things.findById('s-3').lean())?.pendingEvents).toEqual([]);
  });

  it('keeps events added while it was publishing', async () => {
    const def = await freshTopic(kafka, 'outbox');
    const seen = await collect(def.name);
    const r = relay({ intervalMs: 50 });
    r.start();
    const first = eventsFor(def, 'thing-2', 1);
    await Things.create({ _id: 'thing-2', name: 'two', pendingEvents: first });
    const later = eventsFor(def, 'thing-2', 1);
    await Things.updateOne({ _id: 'thing-2' }, { $push: { pendingEvents: { $each: later } } });
    await waitFor(() => seen.length >= 2, { what: 'both events' });
    await waitFor(async () => (await Things.findById('thing-2').lean())?.pendingEvents.length === 0, {
      what: 'an empty outbox',
    });
    expect(new Set(seen.map(eventIdOf))).toEqual(new Set([...first, ...later].map((p) => p.eventId)));
  });

  it('publishes events left pending by a stopped relay once a new relay starts', async () => {
    const def = await freshTopic(kafka, 'outbox');
    const seen = await collect(def.name);
    const old = relay({ intervalMs: 50 });
    old.start();
    await old.stop(); // "crashed" relay: events written afterwards stay pending
    const pending = Array.from({ length: 20 }, (_, i) => ({
      _id: `t3-${i}`,
      name: `n${i}`,
      pendingEvents: eventsFor(def, `t3-${i}`, 2),
    }));
    await Things.insertMany(pending);
    expect(
      await Things.countDocuments({ _id: { $in: pending.map((p) => p._id) }, 'pendingEvents.0': { $exists: true } }),
    ).toBe(20);

    // Two relays (two service instances) race; duplicates are allowed, losses are not.
    const a = relay({ intervalMs: 50 });
    const b = relay({ intervalMs: 50 });
    a.start();
    b.start();
    const expected = pending.flatMap((p) => p.pendingEvents.map((e) => e.eventId));
    await waitFor(() => expected.every((id) => seen.some((m) => eventIdOf(m) === id)), { what: 'all 40 events' });
    await waitFor(
      async () =>
        (await Things.countDocuments({
          _id: { $in: pending.map((p) => p._id) },
          'pendingEvents.0': { $exists: true },
        })) === 0,
    );
  });

  it('after a failed publish, pulls only what went out and retries the rest on the next pass', async () => {
    const def = await freshTopic(kafka, 'outbox');
    const seen = await collect(def.name);
    let calls = 0;
    const flaky = Object.create(publisher) as EventPublisher;
    flaky.publishRaw = async (event) => {
      calls += 1;
      if (calls === 2) throw new Error('broker hiccup');
      return publisher.publishRaw(event);
    };
    const pending = eventsFor(def, 'thing-4', 3);
    await Things.create({ _id: 'thing-4', name: 'four', pendingEvents: pending });

    await relay({ intervalMs: 60_000, via: flaky }).kick();
    const left = (await Things.findById('thing-4').lean())?.pendingEvents.map((p) => p.eventId);
    expect(left).toEqual(pending.slice(1).map((p) => p.eventId));

    relay({ intervalMs: 50 }).start();
    await waitFor(() => seen.length === 3, { what: 'all three events' });
    expect(seen.map(eventIdOf)).toEqual(pending.map((p) => p.eventId));
  });

  it('a failed publish is retried by a pass within retryMs, however long the sweep interval', async () => {
    const def = await freshTopic(kafka, 'outbox');
    const seen = await collect(def.name);
    let failing = true;
    const down = Object.create(publisher) as EventPublisher;
    down.publishRaw = async (event) => {
      if (failing) throw new Error('broker down');
      return publisher.publishRaw(event);
    };
    down.publishRawMany = async (events) => {
      if (failing) throw new Error('broker down');
      return publisher.publishRawMany(events);
    };
    const r = relay({ intervalMs: 10 * 60_000, retryMs: 100, via: down });
    r.start(); // its first pass finds nothing; the next sweep is ten minutes away
    const written = ['t6-0', 't6-1'].map((id) => ({ id, events: eventsFor(def, id, 1) }));
    await Things.insertMany(written.map((w) => ({ _id: w.id, name: w.id, pendingEvents: w.events })));

    await r.kickWritten(written);
    expect((await Things.findById('t6-0').lean())?.pendingEvents).toHaveLength(1);
    failing = false;

    await waitFor(() => seen.length === 2, { what: 'both events, sent by the retry pass' });
    await waitFor(
      async () =>
        (await Things.countDocuments({ _id: { $in: ['t6-0', 't6-1'] }, 'pendingEvents.0': { $exists: true } })) === 0,
      { what: 'empty outboxes' },
    );
  });

  it('a document that cannot be published does not hold up the others', async () => {
    const def = await freshTopic(kafka, 'outbox');
    const seen = await collect(def.name);
    const stuck = Object.create(publisher) as EventPublisher;
    stuck.publishRaw = async (event) => {
      if (event.key === 't5-0') throw new Error('always fails');
      return publisher.publishRaw(event);
    };
    const docs = Array.from({ length: 5 }, (_, i) => ({
      _id: `t5-${i}`,
      name: `n${i}`,
      pendingEvents: eventsFor(def, `t5-${i}`, 1),
    }));
    await Things.insertMany(docs);

    await relay({ intervalMs: 60_000, via: stuck, batchSize: 2 }).kick(); // pages of 2: the stuck one comes first
    await waitFor(() => seen.length === 4, { what: 'the four publishable events' });
    expect(new Set(seen.map((m) => m.key?.toString()))).toEqual(new Set(['t5-1', 't5-2', 't5-3', 't5-4']));
    expect((await Things.findById('t5-0').lean())?.pendingEvents).toHaveLength(1);
  });
});
