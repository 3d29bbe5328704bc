import { kafkaNamespace, topics } from '@docket/events';
import { isolatedServiceEnv, type IsolatedServiceEnv } from '@docket/testkit';
import { configSchema, type Config } from '../../../src/config';
import { DEFAULT_DOCUMENTS_TOPICS } from '../../../src/documents/document-changes.event';

/**
 * The environment of a documents service for one suite: the test servers, its own database, Kafka
 * namespace (the topics it publishes to) and import queue. `env` adds or replaces variables.
 */
export function documentsTestEnv(
  suite: string,
  env: Record<string, string> = {},
): IsolatedServiceEnv & Record<string, string> {
  const isolated = isolatedServiceEnv(suite);
  return { ...isolated, QUEUE_PREFIX: `{${isolated.KAFKA_NAMESPACE}}`, ...env };
}

/** documentsTestEnv as the service's parsed configuration, on any free gRPC port. */
export function documentsTestConfig(suite: string, env: Record<string, string> = {}): Config {
  return { ...configSchema.parse(documentsTestEnv(suite, env)), GRPC_PORT: 0 };
}

/** The topics the service of `config` publishes to, for the suite to read. */
export function documentsTopics(config: Pick<Config, 'KAFKA_NAMESPACE'>) {
  const names = kafkaNamespace(config.KAFKA_NAMESPACE);
  return { ...names.topics(DEFAULT_DOCUMENTS_TOPICS), processUpdated: names.topic(topics.processUpdated) };
}
