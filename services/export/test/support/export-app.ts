import { kafkaNamespace, topics } from '@docket/events';
import { isolatedServiceEnv, type IsolatedServiceEnv } from '@docket/testkit';
import { configSchema, type Config } from '../../src/config';

/**
 * The environment of an export service for one suite: the test servers, its own database, Kafka
 * namespace (topics and consumer groups) and queues. Every process of the suite's service (an API
 * process and its workers) shares it. `env` adds or replaces variables.
 */
export function exportTestEnv(
  suite: string,
  env: Record<string, string> = {},
): IsolatedServiceEnv & Record<string, string> {
  const isolated = isolatedServiceEnv(suite);
  return { ...isolated, EXPORT_QUEUE_PREFIX: `{${isolated.KAFKA_NAMESPACE}}`, ...env };
}

/** exportTestEnv as the service's parsed configuration, on any free gRPC port. */
export function exportTestConfig(suite: string, env: Record<string, string> = {}): Config {
  return { ...configSchema.parse(exportTestEnv(suite, env)), GRPC_PORT: 0 };
}

/** The topics the service of `config` consumes and produces, for the suite to publish to and read. */
export function exportTopics(config: Pick<Config, 'KAFKA_NAMESPACE'>) {
  const names = kafkaNamespace(config.KAFKA_NAMESPACE);
  return { processUpdated: names.topic(topics.processUpdated), exportCompleted: names.topic(topics.exportCompleted) };
}
