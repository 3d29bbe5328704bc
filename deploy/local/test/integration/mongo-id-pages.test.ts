import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId, type Collection, type Document } from 'mongodb';
import { ensureJars, freePort, startMongo, type RunningMongo } from '@docket/local-infra';

// The stand-in (H2 file) reads a page of a walk in _id order ({_id: {$gt: last}} sorted by _id, with a
// limit) from its map onwards from `last`, rather than decoding and sorting the whole collection: the
// pages must be exactly what the whole sort gives, after a restart too.
describe('MongoDB stand-in (H2 file): pages in _id order', () => {
  let dir: string;
  let mongo: RunningMongo;
  let client: MongoClient;
  const start = async () => {
    mongo = await startMongo({ jars: await ensureJars(), dir, port: await freePort(), storage: 'h2' });
    client = await MongoClient.connect(mongo.url);
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docket-id-pages-'));
    await start();
  });
  afterAll(async () => {
    await client?.close();
    await mongo?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Every live ObjectId document after `after`, in _id order, `pageSize` at a time, as a re-index walks them. */
  async function walk(docs: Collection, pageSize: number): Promise<Document[]> {
    const all: Document[] = [];
    let after = new ObjectId('000000000000000000000000');
    for (;;) {
      const page = await docs
        .find({ _id: { $gt: after }, gone: { $exists: false } }, { projection: { body: 0 } })
        .sort({ _id: 1 })
        .limit(pageSize)
        .toArray();
      all.push(...page);
      if (page.length < pageSize) return all;
      after = page.at(-1)!._id as ObjectId;
    }
  }

  it('gives the same documents, in the same order, as sorting the whole collection', async () => {
    const docs = client.db('pages').collection('docs');
    // ObjectIds from several "processes" and times, inserted out of order; every seventh is a tombstone.
    const ids = Array.from(
      { length: 2_500 },
      (_, i) => new ObjectId(Math.floor(1_700_000_000 + ((i * 7919) % 2_500) * 37)),
    );
    await docs.insertMany(
      ids.map((_id, i) => ({ _id, n: i, body: 'x'.repeat(200), ...(i % 7 === 0 ? { gone: true } : {}) })),
    );
    // _ids of other kinds beside them: an ObjectId bound never matches those.
    await docs.insertMany([
      { _id: 'a-string', n: -1 },
      { _id: 42, n: -2 },
      { _id: { nested: 1 }, n: -3 },
    ] as never[]);

    const expected = (
      await docs.find({ gone: { $exists: false }, _id: { $type: 'objectId' } }, { projection: { body: 0 } }).toArray()
    ).sort((a, b) => Buffer.compare((a._id as ObjectId).id, (b._id as ObjectId).id));
    expect(expected).toHaveLength(2_500 - Math.ceil(2_500 / 7));

    const walked = await walk(docs, 200);
    expect(walked.map((d) => d.n)).toEqual(expected.map((d) => d.n));
    expect(walked.every((d) => d.body === undefined && typeof d.n === 'number')).toBe(true);
    // One page from the middle: the 100 after a given _id, by the same sort done in full.
    const middle = expected[1_000]!._id as ObjectId;
    const page = await docs
      .find({ _id: { $gt: middle }, gone: { $exists: false } })
      .sort({ _id: 1 })
      .limit(100)
      .toArray();
    expect(page.map((d) => d.n)).toEqual(expected.slice(1_001, 1_101).map((d) => d.n));

    // The same after a restart, with the keys read back from the file.
    await client.close();
    await mongo.stop();
    await start();
    expect((await walk(client.db('pages').collection('docs'), 333)).map((d) => d.n)).toEqual(expected.map((d) => d.n));
  });

  // A query on _id and other conditions reads those documents by _id and matches the rest (as MongoDB
  // narrows it by its _id index): the same answers as the whole collection gives, for finds and updates.
  it('answers {_id or _id $in, other conditions} as MongoDB does, finds and guarded updates alike', async () => {
    const docs = client.db('pages').collection('guarded');
    const ids = Array.from({ length: 50 }, () => new ObjectId());
    await docs.insertMany(ids.map((_id, i) => ({ _id, n: i, pending: i % 2 === 0, sha: `s${i}` })));
    await docs.insertOne({ _id: 'named', n: -1, pending: true, sha: 'x' } as never);

    const found = await docs.find({ _id: { $in: [...ids.slice(0, 10), 'named', 'absent'] }, pending: true }).toArray();
    expect(found.map((d) => d.n).sort((a, b) => a - b)).toEqual([-1, 0, 2, 4, 6, 8]);
    expect(await docs.countDocuments({ _id: ids[3], pending: true })).toBe(0);
    expect(await docs.countDocuments({ _id: ids[4], pending: true })).toBe(1);

    // The guard holds: a changed sha or a cleared flag leaves the document as it is.
    const guarded = (i: number, sha: string) =>
      docs.updateOne({ _id: ids[i], pending: true, sha }, { $set: { done: true }, $unset: { pending: '' } });
    expect((await guarded(4, 'stale')).matchedCount).toBe(0);
    expect((await guarded(4, 's4')).matchedCount).toBe(1);
    expect((await guarded(4, 's4')).matchedCount).toBe(0);
    expect((await guarded(5, 's5')).matchedCount).toBe(0);
    expect(await docs.findOne({ _id: ids[4] })).toMatchObject({ n: 4, done: true });
    expect(await docs.findOne({ _id: ids[4] })).not.toHaveProperty('pending');
    expect(await docs.countDocuments({ done: true })).toBe(1);
  });
});
