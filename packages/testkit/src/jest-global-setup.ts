import { startInfra, startTestOpenSearch, startTestS3 } from '@docket/local-infra';
import { startContainerInfra } from './container-infra';
import { probeDockerEngine } from './docker-probe';
import { chooseTestInfra, containerPartsToStart } from './infra-choice';
import { INFRA_HANDLE_KEY, type GlobalWithInfra, type StoppableInfra } from './infra-handle';

const log = (message: string) => process.stderr.write(`[testkit] ${message}\n`);

/**
 * Jest global setup for the integration project. TEST_INFRA (auto | containers | local, see
 * infra-choice.ts) picks who starts what env does not provide (KAFKA_BROKERS / MONGO_URL /
 * REDIS_URL / OPENSEARCH_URL): real containers through testcontainers where a Docker engine
 * answers, otherwise the local launcher (test profile: random ports, a temp dir, in-memory MongoDB
 * stand-in, one OpenSearch node from Maven Central jars, unless TEST_OPENSEARCH=off, as
 * TEST_OPENSEARCH_URL, and one S3-compatible server, unless TEST_S3=off, as TEST_S3_URL). The
 * addresses reach the test workers through env.
 */
export default async function globalSetup(): Promise<void> {
  const began = Date.now();
  const choice = await chooseTestInfra(process.env, probeDockerEngine);
  process.stderr.write('\n');
  log(`infrastructure: ${choice.summary}`);
  const { handle, startedParts } = choice.kind === 'containers' ? await startContainers() : await startLocal();
  (globalThis as GlobalWithInfra)[INFRA_HANDLE_KEY] = handle;
  // Workers are forked after global setup and inherit this environment.
  process.env.DOCKET_TEST_INFRA_STARTED = startedParts.join(',');
  const what = startedParts.length > 0 ? `started ${startedParts.join(', ')}` : 'using servers from env';
  log(`infrastructure ready in ${((Date.now() - began) / 1000).toFixed(1)} s (${what})`);
}

async function startLocal(): Promise<{ handle: StoppableInfra; startedParts: string[] }> {
  const wantOpenSearch = !process.env.OPENSEARCH_URL && process.env.TEST_OPENSEARCH !== 'off';
  const wantS3 = process.env.TEST_S3 !== 'off';
  const [infra, opensearch, s3] = await Promise.allSettled([
    startInfra({ profile: 'test', log }),
    wantOpenSearch ? startTestOpenSearch(log) : Promise.resolve(undefined),
    wantS3 ? startTestS3(log) : Promise.resolve(undefined),
  ]);
  if (infra.status === 'rejected' || opensearch.status === 'rejected' || s3.status === 'rejected') {
    if (infra.status === 'fulfilled') await infra.value.stop();
    if (opensearch.status === 'fulfilled') await opensearch.value?.stop();
    if (s3.status === 'fulfilled') await s3.value?.stop();
    throw [infra, opensearch, s3].flatMap((started) => (started.status === 'rejected' ? [started.reason] : []))[0];
  }
  const handle = infra.value;
  process.env.MONGO_URL = handle.mongoUrl;
  process.env.KAFKA_BROKERS = handle.kafkaBrokers.join(',');
  process.env.REDIS_URL = handle.redisUrl;
  const startedParts = Object.entries(handle.started)
    .filter(([, mine]) => mine)
    .map(([part]) => part);
  const node = opensearch.value;
  if (node) {
    // Not OPENSEARCH_URL: services a test starts with this env would all switch to one shared index.
    process.env.TEST_OPENSEARCH_URL = node.url;
    startedParts.push('opensearch');
    log(`opensearch ready in ${node.readySeconds.toFixed(1)} s at ${node.url}`);
  }
  const objects = s3.value;
  if (objects) {
    // Not BLOB_STORE / *_S3_ENDPOINT: every service a test starts would switch to S3; suites opt in.
    process.env.TEST_S3_URL = objects.url;
    startedParts.push('s3');
    log(`s3 ready in ${objects.readySeconds.toFixed(1)} s at ${objects.url}`);
  }
  return {
    handle: { stop: async () => void (await Promise.all([handle.stop(), node?.stop(), objects?.stop()])) },
    startedParts,
  };
}

async function startContainers(): Promise<{ handle: StoppableInfra; startedParts: string[] }> {
  const handle = await startContainerInfra(containerPartsToStart(process.env), log);
  if (handle.mongoUrl) process.env.MONGO_URL = handle.mongoUrl;
  if (handle.kafkaBrokers) process.env.KAFKA_BROKERS = handle.kafkaBrokers;
  if (handle.redisUrl) process.env.REDIS_URL = handle.redisUrl;
  if (handle.opensearchUrl) process.env.OPENSEARCH_URL = handle.opensearchUrl;
  return { handle, startedParts: handle.started };
}
