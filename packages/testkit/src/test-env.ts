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
