import type { Kafka } from 'kafkajs';
import type { DocumentDeleted } from '@docket/proto/src/document-events';
import { BroadcastListener, EventPublisher, newEventFields } from '../../src';
import { freshTopic, testKafka, testLogger, waitFor } from '../support/infra';

let kafka: Kafka;
let publisher: EventPublisher;
const listeners: BroadcastListener[] = [];

beforeAll(async () => {
  kafka = testKafka();
  publisher = new EventPublisher(kafka, testLogger);
  await publisher.connect();
});

afterEach(async () => {
  await Promise.all(listeners.splice(0).map((listener) => listener.stop()));
});

afterAll(async () => {
  await publisher.disconnect();
});

const deleted = (documentId: string): DocumentDeleted => ({ ...newEventFields(), documentId, reason: 'test' });

/** A listener that records what it hears and when it is live. */
function listening(): {
  listener: BroadcastListener;
  heard: Array<{ documentId: string; key: string }>;
  liveChanges: boolean[];
} {
  const heard: Array<{ documentId: string; key: string }> = [];
  const liveChanges: boolean[] = [];
  const listener = new BroadcastListener({
    kafka,
    groupPrefix: 'events-test.broadcast',
    logger: testLogger,
    onLive: (live) => liveChanges.push(live),
  });
  listeners.push(listener);
  return { listener, heard, liveChanges };
}

describe('BroadcastListener (real Kafka)', () => {
  it('every process hears every new event, and says when it is live', async () => {
    const topic = await freshTopic(kafka, 'broadcast');
    await publisher.publish(topic, deleted('before-anyone-listened'));
    const first = listening();
    const second = listening();
    for (const { listener, heard } of [first, second])
      listener.on(topic, (event, key) => void heard.push({ documentId: event.documentId, key }));
    await Promise.all([first.listener.start(), second.listener.start()]);
    await waitFor(() => first.listener.isLive && second.listener.isLive, { what: 'both listeners live' });
    expect(first.liveChanges).toEqual([true]);

    await publisher.publish(topic, deleted('d1'));
    await publisher.publish(topic, deleted('d2'));
    for (const { heard } of [first, second]) {
      await waitFor(() => heard.length >= 2, { what: 'two events heard' });
      // Each process its own group: both hear both, from the newest offset on (not what came before).
      expect(heard).toEqual([
        { documentId: 'd1', key: 'd1' },
        { documentId: 'd2', key: 'd2' },
      ]);
    }

    await first.listener.stop();
    expect(first.liveChanges).toEqual([true, false]);
    expect(first.listener.isLive).toBe(false);
  });

  it('goes on hearing after a listener throws', async () => {
    const topic = await freshTopic(kafka, 'broadcast-throws');
    const { listener, heard } = listening();
    listener.on(topic, (event) => {
      if (event.documentId === 'bad') throw new Error('listener failed');
      heard.push({ documentId: event.documentId, key: '' });
    });
    await listener.start();
    await waitFor(() => listener.isLive, { what: 'listener live' });
    await publisher.publish(topic, deleted('bad'));
    await publisher.publish(topic, deleted('good'));
    await waitFor(() => heard.length === 1, { what: 'the event after the failing one' });
    expect(heard[0]?.documentId).toBe('good');
  });
});
