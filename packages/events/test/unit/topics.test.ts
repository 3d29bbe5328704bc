import { ProcessState } from '@docket/proto/src/process-events';
import {
  dlqTopicOf,
  documentChangeRefs,
  kafkaNamespace,
  newEventFields,
  pendingEvent,
  renameTopic,
  topics,
} from '../../src';

describe('topic registry', () => {
  it('names every topic <service>.<past-tense event>.v<major>, uniquely', () => {
    const names = Object.values(topics).map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z-]+\.[a-z-]+\.v\d+$/);
    expect(topics.documentIngested.name).toBe('documents.ingested.v1');
    expect(topics.processUpdated.name).toBe('processes.updated.v1');
    expect(dlqTopicOf(topics.documentIngested.name)).toBe('documents.ingested.v1.dlq');
  });

  it('round-trips a DocumentIngested through protobuf and keys it by document id', () => {
    const message = {
      ...newEventFields(),
      documentId: 'doc-1',
      title: 'Rate case — order',
      text: 'Über text with unicode ✓',
      sourceId: 'ferc',
      docketNumber: 'ER24-1',
      filingType: 'order',
      filedAt: new Date('2024-05-01T00:00:00.000Z'),
      sha256: 'ab'.repeat(32),
      filingCategory: 'Order',
      filers: ['Acme Power LLC'],
      parties: ['Acme Power LLC'],
      description: '',
      language: 'en',
      docketId: 'd1',
      sourceName: 'Federal Energy Regulatory Commission',
      entities: [{ entityId: 'e1', kind: 'organisation', name: 'Acme Power LLC' }],
      pages: [{ number: 1, start: 0, end: 10 }],
    };
    const bytes = topics.documentIngested.encode(message);
    expect(bytes).toBeInstanceOf(Uint8Array);
    const decoded = topics.documentIngested.decode(bytes);
    expect(decoded).toEqual(message);
    expect(topics.documentIngested.keyOf(decoded)).toBe('doc-1');
    expect(topics.documentIngested.eventIdOf(decoded)).toBe(message.eventId);

    // Read as a DocumentChangeRef (the BFF's view): the same ids, nothing of the text.
    const ref = documentChangeRefs.ingested.decode(bytes);
    expect(ref).toEqual({
      eventId: message.eventId,
      occurredAt: message.occurredAt,
      documentId: 'doc-1',
      sourceId: 'ferc',
      docketId: 'd1',
    });
    expect(documentChangeRefs.ingested.name).toBe(topics.documentIngested.name);
    expect(documentChangeRefs.updated.name).toBe(topics.documentUpdated.name);
  });

  it('round-trips a ProcessUpdated with int64 fields as strings', () => {
    const message = {
      ...newEventFields(),
      processId: 'p-1',
      kind: 'reindex',
      title: 'Re-index',
      ownerId: 'u-1',
      state: ProcessState.PROCESS_STATE_RUNNING,
      total: '9007199254740993',
      done: '12',
      message: 'indexing',
      sequence: '3',
      failed: '1',
      failures: [{ item: 'a/b.bin', reason: 'unsupported_type', message: 'no text' }],
    };
    const decoded = topics.processUpdated.decode(topics.processUpdated.encode(message));
    expect(decoded).toEqual(message);
    expect(topics.processUpdated.keyOf(decoded)).toBe('p-1');
  });

  it('keys each topic by its aggregate id', () => {
    const base = newEventFields();
    expect(topics.documentDeleted.keyOf({ ...base, documentId: 'd', reason: '' })).toBe('d');
    expect(topics.releasePublished.keyOf({ ...base, dataProductId: 'dp', releaseId: 'r', version: '1' })).toBe('dp');
    expect(
      topics.queryCompleted.keyOf({
        ...base,
        queryId: 'q',
        workspaceId: '',
        userId: '',
        question: '',
        tookMs: 1,
        documentIds: [],
        requestId: '',
        mode: 'extractive',
      }),
    ).toBe('q');
    expect(topics.alertTriggered.keyOf({ ...base, subscriptionId: 's', userId: '', documentIds: [] })).toBe('s');
    expect(
      topics.exportCompleted.keyOf({
        ...base,
        exportId: 'e',
        workspaceId: '',
        userId: '',
        userEmail: '',
        fileKey: '',
        processId: '',
        requestId: '',
        succeeded: true,
        title: '',
        fileName: '',
        size: '0',
        error: '',
      }),
    ).toBe('e');
  });

  it('fails to decode bytes that are not protobuf', () => {
    expect(() => topics.documentIngested.decode(Uint8Array.from([0xff, 0xff, 0xff]))).toThrow();
  });

  it('renameTopic keeps the codec', () => {
    const def = renameTopic(topics.documentDeleted, 'test.deleted.v1');
    const message = { ...newEventFields(), documentId: 'd', reason: 'gone' };
    expect(def.name).toBe('test.deleted.v1');
    expect(def.decode(def.encode(message))).toEqual(message);
  });
});

describe('kafkaNamespace', () => {
  it('puts every topic and consumer group behind the namespace, codecs kept', () => {
    const names = kafkaNamespace('staging');
    const def = names.topic(topics.documentDeleted);
    const message = { ...newEventFields(), documentId: 'd', reason: 'gone' };
    expect(def.name).toBe('staging.documents.deleted.v1');
    expect(def.decode(def.encode(message))).toEqual(message);
    expect(def.keyOf(message)).toBe('d');
    expect(dlqTopicOf(def.name)).toBe('staging.documents.deleted.v1.dlq');
    expect(names.group('alerts.percolator')).toBe('staging.alerts.percolator');
    const set = names.topics({ ingested: topics.documentIngested, updated: topics.documentUpdated });
    expect(Object.values(set).map((t) => t.name)).toEqual([
      'staging.documents.ingested.v1',
      'staging.documents.updated.v1',
    ]);
  });

  it('keeps the plain names when empty', () => {
    const names = kafkaNamespace('');
    expect(names.topic(topics.documentIngested)).toBe(topics.documentIngested);
    expect(names.group('export.processes')).toBe('export.processes');
  });
});

describe('newEventFields', () => {
  it('gives a fresh uuid v4 and the current time', () => {
    const before = Date.now();
    const a = newEventFields();
    const b = newEventFields();
    expect(a.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.eventId).not.toBe(b.eventId);
    expect(a.occurredAt.getTime()).toBeGreaterThanOrEqual(before);
  });
});

describe('pendingEvent', () => {
  it('carries topic, key, event id and the encoded payload', () => {
    const message = { ...newEventFields(), documentId: 'doc-9', reason: 'withdrawn' };
    const pending = pendingEvent(topics.documentDeleted, message);
    expect(pending).toMatchObject({ eventId: message.eventId, topic: 'documents.deleted.v1', key: 'doc-9' });
    expect(Buffer.isBuffer(pending.payload)).toBe(true);
    expect(topics.documentDeleted.decode(pending.payload)).toEqual(message);
  });
});
