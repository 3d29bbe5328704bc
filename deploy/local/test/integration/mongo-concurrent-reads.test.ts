import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { ensureJars, freePort, startMongo, type RunningMongo } from '@docket/local-infra';

// The dev profile's stand-in (H2 file): a find must not queue behind a long write to the same collection,
// a collection created twice at once must come out once,
// and must only ever see whole documents, never one a write has half changed.
describe('MongoDB stand-in (H2 file): operations side by side', () => {
  let dir: string;
  let mongo: RunningMongo;
  let client: MongoClient;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docket-reads-'));
    mongo = await startMongo({ jars: await ensureJars(), dir, port: await freePort(), storage: 'h2' });
    client = await MongoClient.connect(mongo.url, { maxPoolSize: 4 });
  });
  afterAll(async () => {
    await client?.close();
    await mongo?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers finds while an update of every document runs, each seeing a whole document', async () => {
    const docs = client.db('reads').collection<{ _id: number; a: number; b: number; removed?: boolean }>('docs');
    const count = 20_000;
    await docs.insertMany(Array.from({ length: count }, (_, i) => ({ _id: i, a: 0, b: 0 })));

    let updateDone = false;
    const update = docs.updateMany({}, { $inc: { a: 1, b: 1 } }).finally(() => {
      updateDone = true;
    });
    // Finds one after another until the update ends: with a collection lock they would wait it out,
    // one at most before it.
    let findsDuringUpdate = 0;
    const torn: unknown[] = [];
    for (let i = 0; !updateDone; i = (i + 7919) % count) {
      const [byId, byFilter] = await Promise.all([
        docs.findOne({ _id: i }),
        docs.find({ _id: { $in: [i, i + 1] } }).toArray(),
      ]);
      for (const doc of [byId, ...byFilter]) if (!doc || doc.a !== doc.b) torn.push(doc);
      if (!updateDone) findsDuringUpdate += 1;
    }
    const result = await update;

    expect(result.modifiedCount).toBe(count);
    expect(torn).toEqual([]);
    expect(findsDuringUpdate).toBeGreaterThanOrEqual(5);
    expect(await docs.countDocuments({ a: 1, b: 1 })).toBe(count);
  });

  it('answers finds while nested fields and arrays of every document change, each seeing whole documents', async () => {
    // As the documents service's outbox does ($pull from an array beside $set): a write works on copies
    // of what it found, so nothing a find holds changes under it, however deep the change.
    type Nested = {
      _id: number;
      inner: { a: number; b: number };
      counts: Array<{ n: number }>;
      list: Array<{ n: number }>;
      outbox: Array<{ id: string }>;
    };
    const docs = client.db('reads').collection<Nested>('nested');
    const count = 10_000;
    await docs.insertMany(
      Array.from({ length: count }, (_, i) => ({
        _id: i,
        inner: { a: 0, b: 0 },
        counts: [{ n: 0 }],
        list: [{ n: 0 }],
        outbox: [{ id: 'x' }, { id: 'y' }],
      })),
    );

    let updateDone = false;
    const update = docs
      .updateMany(
        {},
        {
          $inc: { 'inner.a': 1, 'inner.b': 1, 'counts.0.n': 1 },
          $push: { list: { n: 1 } },
          $pull: { outbox: { id: 'x' } },
        },
      )
      .finally(() => {
        updateDone = true;
      });
    const torn: unknown[] = [];
    let findsDuringUpdate = 0;
    const whole = (doc: Nested) => {
      const before = doc.inner.a === 0 && doc.counts[0]?.n === 0 && doc.list.length === 1 && doc.outbox.length === 2;
      const after =
        doc.inner.a === 1 &&
        doc.counts[0]?.n === 1 &&
        doc.list.length === 2 &&
        doc.list[1]?.n === 1 &&
        doc.outbox.length === 1 &&
        doc.outbox[0]?.id === 'y';
      return doc.inner.a === doc.inner.b && (before || after);
    };
    for (let i = 0; !updateDone; i = (i + 7919) % count) {
      const found = await docs.find({ _id: { $in: [i, i + 1] } }).toArray();
      for (const doc of found) if (!whole(doc)) torn.push(doc);
      if (!updateDone) findsDuringUpdate += 1;
    }

    expect((await update).modifiedCount).toBe(count);
    expect(torn).toEqual([]);
    expect(findsDuringUpdate).toBeGreaterThanOrEqual(5);
    const updated = await docs.find({ _id: { $in: [0, count - 1] } }).toArray();
    expect(updated.map(whole)).toEqual([true, true]);
    expect(updated.map((doc) => doc.inner.a)).toEqual([1, 1]);
  });

  it('a find beside deletes returns only documents that exist', async () => {
    const docs = client.db('reads').collection<{ _id: number; n: number }>('deletes');
    const count = 5_000;
    await docs.insertMany(Array.from({ length: count }, (_, i) => ({ _id: i, n: i })));

    let deleteDone = false;
    const removal = docs.deleteMany({ n: { $gte: 0 } }).finally(() => {
      deleteDone = true;
    });
    const seen: unknown[] = [];
    while (!deleteDone) {
      const found = await docs.find({ _id: { $in: [1, 2500, 4999] } }).toArray();
      seen.push(...found.filter((doc) => doc === null || typeof doc.n !== 'number'));
    }

    expect((await removal).deletedCount).toBe(count);
    expect(seen).toEqual([]);
    expect(await docs.countDocuments()).toBe(0);
  });

  it('creates a new collection once when a create and a first index race for it (as at a service start)', async () => {
    const db = client.db('creates');
    const failures: string[] = [];
    for (let round = 0; round < 60; round++) {
      const name = `c${round}`;
      const outcomes = await Promise.allSettled([
        db.createCollection(name),
        db.collection(name).createIndex({ key: 1 }, { unique: true }),
      ]);
      for (const outcome of outcomes) {
        // NamespaceExists (48) is MongoDB's own answer when the index made the collection first.
        if (outcome.status === 'rejected' && (outcome.reason as { code?: number }).code !== 48)
          failures.push(String(outcome.reason));
      }
    }
    expect(failures).toEqual([]);
    expect((await db.listCollections().toArray()).length).toBe(60);
  });
});
