import { isolatedServiceEnv } from '../../src';

describe('isolatedServiceEnv', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('gives each suite the test servers and a database and Kafka namespace of its own', () => {
    process.env.MONGO_URL = 'mongodb://127.0.0.1:27027';
    process.env.KAFKA_BROKERS = '127.0.0.1:19092, 127.0.0.1:19093';
    process.env.REDIS_URL = 'redis://127.0.0.1:16379';
    const a = isolatedServiceEnv('alerts.perc');
    const b = isolatedServiceEnv('alerts.perc');
    expect(a).toMatchObject({
      MONGO_URL: 'mongodb://127.0.0.1:27027',
      KAFKA_BROKERS: '127.0.0.1:19092,127.0.0.1:19093',
      REDIS_URL: 'redis://127.0.0.1:16379',
    });
    expect(a.KAFKA_NAMESPACE).toMatch(/^alerts\.perc-[a-z0-9]+-[0-9a-f]{8}$/);
    expect(a.MONGO_DB).toBe(a.KAFKA_NAMESPACE.replace(/[-.]/g, '_'));
    expect(b.KAFKA_NAMESPACE).not.toBe(a.KAFKA_NAMESPACE);
  });

  it('says how to get the servers when they are not there', () => {
    delete process.env.MONGO_URL;
    expect(() => isolatedServiceEnv('x')).toThrow(/--selectProjects integration/);
  });
});
