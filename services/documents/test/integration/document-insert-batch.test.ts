import type { NewDocumentRecord } from '../../src/store/document.repository';
import { documentRecord } from './support/document-records';
import { useDocumentsDatabase } from './support/documents-database';

// Inserts made at once (an import's files in flight) go to MongoDB together; each caller still learns
// whether its own document was new or already there.

const database = useDocumentsDatabase('insert_batch');

function record(n: number, sha = `sha-${n}`): NewDocumentRecord {
  return documentRecord('batch', n, { sourceId: 'batch-src', sha256: sha });
}

describe('DocumentRepository.insert at once', () => {
  it('stores every new document and answers false for each one whose content or source id is taken', async () => {
    const { documents } = database;
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
    const raw = database.connection.collection('documents');
    expect(await raw.countDocuments({ 'pendingEvents.eventId': 'e-7' })).toBe(1);
  });
});
