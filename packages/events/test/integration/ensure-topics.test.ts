import { ensureTopics } from '../../src';
import { testKafka, uniqueName } from '../support/infra';

describe('ensureTopics', () => {
  it('lets several processes create the same fresh topics at once, each ending with every topic served', async () => {
    const defs = Array.from({ length: 4 }, (_, i) => ({ name: `${uniqueName('race')}-${i}.v1` }));
    // Five "services" starting together on the same broker, like npm start does.
    await Promise.all(Array.from({ length: 5 }, () => ensureTopics(testKafka(), defs)));

    const admin = testKafka().admin();
    await admin.connect();
    try {
      const metadata = await admin.fetchTopicMetadata({ topics: defs.flatMap((d) => [d.name, `${d.name}.dlq`]) });
      expect(metadata.topics.map((t) => [t.name, t.partitions.length]).sort()).toEqual(
        defs
          .flatMap((d) => [
            [d.name, 3],
            [`${d.name}.dlq`, 1],
          ])
          .sort(),
      );
    } finally {
      await admin.disconnect();
    }
  });
});
