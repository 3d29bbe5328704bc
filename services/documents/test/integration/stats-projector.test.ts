import mongoose, { Types, type Connection } from 'mongoose';
import pino from 'pino';
import { testInfraEnv, uniqueName } from '@docket/testkit';
import { StatsProjector } from '../../src/documents/stats.projector';
import { ActivityRepository } from '../../src/store/activity.repository';
import { DocketRepository } from '../../src/store/docket.repository';
import { DocumentRepository, type NewDocumentRecord } from '../../src/store/document.repository';
import { EntityRepository } from '../../src/store/entity.repository';
import { SourceRepository } from '../../src/store/source.repository';
import { documentRecord } from './support/document-records';

// The counters' flag write also removes the outbox events the relay has published meanwhile, so a
// new document is rewritten once after its insert; documents flagged already are left to the caller.

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const dbName = uniqueName('stats_projector').replace(/-/g, '_');
let connection: Connection;
let documents: DocumentRepository;
let sources: SourceRepository;
let projector: StatsProjector;
let entities: EntityRepository;
let activity: ActivityRepository;

beforeAll(async () => {
  connection = await mongoose.createConnection(testInfraEnv().mongoUrl, { dbName }).asPromise();
  documents = new DocumentRepository(connection);
  const dockets = new DocketRepository(connection);
  sources = new SourceRepository(connection);
  await Promise.all([documents.init(), dockets.init()]);
  await sources.upsertDefinitions([
    {
      id: 'projector-src',
      name: 'Projector source',
      shortName: 'PS',
      kind: 'agency',
      jurisdiction: 'Federal',
      state: 'US',
      homeUrl: '',
      docketPattern: '',
      publishesNativeFilingTypes: false,
      industries: [],
      filingTypes: [],
    },
  ]);
  entities = new EntityRepository(connection);
  activity = new ActivityRepository(connection);
  projector = new StatsProjector({ documents, sources, dockets, entities, activity, logger }, 500, 3_600_000);
});

afterAll(async () => {
  await connection?.dropDatabase();
  await connection?.close();
});

const ACME = {
  id: 'entity-acme',
  kind: 'organisation' as const,
  key: 'acme',
  name: 'Acme Co.',
  aliases: ['Acme Company'],
  count: 2,
};

function record(n: number): NewDocumentRecord {
  return documentRecord(dbName, n, { sourceId: 'projector-src', entities: n === 1 ? [ACME] : [] });
}

async function insert(n: number, eventIds: string[]): Promise<string> {
  const id = documents.newId();
  await documents.insert(
    id,
    record(n),
    eventIds.map((eventId) => ({ eventId, topic: 't', key: id, payload: Buffer.from(eventId) })),
  );
  projector.add({ id, ...record(n) });
  return id;
}

const stored = (id: string) => connection.collection('documents').findOne({ _id: new Types.ObjectId(id) });

describe('StatsProjector', () => {
  it('drops published events in the flag write, keeps unpublished ones, returns documents flagged before', async () => {
    const published = await insert(1, ['e1', 'e1-later']);
    const unpublished = await insert(2, ['e2']);

    expect(projector.carryPulls([{ id: published, eventIds: ['e1'] }])).toEqual(new Map());
    await projector.flush();

    const first = await stored(published);
    expect(first?.statsApplied).toBe(true);
    expect(first?.pendingEvents.map((e: { eventId: string }) => e.eventId)).toEqual(['e1-later']);
    const second = await stored(unpublished);
    expect(second?.statsApplied).toBe(true);
    expect(second?.pendingEvents.map((e: { eventId: string }) => e.eventId)).toEqual(['e2']);
    expect((await sources.find('projector-src'))?.documentCount).toBe(2);
    expect(await entities.find('entity-acme')).toMatchObject({
      kind: 'organisation',
      key: 'acme',
      name: 'Acme Co.',
      aliases: ['Acme Company'],
      mentionCount: 2,
      documentCount: 1,
      months: { '2026-03': 2 },
      dockets: {},
      recentDocuments: [published],
      firstSeenAt: new Date('2026-03-01T00:00:00Z'),
    });
    // Stored as mongoose stored it: a map with nothing in it is an empty object.
    expect((await connection.collection('entities').findOne({ _id: 'entity-acme' as never }))?.dockets).toEqual({});
    expect(await activity.read(['projector-src'], ['2026-03-01'], [])).toEqual(
      new Map([['projector-src|d|2026-03-01', { documents: 2, failed: 0 }]]),
    );

    // Flagged already: the caller pulls them itself.
    expect(projector.carryPulls([{ id: unpublished, eventIds: ['e2'] }])).toEqual(new Map([[unpublished, ['e2']]]));
    await documents.pullEvents(new Map([[unpublished, ['e2']]]));
    expect((await stored(unpublished))?.pendingEvents).toEqual([]);
  });

  it('still removes carried events when counting fails, leaving the documents for recover()', async () => {
    const id = await insert(3, ['e3']);
    projector.carryPulls([{ id, eventIds: ['e3'] }]);
    const applyIncrements = sources.applyIncrements.bind(sources);
    sources.applyIncrements = async () => {
      throw new Error('counters unavailable');
    };
    try {
      await projector.flush();
    } finally {
      sources.applyIncrements = applyIncrements;
    }
    const after = await stored(id);
    expect(after?.statsApplied).toBe(false);
    expect(after?.pendingEvents).toEqual([]);
    expect(await projector.recover(new Date(0))).toBe(0); // created after that start: not a previous run's
    expect(await projector.recover(new Date(Date.now() + 1000))).toBe(1);
    expect((await stored(id))?.statsApplied).toBe(true);
  });
});
