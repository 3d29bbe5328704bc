import { randomBytes } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { createKafka, type Kafka } from '../../src';

/** Set by the testkit global setup (real Kafka + MongoDB stand-in), or given by the caller. */
export function infraEnv(): { brokers: string[]; mongoUrl: string } {
  const brokers = process.env.KAFKA_BROKERS;
  const mongoUrl = process.env.MONGO_URL;
  if (!brokers || !mongoUrl) throw new Error('KAFKA_BROKERS and MONGO_URL must be set (testkit global setup does this)');
  return { brokers: brokers.split(','), mongoUrl };
}

export const testLogger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** Unique per call, so suites and tests never share topics, groups or databases. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

export function testKafka(): Kafka {
  return createKafka({ clientId: uniqueName('test'), brokers: infraEnv().brokers, logger: testLogger });
}

export async function testMongo(dbName = uniqueName('events_test').replace(/-/g, '_')): Promise<Connection> {
  const connection = mongoose.createConnection(infraEnv().mongoUrl, { dbName, serverSelectionTimeoutMS: 10_000 });
  await connection.asPromise();
  return connection;
}

/** Polls `check` until it returns truthy or the deadline passes (never a blind sleep). */
export async function waitFor<T>(check: () => T | Promise<T>, { timeoutMs = 20_000, intervalMs = 50, what = 'condition' } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
