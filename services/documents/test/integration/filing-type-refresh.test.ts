import mongoose, { Types, type Connection } from 'mongoose';
import pino from 'pino';
import { topics } from '@docket/events';
import { testInfraEnv, uniqueName } from '@docket/testkit';
import { FilingTypeRefresh } from '../../src/documents/filing-type-refresh';
import { ConnectorCursorRepository } from '../../src/store/connector-cursor.repository';
import { DocketRepository } from '../../src/store/docket.repository';
import { DocumentRepository, type NewDocumentRecord } from '../../src/store/document.repository';
import { documentRecord } from './support/document-records';

// Documents imported before the classifier changed get their new types once, each republished so
// that the index follows; a second run (a restart) changes nothing.

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const dbName = uniqueName('filing_type_refresh').replace(/-/g, '_');
let connection: Connection;
let documents: DocumentRepository;
let refresh: FilingTypeRefresh;
const kicked: string[] = [];

beforeAll(async () => {
  connection = await mongoose.createConnection(testInfraEnv().mongoUrl, { dbName }).asPromise();
  documents = new DocumentRepository(connection);
  const dockets = new DocketRepository(connection);
  await Promise.all([documents.init(), dockets.init()]);
  refresh = new FilingTypeRefresh({
    documents,
    dockets,
    cursors: new ConnectorCursorRepository(connection),
    sourceName: async () => 'Federal Energy Regulatory Commission',
    outbox: { kick: async (ids) => void kicked.push(...(ids ?? [])), kickWritten: async () => undefined },
    topics: { updated: topics.documentUpdated },
    logger,
  });
});

afterAll(async () => {
  await connection?.dropDatabase();
  await connection?.close();
});

function record(n: number, title: string, filingType: string, filingCategory: string): NewDocumentRecord {
  const filedAt = new Date('2024-06-21T00:00:00Z');
  return documentRecord(dbName, n, {
    title,
    text: `${title.toUpperCase()}\nBody of filing ${n}.`,
    pages: [{ number: 1, start: 0, end: title.length + 20 }],
    sourceId: 'ferc',
    docketNumber: 'ER24-1679-000',
    filingType,
    filingCategory,
    filedAt,
    createdAt: filedAt,
    updatedAt: filedAt,
  });
}

const stored = (id: string) => connection.collection('documents').findOne({ _id: new Types.ObjectId(id) });

it('gives stored documents the types the classifier assigns now, republishes those that changed, once', async () => {
  // As the old rules typed them: a Letter Order as a Comment, a Petition to Intervene as an Application.
  const letterOrder = documents.newId();
  const petition = documents.newId();
  const testimony = documents.newId();
  await documents.insert(
    letterOrder,
    record(1, 'Letter Order Granting Petitions to Intervene', 'Letter Order', 'Comment'),
    [],
  );
  await documents.insert(
    petition,
    record(2, 'Petition to Intervene of AARP', 'Petition to Intervene', 'Application'),
    [],
  );
  await documents.insert(testimony, record(3, 'Direct Testimony of Ana Ruiz', 'Direct Testimony', 'Testimony'), []);

  expect(await refresh.run()).toBe(2);
  expect((await stored(letterOrder))?.filingCategory).toBe('Order');
  expect((await stored(petition))?.filingCategory).toBe('Motion');
  expect((await stored(testimony))?.filingCategory).toBe('Testimony');
  // Each changed one carries its documents.updated event in its outbox, and the relay was told.
  expect((await stored(letterOrder))?.pendingEvents).toHaveLength(1);
  expect((await stored(letterOrder))?.pendingEvents[0].topic).toBe(topics.documentUpdated.name);
  expect((await stored(testimony))?.pendingEvents).toHaveLength(0);
  expect(kicked.sort()).toEqual([letterOrder, petition].sort());

  // A restart: the pass is done for this classifier version.
  await connection
    .collection('documents')
    .updateOne({ _id: new Types.ObjectId(testimony) }, { $set: { filingCategory: 'Comment' } });
  expect(await refresh.run()).toBe(0);
  expect((await stored(testimony))?.filingCategory).toBe('Comment');
});
