import type { StartedTestContainer } from 'testcontainers';
import { freePort } from '@docket/local-infra';
import type { ContainerPart } from './infra-choice';

/** Pinned images: the same servers production runs (DESIGN.md §3, "with Docker"). */
export const CONTAINER_IMAGES: Record<ContainerPart, string> = {
  mongo: 'mongo:7.0.14',
  kafka: 'apache/kafka:3.9.1',
  redis: 'redis:7.4.1',
  opensearch: 'opensearchproject/opensearch:2.19.1',
};

export const MONGO_REPLICA_SET = 'rs0';

/** mongod as a single-node replica set (what production runs), so tests see a primary. */
export const MONGO_COMMAND = ['--replSet', MONGO_REPLICA_SET, '--bind_ip_all'];

/**
 * Run with mongosh inside the container once mongod listens: initiates the replica set (unless it
 * is) and waits, bounded, until this node is the writable primary.
 */
export const MONGO_INIT_SCRIPT = [
  'try { rs.status(); } catch (e) {',
  `  rs.initiate({ _id: '${MONGO_REPLICA_SET}', members: [{ _id: 0, host: 'localhost:27017' }] });`,
  '}',
  'const deadline = Date.now() + 60000;',
  'while (!db.hello().isWritablePrimary) {',
  "  if (Date.now() > deadline) throw new Error('replica set has no primary after 60 s');",
  '  sleep(100);',
  '}',
].join('\n');

/**
 * The client sees the mapped port, not the member's own address, so it connects directly instead of
 * discovering the set (no database name: suites pass their own, as with the launcher's URL).
 */
export function mongoContainerUrl(host: string, port: number): string {
  return `mongodb://${host}:${port}/?directConnection=true`;
}

/** Same broker settings as the local launcher's server.properties (deploy/local/src/kafka.ts). */
export function kafkaContainerEnv(advertisedHost: string, hostPort: number): Record<string, string> {
  return {
    KAFKA_NODE_ID: '1',
    KAFKA_PROCESS_ROLES: 'broker,controller',
    KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
    // PLAINTEXT for the suites on the host (advertised on the fixed host port), BROKER inside.
    KAFKA_LISTENERS: 'PLAINTEXT://:9092,BROKER://:9094,CONTROLLER://:9093',
    KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://${advertisedHost}:${hostPort},BROKER://localhost:9094`,
    KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,BROKER:PLAINTEXT',
    KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
    KAFKA_INTER_BROKER_LISTENER_NAME: 'BROKER',
    KAFKA_LOG_DIRS: '/tmp/kraft-combined-logs',
    KAFKA_NUM_PARTITIONS: '3',
    KAFKA_DEFAULT_REPLICATION_FACTOR: '1',
    KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
    KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS: '10',
    KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
    KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
    KAFKA_MIN_INSYNC_REPLICAS: '1',
    KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
    KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'true',
    KAFKA_HEAP_OPTS: '-Xmx512m -Xms128m',
  };
}

/** Same as the launcher's test Redis: nothing persisted, never evict (BullMQ needs that). */
export const REDIS_COMMAND = ['redis-server', '--appendonly', 'no', '--save', '', '--maxmemory-policy', 'noeviction'];

/** One node, no security plugin (plain http, as `npm run opensearch`), small heap. */
export const OPENSEARCH_CONTAINER_ENV: Record<string, string> = {
  'discovery.type': 'single-node',
  DISABLE_SECURITY_PLUGIN: 'true',
  DISABLE_INSTALL_DEMO_CONFIG: 'true',
  OPENSEARCH_JAVA_OPTS: '-Xms512m -Xmx512m',
};

/** The launcher's addresses use 127.0.0.1; so do these when the engine is local ("localhost"). */
export function clientHost(runtimeHost: string): string {
  return runtimeHost === 'localhost' ? '127.0.0.1' : runtimeHost;
}

export interface ContainerInfra {
  /** Set for each part started here; the others came from env. */
  mongoUrl?: string;
  kafkaBrokers?: string;
  redisUrl?: string;
  opensearchUrl?: string;
  started: ContainerPart[];
  /** Stops every container started here. */
  stop(): Promise<void>;
}

interface StartedPart {
  part: ContainerPart;
  url: string;
  container: StartedTestContainer;
}

const STARTUP_TIMEOUT_MS: Record<ContainerPart, number> = {
  mongo: 120_000,
  kafka: 120_000,
  redis: 60_000,
  opensearch: 240_000,
};

/**
 * Starts the given parts as containers, in parallel. When one fails, the others are stopped and the
 * error names every part that failed: there is no fallback from here.
 */
export async function startContainerInfra(
  parts: ContainerPart[],
  log: (message: string) => void,
): Promise<ContainerInfra> {
  const { GenericContainer, Wait, getContainerRuntimeClient } = await import('testcontainers');
  const host = clientHost((await getContainerRuntimeClient()).info.containerRuntime.host);

  const startPart = async (part: ContainerPart): Promise<StartedPart> => {
    const began = Date.now();
    const image = CONTAINER_IMAGES[part];
    const base = new GenericContainer(image).withStartupTimeout(STARTUP_TIMEOUT_MS[part]);
    let started: StartedPart;
    switch (part) {
      case 'mongo': {
        const container = await base
          .withCommand(MONGO_COMMAND)
          .withExposedPorts(27017)
          .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/i))
          .start();
        const init = await container.exec(['mongosh', '--quiet', '--eval', MONGO_INIT_SCRIPT]);
        if (init.exitCode !== 0) {
          await container.stop().catch(() => undefined);
          throw new Error(`mongo: initiating the replica set failed (exit ${init.exitCode}): ${init.output.trim()}`);
        }
        started = { part, container, url: mongoContainerUrl(host, container.getMappedPort(27017)) };
        break;
      }
      case 'kafka': {
        // The broker advertises the address clients use, so the host port is fixed before start.
        const hostPort = await freePort('0.0.0.0');
        const container = await base
          .withEnvironment(kafkaContainerEnv(host, hostPort))
          .withExposedPorts({ container: 9092, host: hostPort })
          .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
          .start();
        started = { part, container, url: `${host}:${hostPort}` };
        break;
      }
      case 'redis': {
        const container = await base
          .withCommand(REDIS_COMMAND)
          .withExposedPorts(6379)
          .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
          .start();
        started = { part, container, url: `redis://${host}:${container.getMappedPort(6379)}` };
        break;
      }
      case 'opensearch': {
        const container = await base
          .withEnvironment(OPENSEARCH_CONTAINER_ENV)
          .withExposedPorts(9200)
          .withWaitStrategy(Wait.forHttp('/_cluster/health?wait_for_status=yellow&timeout=1s', 9200).forStatusCode(200))
          .start();
        started = { part, container, url: `http://${host}:${container.getMappedPort(9200)}` };
        break;
      }
    }
    log(`${part} container ready in ${((Date.now() - began) / 1000).toFixed(1)} s (${image}, ${started.url})`);
    return started;
  };

  const results = await Promise.allSettled(parts.map(startPart));
  const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const stop = async () => {
    await Promise.allSettled(ok.map((s) => s.container.stop()));
  };
  const failures = results.flatMap((r, i) => {
    if (r.status !== 'rejected') return [];
    const reason = r.reason instanceof Error ? r.reason.message : String(r.reason);
    return [`${parts[i]} (${CONTAINER_IMAGES[parts[i] as ContainerPart]}): ${reason}`];
  });
  if (failures.length > 0) {
    await stop();
    throw new Error(`testcontainers: could not start ${failures.join('; ')}`);
  }

  const url = (part: ContainerPart) => ok.find((s) => s.part === part)?.url;
  return {
    mongoUrl: url('mongo'),
    kafkaBrokers: url('kafka'),
    redisUrl: url('redis'),
    opensearchUrl: url('opensearch'),
    started: ok.map((s) => s.part),
    stop,
  };
}
