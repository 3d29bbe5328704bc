import mongoose, { type Connection } from 'mongoose';
import { testInfraEnv, uniqueName } from '@docket/testkit';
import { DocumentRepository, type NewDocumentRecord } from '../../src/store/document.repository';
import { documentRecord } from './support/document-records';

// Inserts made at once (an import's files in flight) go to MongoDB together; each caller still learns
// whether its own document was new or already there.

const dbName = uniqueName('insert_batch').replace(/-/g, '_');
let connection: Connection;
let documents: DocumentRepository;

beforeAll(async () => {
  connection = await mongoose.createConnection(testInfraEnv().mongoUrl, { dbName }).asPromise();
  documents = new DocumentRepository(connection);
  await documents.init();
});

afterAll(async () => {
  await connection?.dropDatabase();
  await connection?.close();
});

function record(n: number, sha = `sha-${n}`): NewDocumentRecord {
  return documentRecord('batch', n, { sourceId: 'batch-src', sha256: sha });
}

describe('DocumentRepository.insert at once', () => {
  it('stores every new document and answers false for each one whose content or source id is taken', async () => {
    await documents.insert(documents.newId(), record(0), []);
    const ids = Array.from({ length: 40 }, () => documents.newId());
    const outcomes = await Promise.all([
      ...ids.map((id, n) =>
        documents.insert(id, record(n + 1), [{ eventId: `e-${n}`, topic: 't', key: id, payload: Buffer.from('x') }]),
      ),
      documents.insert(documents.newId(), record(100, 'sha-5'), []), // same content as filing 5
      documents.insert(documents.newId(), record(0, 'sha-other'), []), // same source id as filing 0
    ]);

    expect(outcomes.slice(0, 40)).toEqual(ids.map(() => true));
    expect(outcomes.slice(40)).toEqual([false, false]);
    expect(await documents.count()).toBe(41);
    const stored = await documents.findById(ids[7] as string);
    expect(stored?.title).toBe('Filing 8');
    expect(await connection.collection('documents').countDocuments({ 'pendingEvents.eventId': 'e-7' })).toBe(1);
  });
});
