import { ConfigError, kafkaEnv, loadConfig, mongoEnv, port, z } from '../../src';

const schema = z.object({ ...mongoEnv, ...kafkaEnv, GRPC_PORT: port(50051) });

describe('loadConfig', () => {
  it('parses and applies defaults', () => {
    const config = loadConfig(schema, { MONGO_URL: 'mongodb://127.0.0.1:27027', KAFKA_BROKERS: 'a:1, b:2' });
    expect(config).toEqual({
      MONGO_URL: 'mongodb://127.0.0.1:27027',
      KAFKA_BROKERS: ['a:1', 'b:2'],
      KAFKA_NAMESPACE: '',
      KAFKA_TOPIC_PARTITIONS: 3,
      GRPC_PORT: 50051,
    });
  });

  it('takes the partitions of the topics a service creates as a whole number from 1 to 64', () => {
    const env = { MONGO_URL: 'mongodb://127.0.0.1:27027', KAFKA_BROKERS: 'a:1' };
    expect(loadConfig(schema, { ...env, KAFKA_TOPIC_PARTITIONS: '4' }).KAFKA_TOPIC_PARTITIONS).toBe(4);
    for (const bad of ['0', '65', '2.5', 'four'])
      expect(() => loadConfig(schema, { ...env, KAFKA_TOPIC_PARTITIONS: bad })).toThrow(/KAFKA_TOPIC_PARTITIONS/);
  });

  it('takes a Kafka namespace of topic-name characters, and refuses others', () => {
    const env = { MONGO_URL: 'mongodb://127.0.0.1:27027', KAFKA_BROKERS: 'a:1' };
    expect(loadConfig(schema, { ...env, KAFKA_NAMESPACE: 'staging.eu-1' }).KAFKA_NAMESPACE).toBe('staging.eu-1');
    for (const bad of ['a b', 'a/b', '.a', 'a.', 'a..b'])
      expect(() => loadConfig(schema, { ...env, KAFKA_NAMESPACE: bad })).toThrow(/KAFKA_NAMESPACE/);
  });

  it('lists every problem at once, naming each variable', () => {
    let caught: unknown;
    try {
      loadConfig(schema, { MONGO_URL: 'postgres://x', GRPC_PORT: '70000' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toMatch(/MONGO_URL: must be a mongodb:\/\/ URL/);
    expect(problems).toMatch(/KAFKA_BROKERS/);
    expect(problems).toMatch(/GRPC_PORT/);
  });
});
