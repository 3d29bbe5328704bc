/**
 * Kafka publish→consume latency through @docket/events on loopback (figures, never pass/fail).
 *
 *   npx tsx bench/kafka-latency.bench.ts            # starts test-profile Kafka + Mongo stand-in
 *   KAFKA_BROKERS=... MONGO_URL=... npx tsx bench/kafka-latency.bench.ts
 *   BENCH_EVENTS=5000 npx tsx bench/kafka-latency.bench.ts
 *
 * Publishes events one at a time (await each send: idempotent producer, acks=all) and measures,
 * per event, the time from just before publish() to the moment the EventConsumer's handler runs —
 * which includes the consumer's idempotency lookup in Mongo. Writes JSON to bench/results/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import pino from 'pino';
import { startInfra, type InfraHandle } from '@docket/local-infra';
import { createKafka, ensureTopics, EventConsumer, EventPublisher, newEventFields, renameTopic, topics } from '@docket/events';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const WARMUP = Math.min(100, Math.floor(EVENTS / 10));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    count: sorted.length,
    mean: round(sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length)),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

async function main(): Promise<void> {
  const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
  let infra: InfraHandle | undefined;
  if (!process.env.KAFKA_BROKERS || !process.env.MONGO_URL) {
    // Redis is not needed here; a dummy URL keeps the launcher from starting one.
    infra = await startInfra({ profile: 'test', env: { ...process.env, REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:1' } });
  }
  const brokers = infra?.kafkaBrokers ?? (process.env.KAFKA_BROKERS ?? '').split(',');
  const mongoUrl = infra?.mongoUrl ?? process.env.MONGO_URL ?? '';
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const topic = renameTopic(topics.documentDeleted, `bench.latency-${Date.now().toString(36)}.v1`);
  const dbName = `bench_${Date.now().toString(36)}`;

  const kafka = createKafka({ clientId: 'bench', brokers, logger });
  const connection = mongoose.createConnection(mongoUrl, { dbName });
  await connection.asPromise();
  await ensureTopics(kafka, [topic]);

  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const publishMs: number[] = [];
  let received = 0;
  let allReceived: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allReceived = resolve));

  const consumer = new EventConsumer({ kafka, groupId: `bench-${stamp}`, connection, logger, maxWaitTimeInMs: Number(process.env.BENCH_MAX_WAIT ?? 1000) }).on(topic, async (message) => {
    const at = performance.now();
    const start = sentAt.get(message.eventId);
    if (start !== undefined) latencies.push(at - start);
    received += 1;
    if (received === EVENTS + WARMUP) allReceived();
  });
  await consumer.start();
  const publisher = new EventPublisher(kafka, logger);
  await publisher.connect();

  const wall = performance.now();
  for (let i = 0; i < EVENTS + WARMUP; i += 1) {
    const message = { ...newEventFields(), documentId: `doc-${i % 64}`, reason: 'bench' };
    const t0 = performance.now();
    if (i >= WARMUP) sentAt.set(message.eventId, t0);
    await publisher.publish(topic, message);
    if (i >= WARMUP) publishMs.push(performance.now() - t0);
  }
  const timeout = setTimeout(() => allReceived(), 60_000);
  await done;
  clearTimeout(timeout);
  const wallSeconds = (performance.now() - wall) / 1000;

  const result = {
    benchmark: 'kafka-latency',
    at: new Date().toISOString(),
    events: EVENTS,
    warmup: WARMUP,
    received: latencies.length,
    throughputPerSecond: Math.round((EVENTS + WARMUP) / wallSeconds),
    publishToHandlerMs: summary(latencies),
    publishAckMs: summary(publishMs),
    setup: {
      infra: infra ? 'started (test profile)' : 'from env',
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      producer: 'idempotent, acks=all, one event at a time',
      consumer: 'EventConsumer (processed_events lookup in Mongo before the handler)',
    },
  };

  const dir = path.join(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `kafka-latency-${stamp}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);

  const l = result.publishToHandlerMs;
  console.log(`kafka publish→consume latency over ${l.count} events (after ${WARMUP} warm-up):`);
  console.log(`  p50 ${l.p50} ms   p95 ${l.p95} ms   p99 ${l.p99} ms   max ${l.max} ms   (mean ${l.mean} ms)`);
  console.log(`  publish ack: p50 ${result.publishAckMs.p50} ms   p99 ${result.publishAckMs.p99} ms;  ${result.throughputPerSecond} events/s sequential`);
  console.log(`  written to ${path.relative(process.cwd(), file)}`);

  await consumer.stop();
  await publisher.disconnect();
  await connection.dropDatabase().catch(() => undefined);
  await connection.close();
  await infra?.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
