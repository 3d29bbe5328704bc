import { startInfra } from '@docket/local-infra';
import { INFRA_HANDLE_KEY, type GlobalWithInfra } from './infra-handle';

/**
 * Jest global setup for the integration project: starts Kafka, the MongoDB stand-in and Redis
 * (test profile: random ports, a temp dir, in-memory Mongo) unless KAFKA_BROKERS / MONGO_URL /
 * REDIS_URL point at real servers, and hands the addresses to the test workers through env.
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const handle = await startInfra({
    profile: 'test',
    log: (message) => process.stderr.write(`[testkit] ${message}\n`),
  });
  (globalThis as GlobalWithInfra)[INFRA_HANDLE_KEY] = handle;
  // Workers are forked after global setup and inherit this environment.
  process.env.MONGO_URL = handle.mongoUrl;
  process.env.KAFKA_BROKERS = handle.kafkaBrokers.join(',');
  process.env.REDIS_URL = handle.redisUrl;
  const startedParts = Object.entries(handle.started)
    .filter(([, mine]) => mine)
    .map(([part]) => part);
  process.env.DOCKET_TEST_INFRA_STARTED = startedParts.join(',');
  const what = startedParts.length > 0 ? `started ${startedParts.join(', ')}` : 'using servers from env';
  process.stderr.write(`\n[testkit] infrastructure ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${what})\n`);
}
