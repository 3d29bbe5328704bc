import Redis from 'ioredis';
import { startedByLauncher, testInfraEnv, uniqueName } from '@docket/testkit';

describe('Redis (launcher-started redis-server or REDIS_URL)', () => {
  const { redisUrl } = testInfraEnv();
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    return redis.connect();
  });
  afterAll(async () => {
    await redis?.quit();
  });

  it('stores and expires keys, and runs Lua scripts (BullMQ needs them)', async () => {
    const key = uniqueName('{local-infra}:key');
    await redis.set(key, 'value', 'PX', 60_000);
    expect(await redis.get(key)).toBe('value');
    expect(await redis.pttl(key)).toBeGreaterThan(0);
    const result = await redis.eval("return redis.call('INCRBY', KEYS[1], ARGV[1])", 1, `${key}:n`, 5);
    expect(result).toBe(5);
    await redis.del(key, `${key}:n`);
  });

  (startedByLauncher('redis') ? it : it.skip)('is configured never to evict keys (BullMQ requirement)', async () => {
    const [, policy] = (await redis.config('GET', 'maxmemory-policy')) as [string, string];
    expect(policy).toBe('noeviction');
  });
});
