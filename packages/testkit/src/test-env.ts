import { uniqueName } from './unique-name';

/** The servers the integration global setup started (or took from env), for use inside tests. */
export interface TestInfraEnv {
  mongoUrl: string;
  kafkaBrokers: string[];
  redisUrl: string;
}

export function testInfraEnv(): TestInfraEnv {
  const { MONGO_URL, KAFKA_BROKERS, REDIS_URL } = process.env;
  if (!MONGO_URL || !KAFKA_BROKERS || !REDIS_URL) {
    throw new Error(
      'MONGO_URL, KAFKA_BROKERS and REDIS_URL are not set: run integration tests with ' +
        '`npx jest --selectProjects integration` (its global setup starts the servers).',
    );
  }
  return {
    mongoUrl: MONGO_URL,
    kafkaBrokers: KAFKA_BROKERS.split(',')
      .map((b) => b.trim())
      .filter(Boolean),
    redisUrl: REDIS_URL,
  };
}

/**
 * True when the global setup started this part itself, with the local launcher or as a container
 * (false when it came from env).
 */
export function startedByLauncher(part: 'kafka' | 'mongo' | 'redis' | 'opensearch'): boolean {
  return (process.env.DOCKET_TEST_INFRA_STARTED ?? '').split(',').includes(part);
}

/** What a service under test reads from its environment to reach the test servers on names of its own. */
export interface IsolatedServiceEnv {
  MONGO_URL: string;
  KAFKA_BROKERS: string;
  REDIS_URL: string;
  /** A database of the suite's own. */
  MONGO_DB: string;
  /** The suite's unique name; also a good base for its Redis key prefixes. */
  KAFKA_NAMESPACE: string;
}

/**
 * The environment of a service a suite starts (in process, or spawned): the test servers, its own
 * database, and its own Kafka namespace, so that its topics and consumer groups are not those of other
 * suites (or of a stack running on the same servers). Everything the suite publishes for the service,
 * and every other service it starts that trades events with it, uses the same namespace.
 */
export function isolatedServiceEnv(suite: string): IsolatedServiceEnv {
  const infra = testInfraEnv();
  const name = uniqueName(suite);
  return {
    MONGO_URL: infra.mongoUrl,
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    REDIS_URL: infra.redisUrl,
    MONGO_DB: name.replace(/[-.]/g, '_'),
    KAFKA_NAMESPACE: name,
  };
}
