import { Kafka, logLevel, type Consumer, type Producer } from 'kafkajs';
import { testInfraEnv, uniqueName, waitFor } from '@docket/testkit';

describe('Kafka (launcher-started KRaft broker or KAFKA_BROKERS)', () => {
  const { kafkaBrokers } = testInfraEnv();
  const kafka = new Kafka({
    clientId: uniqueName('local-infra-test'),
    brokers: kafkaBrokers,
    logLevel: logLevel.NOTHING,
  });
  let producer: Producer;
  let consumer: Consumer;

  afterEach(async () => {
    await consumer?.disconnect();
    await producer?.disconnect();
  });

  it('delivers produced messages to a consumer group, in order per key', async () => {
    const topic = uniqueName('local-infra.test');
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 3 }], waitForLeaders: true });
    await admin.disconnect();

    const received: { key: string; value: string; partition: number }[] = [];
    consumer = kafka.consumer({ groupId: uniqueName('local-infra.test-group') });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message, partition }) => {
        received.push({ key: message.key?.toString() ?? '', value: message.value?.toString() ?? '', partition });
      },
    });

    producer = kafka.producer();
    await producer.connect();
    const messages = ['a', 'b'].flatMap((key) => [1, 2, 3].map((n) => ({ key, value: `${key}${n}` })));
    await producer.send({ topic, messages });

    await waitFor(() => received.length === messages.length, {
      timeoutMs: 30_000,
      description: `${messages.length} messages on ${topic}`,
    });
    for (const key of ['a', 'b']) {
      const forKey = received.filter((m) => m.key === key);
      expect(forKey.map((m) => m.value)).toEqual([`${key}1`, `${key}2`, `${key}3`]);
      expect(new Set(forKey.map((m) => m.partition)).size).toBe(1);
    }
  });
});
