import type { Connection } from 'mongoose';
import { kafkaNamespace, ProcessedEventsStore, topics } from '@docket/events';
import { isolatedServiceEnv, waitFor, type IsolatedServiceEnv } from '@docket/testkit';
import { configSchema, type Config } from '../../src/config';
import { PERCOLATOR_GROUP } from '../../src/matching/document-changes.consumer';

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
 * What the percolator of one alerts service has handled, read where its consumer group records every
 * event it handled (the idempotency record, written once the percolator is done with the event: its
 * hits stored and handed to delivery). `connection` is to the service's database.
 */
export class PercolatorRecords {
  private readonly store: ProcessedEventsStore;
  private readonly groupId: string;

  constructor(connection: Connection, config: Pick<Config, 'KAFKA_NAMESPACE'>) {
    this.store = new ProcessedEventsStore(connection);
    this.groupId = kafkaNamespace(config.KAFKA_NAMESPACE).group(PERCOLATOR_GROUP);
  }

  /** Resolves once the percolator has handled the event with this id. */
  async handled(eventId: string, opts: { timeoutMs?: number } = {}): Promise<void> {
    await waitFor(() => this.store.has(this.groupId, eventId), {
      description: `the percolator to handle event ${eventId}`,
      ...opts,
    });
  }
}
