import { startInfra } from '@docket/local-infra';
import { testInfraEnv } from '@docket/testkit';

describe('startInfra with MONGO_URL / KAFKA_BROKERS / REDIS_URL set', () => {
  it('starts nothing and hands back the given servers', async () => {
    const { mongoUrl, kafkaBrokers, redisUrl } = testInfraEnv();
    const messages: string[] = [];
    const infra = await startInfra({
      profile: 'test',
      env: { MONGO_URL: mongoUrl, KAFKA_BROKERS: kafkaBrokers.join(','), REDIS_URL: redisUrl },
      log: (m) => messages.push(m),
    });
    try {
      expect(infra.started).toEqual({ kafka: false, mongo: false, redis: false });
      expect(infra.processes).toEqual([]);
      expect({ mongoUrl: infra.mongoUrl, kafkaBrokers: infra.kafkaBrokers, redisUrl: infra.redisUrl }).toEqual({
        mongoUrl,
        kafkaBrokers,
        redisUrl,
      });
      expect(messages).toEqual([]);
    } finally {
      await infra.stop();
    }
  });
});
