import { MongoClient, MongoServerError } from 'mongodb';
import mongoose from 'mongoose';
import { testInfraEnv, uniqueName } from '@docket/testkit';

// Runs against the stand-in, or a real MongoDB when MONGO_URL is given: the same code must work on both.
describe('MongoDB (stand-in or MONGO_URL), within the subset of DESIGN.md §3', () => {
  const { mongoUrl } = testInfraEnv();
  let client: MongoClient;

  beforeAll(async () => {
    client = await MongoClient.connect(mongoUrl, { serverSelectionTimeoutMS: 5000 });
  });
  afterAll(async () => {
    await client?.close();
  });

  it('rejects a duplicate on a unique (compound) index with code 11000', async () => {
    const db = client.db(uniqueName('infra'));
    const events = db.collection('processed_events');
    await events.createIndex({ groupId: 1, eventId: 1 }, { unique: true });
    await events.insertOne({ groupId: 'g1', eventId: 'e1' });
    await events.insertOne({ groupId: 'g2', eventId: 'e1' });

    const duplicate = events.insertOne({ groupId: 'g1', eventId: 'e1' });
    await expect(duplicate).rejects.toBeInstanceOf(MongoServerError);
    await expect(duplicate).rejects.toMatchObject({ code: 11000 });
    expect(await events.countDocuments()).toBe(2);
    await db.dropDatabase();
  });

  it('supports find/sort, updates with $push/$pull and the allowed aggregation stages', async () => {
    const db = client.db(uniqueName('infra'));
    const docs = db.collection('docs');
    await docs.insertMany([
      { n: 1, court: 'x', amount: 2, tags: ['p', 'q'] },
      { n: 2, court: 'x', amount: 3, tags: ['p'] },
      { n: 3, court: 'y', amount: 5, tags: [] },
    ]);
    const courts = db.collection('courts');
    await courts.insertMany([
      { code: 'x', name: 'Court X' },
      { code: 'y', name: 'Court Y' },
    ]);

    expect((await docs.find({ court: 'x' }).sort({ n: -1 }).toArray()).map((d) => d.n)).toEqual([2, 1]);

    await docs.updateOne({ n: 3 }, { $push: { pendingEvents: { eventId: 'e1' } } });
    await docs.updateOne({ n: 3 }, { $pull: { pendingEvents: { eventId: 'e1' } } });
    expect((await docs.findOne({ n: 3 }))?.pendingEvents).toEqual([]);

    const grouped = await docs
      .aggregate([
        { $match: {} },
        { $group: { _id: '$court', total: { $sum: '$amount' }, count: { $sum: 1 } } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(grouped).toEqual([
      { _id: 'x', total: 5, count: 2 },
      { _id: 'y', total: 5, count: 1 },
    ]);

    const tags = await docs
      .aggregate([{ $unwind: '$tags' }, { $group: { _id: '$tags', c: { $sum: 1 } } }, { $sort: { _id: 1 } }])
      .toArray();
    expect(tags).toEqual([
      { _id: 'p', c: 2 },
      { _id: 'q', c: 1 },
    ]);

    const page = await docs
      .aggregate([
        { $sort: { n: 1 } },
        { $project: { _id: 0, n: 1, court: 1, amount: 1 } },
        { $addFields: { double: { $multiply: ['$amount', 2] } } },
        { $skip: 1 },
        { $limit: 1 },
        { $lookup: { from: 'courts', localField: 'court', foreignField: 'code', as: 'courtDoc' } },
      ])
      .toArray();
    expect(page).toEqual([
      { n: 2, court: 'x', amount: 3, double: 6, courtDoc: [expect.objectContaining({ name: 'Court X' })] },
    ]);

    const [facet] = await docs
      .aggregate([
        {
          $facet: {
            total: [{ $count: 'n' }],
            firstTwo: [{ $sort: { n: 1 } }, { $limit: 2 }, { $project: { _id: 0, n: 1 } }],
          },
        },
      ])
      .toArray();
    expect(facet).toEqual({ total: [{ n: 3 }], firstTwo: [{ n: 1 }, { n: 2 }] });
    await db.dropDatabase();
  });

  it('works with mongoose 8 (createConnection with dbName, unique index via syncIndexes)', async () => {
    const conn = await mongoose.createConnection(mongoUrl, { dbName: uniqueName('infra') }).asPromise();
    try {
      const User = conn.model(
        'User',
        new mongoose.Schema({ email: { type: String, required: true, unique: true } }, { timestamps: true }),
      );
      await User.syncIndexes();
      await User.create({ email: 'a@example.org' });
      await expect(User.create({ email: 'a@example.org' })).rejects.toMatchObject({ code: 11000 });
      expect(await User.countDocuments()).toBe(1);
      await conn.dropDatabase();
    } finally {
      await conn.close();
    }
  });
});
