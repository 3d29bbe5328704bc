import { kafkaNamespace, topics } from '@docket/events';
import { isolatedServiceEnv } from '@docket/testkit';
import { DEFAULT_QUERY_COMPLETED_TOPIC } from '../../src/ask/query-completed.event';
import { configSchema, type Config } from '../../src/config';
import { DEFAULT_DOCUMENT_TOPICS } from '../../src/indexing/document-events.consumer';

/**
 * The query-engine's configuration for one suite, on any free gRPC port: the test servers, its own
 * database, Kafka namespace (topics and consumer groups) and re-index queue. `env` adds or replaces
 * variables (DATA_DIR, DOCUMENTS_GRPC, …). A restart with the same configuration is the same service.
 */
export function queryEngineTestConfig(suite: string, env: Record<string, string> = {}): Config {
  const isolated = isolatedServiceEnv(suite);
  const parsed = configSchema.parse({
    ...isolated,
    QUERY_ENGINE_QUEUE_PREFIX: `{${isolated.KAFKA_NAMESPACE}}`,
    ...env,
  });
  return { ...parsed, GRPC_PORT: 0 };
}

/** The topics the service of `config` consumes and produces, for the suite to publish to and read. */
export function queryEngineTopics(config: Pick<Config, 'KAFKA_NAMESPACE'>) {
  const names = kafkaNamespace(config.KAFKA_NAMESPACE);
  return {
    documents: names.topics(DEFAULT_DOCUMENT_TOPICS),
    processUpdated: names.topic(topics.processUpdated),
    queryCompleted: names.topic(DEFAULT_QUERY_COMPLETED_TOPIC),
  };
}
