import { Types } from 'mongoose';
import type { NewDocumentRecord } from '../../src/store/document.repository';
import { documentRecord } from './support/document-records';
import { useDocumentsDatabase } from './support/documents-database';

// A document's mentions and values are stored packed (one string each, see packed-analysis), and
// records written before that, with the arrays themselves, read the same.

const database = useDocumentsDatabase('analysis_storage');
const raw = () => database.connection.collection('documents');

const ENTITY = 'e'.repeat(64);
const MENTIONS = [
  { entityId: ENTITY, start: 0, end: 12 },
  { entityId: ENTITY, start: 40, end: 52 },
];
const VALUES = [{ kind: 'money' as const, text: '$1.5 million', start: 20, end: 32, value: '1500000' }];

function record(n: number, analysis: Pick<NewDocumentRecord, 'mentions' | 'values'>): NewDocumentRecord {
  return documentRecord(database.name, n, {
    text: `Acme Pipeline agreed to pay $1.5 million; Acme Pipeline filed ${n}.`,
    sha256: `sha-${n}-${analysis.mentions.length}`,
    entities: [
      { id: ENTITY, kind: 'organisation', key: 'acme pipeline', name: 'Acme Pipeline', aliases: [], count: 2 },
    ],
    ...analysis,
  });
}

describe('a document’s mentions and values in storage', () => {
  it('are written packed, as one string each, and read back whole', async () => {
    const { documents } = database;
    const id = documents.newId();
    await documents.insert(id, record(1, { mentions: MENTIONS, values: VALUES }), []);

    const stored = await raw().findOne({ _id: new Types.ObjectId(id) });
    expect(typeof stored?.mentionsJson).toBe('string');
    expect(typeof stored?.valuesJson).toBe('string');
    expect(stored).not.toHaveProperty('mentions');
    expect(stored).not.toHaveProperty('values');
    const read = await documents.findById(id);
    expect(read?.mentions).toEqual(MENTIONS);
    expect(read?.values).toEqual(VALUES);
    expect((await documents.findForView(id))?.mentions).toEqual(MENTIONS);
    expect((await documents.findManyWithText([id]))[0]?.mentions).toEqual(MENTIONS);
  });

  it('are read from the arrays of a record written before the packing, packed when its content changes', async () => {
    const { documents } = database;
    const id = documents.newId();
    const { mentions, values, ...rest } = record(2, { mentions: MENTIONS, values: VALUES });
    await raw().insertOne({
      _id: new Types.ObjectId(id),
      ...rest,
      mentions,
      values,
      statsApplied: true,
      pendingEvents: [],
    });
    expect((await documents.findById(id))?.mentions).toEqual(MENTIONS);
    expect((await documents.findById(id))?.values).toEqual(VALUES);

    const changed = record(2, { mentions: MENTIONS.slice(0, 1), values: [] });
    const event = { eventId: 'updated-2', topic: 't', key: id, payload: Buffer.from('x') };
    expect(await documents.replaceContent(id, changed, event)).toBe(true);

    const stored = await raw().findOne({ _id: new Types.ObjectId(id) });
    expect(stored).not.toHaveProperty('mentions');
    expect(stored).not.toHaveProperty('values');
    expect((await documents.findById(id))?.mentions).toEqual(MENTIONS.slice(0, 1));
    expect((await documents.findById(id))?.values).toEqual([]);
  });

  it('are gone from a deleted document, packed or not', async () => {
    const { documents } = database;
    const packed = documents.newId();
    await documents.insert(packed, record(3, { mentions: MENTIONS, values: VALUES }), []);
    const legacy = documents.newId();
    const { mentions, values, ...rest } = record(4, { mentions: MENTIONS, values: VALUES });
    await raw().insertOne({ _id: new Types.ObjectId(legacy), ...rest, mentions, values, pendingEvents: [] });

    for (const id of [packed, legacy]) {
      await documents.markDeleted(id, {
        eventId: `deleted-${id}`,
        topic: 't',
        key: id,
        payload: Buffer.from('x'),
      });
      const stored = await raw().findOne({ _id: new Types.ObjectId(id) });
      expect(stored).not.toHaveProperty('mentions');
      expect(stored).not.toHaveProperty('values');
      expect(JSON.parse(stored?.mentionsJson as string)).toEqual([]);
      expect(JSON.parse(stored?.valuesJson as string)).toEqual([]);
    }
  });
});
