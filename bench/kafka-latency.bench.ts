/**
 * Kafka publish→consume latency through @docket/events on loopback (figures, never pass/fail).
 *
 *   npx tsx bench/kafka-latency.bench.ts            # starts test-profile Kafka + Mongo stand-in
 *   KAFKA_BROKERS=... MONGO_URL=... npx tsx bench/kafka-latency.bench.ts
 *   BENCH_EVENTS=5000 npx tsx bench/kafka-latency.bench.ts
 *
 * Publishes events one at a time through EventPublisher (idempotent producer, acks=all) and measures,
 * per event, the time from just before publish() to the moment the EventConsumer's handler runs
 * (including its processed-events lookup in Mongo): first with one event in flight (pure latency),
 * then back-to-back (throughput; latency then includes queueing). Writes JSON to bench/results/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import pino from 'pino';
import {
  createKafka,
  ensureTopics,
  EventConsumer,
  EventPublisher,
  newEventFields,
  renameTopic,
  topics,
} from '@docket/events';
import { startInfra, type InfraHandle } from '@docket/local-infra';

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
    infra = await startInfra({
      profile: 'test',
      env: { ...process.env, REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:1' },
    });
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
  const arrived = new Map<string, number>();
  const waiters = new Map<string, () => void>();
  const consumer = new EventConsumer({ kafka, groupId: `bench-${stamp}`, connection, logger }).on(
    topic,
    async (message) => {
      arrived.set(message.eventId, performance.now());
      waiters.get(message.eventId)?.();
    },
  );
  await consumer.start();
  const publisher = new EventPublisher(kafka, logger);
  await publisher.connect();

  const publishOne = async (i: number) => {
    const message = { ...newEventFields(), documentId: `doc-${i % 64}`, reason: 'bench' };
    const t0 = performance.now();
    sentAt.set(message.eventId, t0);
    await publisher.publish(topic, message);
    return { eventId: message.eventId, ackMs: performance.now() - t0 };
  };
  const arrival = (eventId: string) =>
    new Promise<void>((resolve) => {
      if (arrived.has(eventId)) resolve();
      else waiters.set(eventId, resolve);
    });
  const latencyOf = (ids: string[]) =>
    ids.flatMap((id) => {
      const a = arrived.get(id);
      const s = sentAt.get(id);
      return a !== undefined && s !== undefined ? [a - s] : [];
    });

  // 1. Latency: one event in flight at a time (publish, wait until the handler ran, next).
  for (let i = 0; i < WARMUP; i += 1) await arrival((await publishOne(i)).eventId);
  const serialIds: string[] = [];
  const serialAck: number[] = [];
  for (let i = 0; i < EVENTS; i += 1) {
    const { eventId, ackMs } = await publishOne(i);
    serialIds.push(eventId);
    serialAck.push(ackMs);
    await arrival(eventId);
  }

  // 2. Back-to-back: publish the next as soon as the broker acknowledged the previous one;
  //    the consumer falls behind when it cannot keep up, so this shows throughput and queueing.
  const burstIds: string[] = [];
  const burstStart = performance.now();
  for (let i = 0; i < EVENTS; i += 1) burstIds.push((await publishOne(i)).eventId);
  const publishedSeconds = (performance.now() - burstStart) / 1000;
  await Promise.race([
    Promise.all(burstIds.map(arrival)),
    new Promise((resolve) => setTimeout(resolve, 120_000).unref()),
  ]);
  const consumedSeconds = (Math.max(...burstIds.map((id) => arrived.get(id) ?? 0)) - burstStart) / 1000;

  const result = {
    benchmark: 'kafka-latency',
    at: new Date().toISOString(),
    events: EVENTS,
    warmup: WARMUP,
    oneInFlight: { publishToHandlerMs: summary(latencyOf(serialIds)), publishAckMs: summary(serialAck) },
    backToBack: {
      publishToHandlerMs: summary(latencyOf(burstIds)),
      publishedPerSecond: Math.round(EVENTS / publishedSeconds),
      consumedPerSecond: Math.round(EVENTS / consumedSeconds),
    },
    setup: {
      infra: infra ? 'started (test profile)' : 'from env',
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100,
      producer: 'idempotent, acks=all, awaiting each send',
      consumer: 'EventConsumer: processed_events lookup + record in Mongo per batch, 3 partitions',
    },
  };

  const dir = path.join(__dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `kafka-latency-${stamp}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);

  const l = result.oneInFlight.publishToHandlerMs;
  const b = result.backToBack;
  console.log(`kafka publish→consume latency, ${EVENTS} events one in flight (after ${WARMUP} warm-up):`);
  console.log(
    `  p50 ${l.p50} ms   p95 ${l.p95} ms   p99 ${l.p99} ms   max ${l.max} ms   (mean ${l.mean} ms; ` +
      `publish ack p50 ${result.oneInFlight.publishAckMs.p50} ms)`,
  );
  console.log(
    `back-to-back: published ${b.publishedPerSecond}/s, consumed ${b.consumedPerSecond}/s; ` +
      `latency p50 ${b.publishToHandlerMs.p50} ms   p99 ${b.publishToHandlerMs.p99} ms`,
  );
  console.log(
    `(load average ${result.setup.loadAverage1m} on ${result.setup.cpus} CPUs) ` +
      `written to ${path.relative(process.cwd(), file)}`,
  );

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
