import {
  clientHost,
  CONTAINER_IMAGES,
  kafkaContainerEnv,
  MONGO_COMMAND,
  mongoContainerUrl,
  OPENSEARCH_CONTAINER_ENV,
  REDIS_COMMAND,
} from '../../src/container-infra';

describe('container definitions', () => {
  it('pins every image to a release (no floating major tags)', () => {
    expect(CONTAINER_IMAGES).toEqual({
      mongo: expect.stringMatching(/^mongo:7\.0\.\d+$/),
      kafka: expect.stringMatching(/^apache\/kafka:3\.9\.\d+$/),
      redis: expect.stringMatching(/^redis:7\.\d+\.\d+$/),
      opensearch: expect.stringMatching(/^opensearchproject\/opensearch:2\.19\.\d+$/),
    });
  });

  it('Kafka advertises the host port clients reach, keeps broker traffic inside, and matches the launcher', () => {
    const env = kafkaContainerEnv('docker-host', 40123);
    expect(env.KAFKA_ADVERTISED_LISTENERS).toBe('PLAINTEXT://docker-host:40123,BROKER://localhost:9094');
    expect(env.KAFKA_LISTENERS).toBe('PLAINTEXT://:9092,BROKER://:9094,CONTROLLER://:9093');
    expect(env.KAFKA_INTER_BROKER_LISTENER_NAME).toBe('BROKER');
    expect(env.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    // deploy/local/src/kafka.ts: 3 partitions, auto-created topics, no rebalance delay.
    expect(env).toMatchObject({
      KAFKA_NUM_PARTITIONS: '3',
      KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'true',
      KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
    });
  });

  it('MongoDB runs as a replica set and is reached directly through the mapped port, without a database name', () => {
    expect(MONGO_COMMAND).toEqual(['--replSet', 'rs0', '--bind_ip_all']);
    expect(mongoContainerUrl('localhost', 32768)).toBe('mongodb://localhost:32768/?directConnection=true');
  });

  it('Redis never evicts (BullMQ) and keeps nothing, like the launcher in tests', () => {
    expect(REDIS_COMMAND.join(' ')).toContain('--maxmemory-policy noeviction');
    expect(REDIS_COMMAND.join(' ')).toContain('--appendonly no');
  });

  it('reaches a local engine on 127.0.0.1 like the launcher, a remote one by its name', () => {
    expect(clientHost('localhost')).toBe('127.0.0.1');
    expect(clientHost('docker-host.internal')).toBe('docker-host.internal');
  });

  it('OpenSearch is one node over plain http (security plugin off)', () => {
    expect(OPENSEARCH_CONTAINER_ENV).toMatchObject({
      'discovery.type': 'single-node',
      DISABLE_SECURITY_PLUGIN: 'true',
    });
  });
});
