import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import type { DocumentDeleted } from '@docket/proto/src/document-events';
import { testInfraEnv, uniqueName, waitFor as waitUntil } from '@docket/testkit';
import { createKafka, ensureTopics, renameTopic, topics, type Kafka, type TopicDef } from '../../src';

export { uniqueName };

export const testLogger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export function testKafka(): Kafka {
  return createKafka({ clientId: uniqueName('test'), brokers: testInfraEnv().kafkaBrokers, logger: testLogger });
}

/** A connection to a database of its own (dropped by the suite's afterAll). */
export async function testMongo(dbName = uniqueName('events_test').replace(/-/g, '_')): Promise<Connection> {
  const connection = mongoose.createConnection(testInfraEnv().mongoUrl, { dbName, serverSelectionTimeoutMS: 10_000 });
  await connection.asPromise();
  return connection;
}

/** Polls until `check` is truthy or the deadline passes (never a blind sleep). */
export function waitFor<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 20_000, what = 'condition' } = {},
): Promise<NonNullable<T>> {
  return waitUntil(check, { timeoutMs, description: what });
}

/** A documents.deleted.v1 look-alike on a topic of its own, created and ready. */
export async function freshTopic(kafka: Kafka, prefix: string): Promise<TopicDef<DocumentDeleted>> {
  const def = renameTopic(topics.documentDeleted, `${uniqueName(prefix)}.deleted.v1`);
  await ensureTopics(kafka, [def]);
  return def;
}
