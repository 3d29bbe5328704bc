import { createKafka, ensureTopics, EventPublisher, newEventFields, renameTopic, topics } from '@docket/events';
import { createLogger } from '@docket/observability';
import { testInfraEnv, uniqueName } from '@docket/testkit';
import { IndexingLag } from '../../src/indexing/indexing-lag';

jest.setTimeout(60_000);

const logger = createLogger('indexing-lag-test', process.env.TEST_LOG_LEVEL ?? 'silent');

describe('IndexingLag (real Kafka)', () => {
  const infra = testInfraEnv();
  const kafka = createKafka({ clientId: 'indexing-lag-test', brokers: infra.kafkaBrokers, logger });
  const deleted = renameTopic(topics.documentDeleted, uniqueName('lag.documents.deleted'));
  const groupId = uniqueName('lag.indexer');
  const publisher = new EventPublisher(kafka, logger);
  const admin = kafka.admin();

  beforeAll(async () => {
    await ensureTopics(kafka, [deleted]);
    await publisher.connect();
    await admin.connect();
  });

  afterAll(async () => {
    await publisher.disconnect();
    await admin.disconnect();
  });

  it('counts the events the group has not committed, partition by partition', async () => {
    const lagOf = () => new IndexingLag({ admin: kafka.admin(), groupId, topics: [deleted.name] });
    const fresh = lagOf();
    expect(await fresh.pending()).toBe(0);
    await fresh.close();

    for (let i = 0; i < 7; i += 1)
      await publisher.publish(deleted, { ...newEventFields(), documentId: `doc-${i}`, reason: 'withdrawn' });
    const ends = await admin.fetchTopicOffsets(deleted.name);
    expect(ends.reduce((sum, p) => sum + Number(p.high), 0)).toBe(7);

    // A group that has committed nothing reads every partition from its start: all seven are pending.
    const before = lagOf();
    expect(await before.pending()).toBe(7);
    await before.close();

    // The group commits past everything but the last event of the fullest partition.
    const fullest = ends.reduce((a, b) => (Number(b.high) > Number(a.high) ? b : a));
    await admin.setOffsets({
      groupId,
      topic: deleted.name,
      partitions: ends.map((p) => ({
        partition: p.partition,
        offset: p.partition === fullest.partition ? String(Number(p.high) - 1) : p.high,
      })),
    });
    const after = lagOf();
    expect(await after.pending()).toBe(1);
    await after.close();
  });
});
