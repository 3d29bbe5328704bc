import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { ensureJars, freePort, pollUntil, startMongo, type RunningMongo } from '@docket/local-infra';

// After a load, an idle stand-in gives its grown heap back (IdleHeapCompactor): a full collection
// once its collections stop, reported as a line "mongo-stand-in idle: heap committed A MB -> B MB".
describe('MongoDB stand-in: the heap a load grew, given back once idle', () => {
  let dir: string;
  let mongo: RunningMongo | undefined;
  let client: MongoClient | undefined;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docket-idle-heap-'));
  });
  afterAll(async () => {
    await client?.close();
    await mongo?.stop();
    delete process.env.DOCKET_IDLE_HEAP_CHECK_MS;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shrinks the committed heap once the load is over, and keeps every document', async () => {
    process.env.DOCKET_IDLE_HEAP_CHECK_MS = '500';
    mongo = await startMongo({ jars: await ensureJars(), dir, port: await freePort(), storage: 'h2' });
    client = await MongoClient.connect(mongo.url);
    const docs = client.db('idle').collection<{ _id: number; text: string }>('docs');
    const reports = () =>
      mongo!.process.tail(500).flatMap((line) => {
        const report = /idle: heap committed (\d+) MB -> (\d+) MB/.exec(line);
        return report ? [{ before: Number(report[1]), after: Number(report[2]) }] : [];
      });
    // The load: 600 documents of 128 KB written, rewritten, all read at once (some 80 MB held by the
    // stand-in for the read), then most deleted. A slow machine's pauses between steps may count as
    // idle already: the stand-in may collect (and report) more than once.
    const text = (i: number) => `${i} `.padEnd(128 * 1024, 'x');
    for (let batch = 0; batch < 6; batch++) {
      await docs.insertMany(Array.from({ length: 100 }, (_, i) => ({ _id: batch * 100 + i, text: text(i) })));
    }
    await docs.updateMany({}, { $set: { text: text(7) } });
    expect(await docs.find().toArray()).toHaveLength(600);
    await docs.deleteMany({ _id: { $gte: 50 } });

    // Fails (times out) unless some collection made the committed heap smaller.
    await pollUntil(async () => reports().find((report) => report.after < report.before), {
      timeoutMs: 60_000,
      intervalMs: 100,
      description: 'the stand-in to report a collection that made its heap smaller',
    });
    expect(await docs.countDocuments()).toBe(50);
    expect((await docs.findOne({ _id: 49 }))?.text).toBe(text(7));
  });
});
