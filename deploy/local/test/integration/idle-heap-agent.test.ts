import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import {
  ensureJars,
  ensureKafkaClassArchive,
  freePort,
  pollUntil,
  startKafka,
  type RunningKafka,
} from '@docket/local-infra';

// Kafka runs the idle-heap agent (deploy/local/idle-heap-agent) as the stand-in does: once the broker
// is idle after some work, a full collection, reported as "kafka idle: heap committed A MB -> B MB".
// (mongo-idle-heap.test.ts shows the heap shrinking; this, that Kafka's start gives it the agent.)
describe('Kafka: the idle-heap agent', () => {
  let dir: string;
  let kafka: RunningKafka | undefined;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docket-kafka-idle-'));
  });
  afterAll(async () => {
    await kafka?.stop();
    delete process.env.DOCKET_IDLE_HEAP_CHECK_MS;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('compacts the broker once it is idle after a load, and the broker keeps every message', async () => {
    const jars = await ensureJars();
    // The run that writes the class archive goes without the agent: have it written first.
    await ensureKafkaClassArchive(jars);
    process.env.DOCKET_IDLE_HEAP_CHECK_MS = '500';
    kafka = await startKafka({ jars, dir, port: await freePort(), controllerPort: await freePort() });
    const reports = () =>
      kafka!.process.tail(500).filter((line) => /^kafka idle: heap committed \d+ MB -> \d+ MB$/.test(line));

    const client = new Kafka({ brokers: kafka.brokers, logLevel: logLevel.NOTHING });
    const producer = client.producer();
    await producer.connect();
    const value = 'x'.repeat(64 * 1024);
    for (let batch = 0; batch < 20; batch++) {
      await producer.send({
        topic: 'idle-heap',
        messages: Array.from({ length: 16 }, (_, i) => ({ key: `${i}`, value })),
      });
    }
    await producer.disconnect();
    const afterLoad = reports().length;

    // Fails (times out) unless the agent reports a compaction after the load.
    await pollUntil(() => reports().length > afterLoad, {
      timeoutMs: 60_000,
      intervalMs: 100,
      description: 'Kafka to report an idle compaction after the load',
    });
    const admin = client.admin();
    await admin.connect();
    const offsets = await admin.fetchTopicOffsets('idle-heap');
    await admin.disconnect();
    expect(offsets.reduce((sum, partition) => sum + Number(partition.high), 0)).toBe(20 * 16);
  });
});
