import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { credentials } from '@grpc/grpc-js';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { InputError, NotFoundError } from '@docket/errors';
import { createKafka, EventConsumer } from '@docket/events';
import type { DocumentIngested } from '@docket/proto/src/document-events';
import { DocumentsServiceClient, type Document as DocumentPb } from '@docket/proto/src/documents';
import { grpcCall } from '@docket/service-kit';
import { uniqueName, waitFor } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import { documentIngestedEvent } from '../../src/documents/document-changes.event';
import { contentSha256 } from '../../src/domain/document';
import { DocumentRepository } from '../../src/store/document.repository';
import { documentsTestConfig, documentsTopics } from './support/documents-app';

type DocumentsStreamed = DocumentPb[];

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'documents-test-'));
const config = documentsTestConfig('documents', { OUTBOX_INTERVAL_MS: '100', SEED_CORPUS: 'false', DATA_DIR: dataDir });
const topic = documentsTopics(config).ingested;
let app: RunningApp | undefined;
let client: DocumentsServiceClient;
let connection: Connection;
let consumer: EventConsumer;
const received: DocumentIngested[] = [];

async function start(): Promise<RunningApp> {
  app = await startApp(config, logger);
  client?.close();
  // Document texts reach 5 MB: above grpc-js's default 4 MB receive limit.
  client = new DocumentsServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure(), {
    'grpc.max_receive_message_length': 16 * 1024 * 1024,
  });
  return app;
}

async function stopApp(): Promise<void> {
  await app?.stop();
  app = undefined;
}

const eventsFor = (documentId: string) => received.filter((e) => e.documentId === documentId);

beforeAll(async () => {
  await start(); // creates the topic
  // Documents are filed only under sources that exist.
  await grpcCall(client, 'createSource', {
    id: 'ferc',
    name: 'Federal Energy Regulatory Commission',
    kind: 'agency',
    shortName: 'FERC',
    jurisdiction: 'federal',
    state: '',
    homeUrl: '',
    docketPattern: '',
    createdBy: 'tester',
  });
  connection = mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB });
  await connection.asPromise();
  const kafka = createKafka({ clientId: 'documents-test', brokers: config.KAFKA_BROKERS, logger });
  consumer = new EventConsumer({ kafka, groupId: uniqueName('documents-test'), connection, logger });
  await consumer.on(topic, async (event) => void received.push(event)).start();
});

afterAll(async () => {
  client?.close();
  await consumer?.stop();
  await stopApp();
  await connection?.dropDatabase();
  await connection?.close();
});

describe('documents service', () => {
  it('creates a document and publishes documents.ingested.v1 through the outbox', async () => {
    const filedAt = new Date('2024-03-01T12:00:00.000Z');
    const response = await grpcCall(client, 'createDocument', {
      title: 'Order approving settlement',
      text: 'The Commission approves the settlement.',
      sourceId: 'ferc',
      docketNumber: 'ER24-100',
      filingType: 'order',
      filedAt,
      createdBy: 'user-1',
    });
    expect(response.created).toBe(true);
    const document = response.document!;
    expect(document.id).toMatch(/^[0-9a-f]{24}$/);
    expect(document.sha256).toBe(
      contentSha256('Order approving settlement', 'The Commission approves the settlement.'),
    );
    expect(document.createdAt).toBeInstanceOf(Date);

    const event = await waitFor(() => eventsFor(document.id)[0], { description: 'the ingested event' });
    expect(event).toMatchObject({
      documentId: document.id,
      title: 'Order approving settlement',
      text: 'The Commission approves the settlement.',
      sourceId: 'ferc',
      docketNumber: 'ER24-100',
      filingType: 'order',
      filedAt,
      sha256: document.sha256,
    });
    expect(event?.eventId).toBeTruthy();
    await waitFor(
      async () =>
        (await connection
          .collection('documents')
          .countDocuments({ _id: new mongoose.Types.ObjectId(document.id), 'pendingEvents.0': { $exists: true } })) ===
        0,
      { description: 'an empty outbox' },
    );

    const got = await grpcCall(client, 'getDocument', { id: document.id, textPage: 0, textPages: 0 });
    expect(got.document).toEqual(document);
  });

  it('deduplicates by content: same text (other whitespace) → created=false and no second event', async () => {
    const first = await grpcCall(client, 'createDocument', {
      title: 'Notice',
      text: 'Line one.\nLine two.',
      sourceId: '',
      docketNumber: '',
      filingType: '',
      createdBy: '',
    });
    const again = await grpcCall(client, 'createDocument', {
      title: ' Notice ',
      text: 'Line one.\r\n  Line two.\n',
      sourceId: 'ferc',
      docketNumber: '',
      filingType: '',
      createdBy: '',
    });
    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    expect(again.document?.id).toBe(first.document?.id);

    // A later document's event arriving shows the relay has gone past; still one event for the first.
    const later = await grpcCall(client, 'createDocument', {
      title: 'Later',
      text: 'Another filing.',
      sourceId: '',
      docketNumber: '',
      filingType: '',
      createdBy: '',
    });
    await waitFor(() => eventsFor(later.document!.id).length === 1, { description: 'the later event' });
    await waitFor(() => eventsFor(first.document!.id).length === 1, { description: 'the first event' });
    expect(await connection.collection('documents').countDocuments({ sha256: first.document!.sha256 })).toBe(1);
    expect(eventsFor(first.document!.id)).toHaveLength(1);
  });

  it('rejects invalid input field by field, and answers NOT_FOUND for unknown ids', async () => {
    const error = await grpcCall(client, 'createDocument', {
      title: '',
      text: '',
      sourceId: '',
      docketNumber: '',
      filingType: '',
      createdBy: '',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).issues.map((i) => i.path)).toEqual(['title', 'text']);
    await expect(
      grpcCall(client, 'getDocument', { id: '0123456789abcdef01234567', textPage: 0, textPages: 0 }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      grpcCall(client, 'getDocument', { id: 'not-an-id', textPage: 0, textPages: 0 }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(grpcCall(client, 'listDocuments', { pageSize: 10, pageToken: 'garbage' })).rejects.toBeInstanceOf(
      InputError,
    );
  });

  it('carries a 4 MB text through gRPC, Mongo and Kafka', async () => {
    const text = 'Large filing. '.repeat(300_000); // ~4.2 MB
    const response = await grpcCall(client, 'createDocument', {
      title: 'Big',
      text,
      sourceId: '',
      docketNumber: '',
      filingType: '',
      createdBy: '',
    });
    const event = await waitFor(() => eventsFor(response.document!.id)[0], {
      description: 'the big event',
      timeoutMs: 20_000,
    });
    expect(event?.text).toHaveLength(text.length);
  });

  it('streams documents by id in the order asked (exports), whole texts if asked, unknown ids skipped', async () => {
    const created = [];
    for (const n of [1, 2, 3]) {
      created.push(
        (
          await grpcCall(client, 'createDocument', {
            title: `Stream ${n}`,
            text: `Streamed text number ${n}. `.repeat(n * 10),
            sourceId: 'ferc',
            docketNumber: 'ER24-7',
            filingType: 'order',
            createdBy: 'user-1',
          })
        ).document!,
      );
    }
    const read = (ids: string[], includeText: boolean) =>
      new Promise<DocumentsStreamed>((resolve, reject) => {
        const documents: DocumentsStreamed = [];
        const call = client.streamDocuments({ ids, includeText });
        call.on('data', (message: { document?: DocumentsStreamed[number] }) => documents.push(message.document!));
        call.on('end', () => resolve(documents));
        call.on('error', reject);
      });
    const [a, b, c] = created;
    const withText = await read([c!.id, 'not-an-id', a!.id, 'ffffffffffffffffffffffff', b!.id], true);
    expect(withText.map((d) => d.id)).toEqual([c!.id, a!.id, b!.id]);
    expect(withText[0]!.text).toBe(`Streamed text number 3. `.repeat(30));
    const withoutText = await read([a!.id], false);
    expect(withoutText[0]).toMatchObject({
      id: a!.id,
      title: 'Stream 1',
      text: '',
      textLength: withText[1]!.text.length,
    });
  });

  it('pages through every document in id order with total_size', async () => {
    for (let i = 0; i < 5; i += 1) {
      await grpcCall(client, 'createDocument', {
        title: `Page doc ${i}`,
        text: `text ${i}`,
        sourceId: '',
        docketNumber: '',
        filingType: '',
        createdBy: '',
      });
    }
    const total = await connection.collection('documents').countDocuments();
    const seen: string[] = [];
    let pageToken = '';
    do {
      const page = await grpcCall(client, 'listDocuments', { pageSize: 3, pageToken });
      expect(page.totalSize).toBe(String(total));
      expect(page.documents.length).toBeLessThanOrEqual(3);
      seen.push(...page.documents.map((d) => d.id));
      pageToken = page.nextPageToken;
    } while (pageToken);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect([...seen].sort()).toEqual(seen);
  });

  it('publishes events a crashed instance left in the outbox when it starts again', async () => {
    await stopApp();
    // What a crash between the write and the relay's publish leaves behind.
    const repository = new DocumentRepository(connection);
    const id = repository.newId();
    const now = new Date();
    const document = {
      title: 'Written before a crash',
      text: 'Pending.',
      pages: [{ number: 1, start: 0, end: 8 }],
      sourceId: '',
      docketId: '',
      docketNumber: '',
      filingType: '',
      filingCategory: 'Other',
      filers: [],
      description: '',
      language: 'en',
      sha256: contentSha256('Written before a crash', 'Pending.'),
      createdBy: '',
      createdAt: now,
      updatedAt: now,
      attachments: [],
      provenance: { connector: 'test', sourceDocumentId: id, sourceUrl: '', runId: '' },
      provenanceKey: `test:${id}`,
      entities: [],
      mentions: [],
      values: [],
    };
    await repository.insert(id, document, [
      documentIngestedEvent({ id, ...document, parties: [], sourceName: '' }, topic),
    ]);

    await start();
    await waitFor(() => eventsFor(id).length === 1, { description: 'the pending event after restart' });
    // Created and immediately stopped: the drain finishes the relay pass or leaves it pending for the next start.
    const quick = await grpcCall(client, 'createDocument', {
      title: 'Just before SIGTERM',
      text: 'Quick.',
      sourceId: '',
      docketNumber: '',
      filingType: '',
      createdBy: '',
    });
    await stopApp();
    await start();
    await waitFor(() => eventsFor(quick.document!.id).length >= 1, {
      description: 'the event of the document created before the stop',
    });
  });
});
