import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Binary, Long, MongoClient, ObjectId } from 'mongodb';
import { ensureJars, freePort, startMongo, startRedis, type RunningMongo } from '@docket/local-infra';
import { groupHasLiveMember } from '../../src/stack/process-tree';

// The dev profile (npm start) keeps Mongo data in an H2 file: a restart must keep documents and indexes.
describe('launcher: dev-profile persistence and clean stop', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docket-restart-'));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Starts a stand-in on its H2 file in `name`, on the same port each time (a restart keeps its URL). */
  async function h2StandIn(name: string): Promise<() => Promise<RunningMongo>> {
    const jars = await ensureJars();
    const port = await freePort();
    return () => startMongo({ jars, dir: path.join(dir, name), port, storage: 'h2' });
  }

  it('keeps Mongo stand-in data and unique indexes across a restart (H2 file)', async () => {
    const start = await h2StandIn('mongo');

    let mongo: RunningMongo = await start();
    let client = await MongoClient.connect(mongo.url);
    const users = () => client.db('bff').collection('users');
    await users().createIndex({ email: 1 }, { unique: true });
    await users().insertOne({ email: 'admin@docket.local', name: 'Admin' });
    await client.close();
    await mongo.stop();
    expect(processGone(mongo.process.pid)).toBe(true);

    mongo = await start();
    try {
      client = await MongoClient.connect(mongo.url);
      expect(await users().findOne({ email: 'admin@docket.local' }, { projection: { _id: 0 } })).toEqual({
        email: 'admin@docket.local',
        name: 'Admin',
      });
      await expect(users().insertOne({ email: 'admin@docket.local' })).rejects.toMatchObject({ code: 11000 });
    } finally {
      await client.close();
      await mongo.stop();
    }
    expect(fs.existsSync(path.join(dir, 'mongo', 'mongo.mv'))).toBe(true);
  });

  it('keeps every write it acknowledged when killed with SIGKILL (H2 file)', async () => {
    const start = await h2StandIn('mongo-killed');

    const killed = await start();
    const client = await MongoClient.connect(killed.url);
    const documents = client.db('documents').collection<{ _id: string; n: number; changed?: boolean }>('documents');
    for (let n = 0; n < 50; n += 1) await documents.insertOne({ _id: `doc-${n}`, n });
    await documents.updateOne({ _id: 'doc-0' }, { $set: { changed: true } });
    await documents.deleteOne({ _id: 'doc-1' });
    // At once after the last answer: nothing the stand-in said it wrote may be lost.
    process.kill(killed.process.pid, 'SIGKILL');
    await killed.process.exited;
    await client.close(true);

    const mongo = await start();
    try {
      const again = await MongoClient.connect(mongo.url);
      const kept = await again
        .db('documents')
        .collection('documents')
        .find({}, { sort: { n: 1 } })
        .toArray();
      await again.close();
      const written = Array.from({ length: 50 }, (_, n) => `doc-${n}`);
      expect(kept.map((d) => d._id)).toEqual(written.filter((id) => id !== 'doc-1'));
      expect(kept[0]).toMatchObject({ _id: 'doc-0', changed: true });
    } finally {
      await mongo.stop();
    }
  });

  it('keeps documents under _ids of every kind, found by _id and in order, across a restart (H2 file)', async () => {
    const start = await h2StandIn('mongo-ids');
    // The kinds the stand-in keys its maps by in a compact form (ObjectId, string) and the rest.
    const ids: unknown[] = [
      new ObjectId('65a000000000000000000002'),
      new ObjectId('65a000000000000000000001'),
      'b-id',
      'a-id',
      'é-id',
      42,
      7.5,
      { compound: 1, key: 'x' },
      new Date('2026-01-02T00:00:00Z'),
      true,
    ];
    let mongo = await start();
    let client = await MongoClient.connect(mongo.url);
    const things = () => client.db('documents').collection<{ _id: unknown; n: number }>('things');
    await things().createIndex({ n: 1 }, { unique: true });
    await things().insertMany(ids.map((_id, n) => ({ _id, n })));
    await expect(things().insertOne({ _id: 'a-id', n: 99 })).rejects.toMatchObject({ code: 11000 });
    await client.close();
    await mongo.stop();

    mongo = await start();
    try {
      client = await MongoClient.connect(mongo.url);
      for (const [n, _id] of ids.entries()) expect(await things().findOne({ _id })).toEqual({ _id, n });
      // MongoDB's order of types: numbers, strings, objects, ObjectIds, booleans, dates.
      const sorted = await things()
        .find({}, { sort: { _id: 1 } })
        .toArray();
      expect(sorted.map((thing) => thing.n)).toEqual([6, 5, 3, 2, 4, 7, 1, 0, 9, 8]);
      // The unique index still points at the right documents.
      expect(await things().findOne({ n: 3 })).toEqual({ _id: 'a-id', n: 3 });
      await things().deleteOne({ _id: new ObjectId('65a000000000000000000001') });
      expect(await things().countDocuments()).toBe(ids.length - 1);
    } finally {
      await client.close();
      await mongo.stop();
    }
  });

  it('gives back a document of every BSON kind, nested in arrays and documents, across a restart (H2)', async () => {
    const start = await h2StandIn('mongo-kinds');
    // The stand-in writes documents into its file with an encoder of its own (BsonWriter): what it
    // gives back after a restart is read from those bytes by the library's decoder.
    const leaf = {
      int: 7,
      long: Long.fromString('9007199254740993'),
      double: 2.5,
      text: 'Décision 電力 🔌',
      yes: true,
      none: null,
      id: new ObjectId('65a000000000000000000003'),
      at: new Date('2026-12-01T08:00:00.123Z'),
      bytes: new Binary(Buffer.from([0, 1, 2, 255])),
      'clé é': 'a name not in ASCII',
      empty: {},
      list: [],
    };
    const kinds = {
      _id: 'kinds',
      ...leaf,
      nested: { ...leaf, deeper: [leaf, [leaf, 3], { leaf }] },
      list: [leaf, 'x', 1],
    };
    let mongo = await start();
    let client = await MongoClient.connect(mongo.url);
    const collection = () => client.db('documents').collection<{ _id: string }>('kinds');
    try {
      await collection().insertOne(kinds);
    } finally {
      await client.close();
      await mongo.stop();
    }

    mongo = await start();
    try {
      client = await MongoClient.connect(mongo.url, { promoteLongs: false });
      expect(await collection().findOne({ _id: 'kinds' })).toEqual(kinds);
    } finally {
      await client.close();
      await mongo.stop();
    }
  });

  it('finds every key of a unique index over many pages, of mixed kinds, across a restart (H2 file)', async () => {
    const start = await h2StandIn('mongo-keys');
    // Strings and ObjectIds are compared directly (KeyValueType), the rest through MongoDB's order of
    // types: a key of each kind among 3,000 in random order fills many index pages, so a wrong order
    // would lose keys in the binary searches and let duplicates in.
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647);
    const keys: unknown[] = [];
    for (let n = 0; n < 3_000; n += 1) {
      const kind = n % 5;
      if (kind === 0) keys.push(new ObjectId(random().toString(16).padStart(24, '0')));
      else if (kind === 1) keys.push(n * 1.5);
      else keys.push(`${random().toString(36)}-${'é'.repeat(n % 3)}${n}`);
    }
    keys.sort(() => (random() % 2 === 0 ? -1 : 1));
    let mongo = await start();
    let client = await MongoClient.connect(mongo.url);
    const keyed = () => client.db('documents').collection<{ key: unknown; n: number }>('keyed');
    const everyKeyIsTaken = async () => {
      for (let n = 0; n < keys.length; n += 7)
        await expect(keyed().insertOne({ key: keys[n], n: -1 })).rejects.toMatchObject({ code: 11000 });
    };
    try {
      await keyed().createIndex({ key: 1 }, { unique: true });
      for (let from = 0; from < keys.length; from += 500)
        await keyed().insertMany(keys.slice(from, from + 500).map((key, n) => ({ key, n: from + n })));
      await everyKeyIsTaken();
    } finally {
      await client.close();
      await mongo.stop();
    }

    mongo = await start();
    try {
      client = await MongoClient.connect(mongo.url);
      await everyKeyIsTaken();
      expect(await keyed().countDocuments()).toBe(keys.length);
    } finally {
      await client.close();
      await mongo.stop();
    }
  });

  it('stop() leaves no process of the group behind', async () => {
    const redis = await startRedis({ dir: path.join(dir, 'redis'), port: await freePort(), persistent: false });
    const pid = redis.process.pid;
    expect(processGone(pid)).toBe(false);
    await redis.stop();
    expect(processGone(pid)).toBe(true);
  });
});

/** True when no process of the group led by pid is left. */
/** No process of the group runs any more (a zombie left for init to reap holds nothing: see groupHasLiveMember). */
function processGone(pid: number): boolean {
  try {
    process.kill(-pid, 0);
  } catch {
    return true;
  }
  return groupHasLiveMember(pid) === false;
}
