import type { Admin, Kafka } from 'kafkajs';
import { dlqTopicOf, type TopicDef } from './topics';

/** Large enough for a 5 MB document text plus envelope (the broker default is 1 MB). */
const MAX_MESSAGE_BYTES = String(16 * 1024 * 1024);

/**
 * Creates each topic and its `.dlq` twin when missing; idempotent and safe to race with other
 * processes doing the same at start ("already exists" is success). Several services start at once
 * on a fresh broker, so a topic another process is still creating can answer with a retriable
 * error (e.g. "does not host this topic-partition"): the whole check is then retried until every
 * topic has a leader, or the deadline passes.
 */
export async function ensureTopics(
  kafka: Kafka,
  defs: ReadonlyArray<Pick<TopicDef<never>, 'name'>>,
  partitions = 3,
  deadlineMs = 60_000,
): Promise<void> {
  const wanted = [...new Set(defs.flatMap((d) => [d.name, dlqTopicOf(d.name)]))];
  const admin = kafka.admin();
  await admin.connect();
  const giveUpAt = Date.now() + deadlineMs;
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await createMissing(admin, wanted, partitions);
        await admin.fetchTopicMetadata({ topics: wanted }); // throws until every topic is served
        return;
      } catch (error) {
        if (!isRetriable(error) || Date.now() > giveUpAt) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * attempt, 1000)));
      }
    }
  } finally {
    await admin.disconnect();
  }
}

async function createMissing(admin: Admin, wanted: string[], partitions: number): Promise<void> {
  const existing = new Set(await admin.listTopics());
  const missing = wanted.filter((name) => !existing.has(name));
  if (missing.length === 0) return;
  try {
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({
        topic,
        numPartitions: topic.endsWith('.dlq') ? 1 : partitions,
        replicationFactor: -1, // broker default: 1 on a single node, 3 on a cluster
        configEntries: [{ name: 'max.message.bytes', value: MAX_MESSAGE_BYTES }],
      })),
    });
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
  }
}

function isRetriable(error: unknown): boolean {
  const e = error as { retriable?: boolean; cause?: unknown; name?: string };
  if (e?.retriable === true || e?.name === 'KafkaJSNumberOfRetriesExceeded' || e?.name === 'KafkaJSTimeout')
    return true;
  return e?.cause !== undefined && isRetriable(e.cause);
}

type KafkaError = { type?: string; errors?: { type?: string }[]; cause?: unknown };

function isAlreadyExists(error: unknown): boolean {
  const e = error as KafkaError;
  if (e?.type === 'TOPIC_ALREADY_EXISTS') return true;
  if (e?.cause && isAlreadyExists(e.cause)) return true;
  return (
    Array.isArray(e?.errors) && e.errors.length > 0 && e.errors.every((inner) => inner?.type === 'TOPIC_ALREADY_EXISTS')
  );
}
