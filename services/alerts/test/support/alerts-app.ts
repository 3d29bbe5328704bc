import pino from 'pino';
import { createKafka, kafkaNamespace, topics, type Kafka } from '@docket/events';
import { isolatedServiceEnv, waitFor, type IsolatedServiceEnv } from '@docket/testkit';
import { configSchema, type Config } from '../../src/config';
import { PERCOLATOR_GROUP } from '../../src/matching/document-changes.consumer';

const silent = pino({ level: 'silent' });

type Admin = ReturnType<Kafka['admin']>;

/**
 * The environment of an alerts service for one suite: the test servers, its own database, Kafka
 * namespace (topics and consumer groups), Redis pub/sub channels and delivery queues, so that what
 * other suites publish (export notices above all, which would add e-mails and notifications) never
 * reaches it. `env` adds or replaces variables.
 */
export function alertsTestEnv(
  suite: string,
  env: Record<string, string> = {},
): IsolatedServiceEnv & Record<string, string> {
  const isolated = isolatedServiceEnv(suite);
  return {
    ...isolated,
    ALERTS_PUBSUB_PREFIX: isolated.KAFKA_NAMESPACE,
    ALERTS_QUEUE_PREFIX: `{${isolated.KAFKA_NAMESPACE}}`,
    ...env,
  };
}

/** alertsTestEnv as the service's parsed configuration, on any free gRPC port. */
export function alertsTestConfig(suite: string, env: Record<string, string> = {}): Config {
  return { ...configSchema.parse(alertsTestEnv(suite, env)), GRPC_PORT: 0 };
}

/** The topics the service of `config` consumes and produces, for the suite to publish to and read. */
export function alertsTopics(config: Pick<Config, 'KAFKA_NAMESPACE'>) {
  const names = kafkaNamespace(config.KAFKA_NAMESPACE);
  return {
    ingested: names.topic(topics.documentIngested),
    updated: names.topic(topics.documentUpdated),
    triggered: names.topic(topics.alertTriggered),
    exportCompleted: names.topic(topics.exportCompleted),
  };
}

/**
 * How far the percolator of one alerts service has got. Its group keeps no processed-event records
 * (deduplicate: false), so "handled" is read where Kafka keeps it: the group commits a batch's
 * offsets once the percolator is done with its events (hits stored and handed to delivery).
 */
export class PercolatorProgress {
  private readonly kafka: Kafka;
  private readonly groupId: string;
  private readonly topics: string[];

  constructor(config: Pick<Config, 'KAFKA_NAMESPACE' | 'KAFKA_BROKERS'>) {
    this.kafka = createKafka({ clientId: 'alerts-test-progress', brokers: config.KAFKA_BROKERS, logger: silent });
    this.groupId = kafkaNamespace(config.KAFKA_NAMESPACE).group(PERCOLATOR_GROUP);
    const { ingested, updated } = alertsTopics(config);
    this.topics = [ingested.name, updated.name];
  }

  /** Resolves once the percolator has handled every event published so far to the topics it reads. */
  async caughtUp(opts: { timeoutMs?: number } = {}): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      await waitFor(() => this.handledAll(admin), {
        description: `the percolator (${this.groupId}) to handle every event published so far`,
        ...opts,
      });
    } finally {
      await admin.disconnect();
    }
  }

  private async handledAll(admin: Admin): Promise<boolean> {
    const existing = new Set(await admin.listTopics());
    const topics = this.topics.filter((topic) => existing.has(topic));
    const committed = await admin.fetchOffsets({ groupId: this.groupId, topics });
    for (const topic of topics) {
      const next = new Map(
        (committed.find((entry) => entry.topic === topic)?.partitions ?? []).map((p) => [
          p.partition,
          Number(p.offset),
        ]),
      );
      for (const { partition, high } of await admin.fetchTopicOffsets(topic)) {
        if (Number(high) > 0 && (next.get(partition) ?? -1) < Number(high)) return false;
      }
    }
    return true;
  }
}
