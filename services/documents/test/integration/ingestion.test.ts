import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { credentials, type ClientReadableStream } from '@grpc/grpc-js';
import mongoose, { type Connection } from 'mongoose';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import pino from 'pino';
import { InputError } from '@docket/errors';
import { createKafka, EventConsumer } from '@docket/events';
import type { DocumentDeleted, DocumentIngested, DocumentUpdated } from '@docket/proto/src/document-events';
import {
  DocumentsServiceClient,
  type OpenAttachmentResponse,
  type UploadFileResponse,
} from '@docket/proto/src/documents';
import { ProcessState, type ProcessUpdated } from '@docket/proto/src/process-events';
import { grpcCall } from '@docket/service-kit';
import { uniqueName, waitFor } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import { BUILT_IN_PRODUCTS } from '../../src/data-products/built-in-products';
import { documentsTestConfig, documentsTopics } from './support/documents-app';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ingestion-test-'));
const SEED_FILINGS = 120;
const config = documentsTestConfig('ingestion', {
  OUTBOX_INTERVAL_MS: '100',
  DATA_DIR: dataDir,
  SEED_FILINGS: String(SEED_FILINGS),
  SEED_DOCKETS: '40',
  EXTRACT_MAX_BYTES: String(64 * 1024),
});
const t = documentsTopics(config);

let app: RunningApp;
let client: DocumentsServiceClient;
let connection: Connection;
let consumer: EventConsumer;
const ingested: DocumentIngested[] = [];
const updated: DocumentUpdated[] = [];
const deleted: DocumentDeleted[] = [];
const processes: ProcessUpdated[] = [];

beforeAll(async () => {
  app = await startApp(config, logger);
  client = new DocumentsServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
  connection = await mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB }).asPromise();
  consumer = new EventConsumer({
    kafka: createKafka({ clientId: 'ingestion-test', brokers: config.KAFKA_BROKERS, logger }),
    groupId: uniqueName('ingestion-test'),
    connection,
    logger,
  });
  await consumer
    .on(t.ingested, async (e) => void ingested.push(e))
    .on(t.updated, async (e) => void updated.push(e))
    .on(t.deleted, async (e) => void deleted.push(e))
    .on(t.processUpdated, async (e) => void processes.push(e))
    .start();
  await app.seeded;
}, 180_000);

afterAll(async () => {
  client?.close();
  await consumer?.stop();
  await app?.stop();
  await connection?.dropDatabase();
  await connection?.close();
});

async function pdfOf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const line of lines) pdf.addPage().drawText(line, { x: 50, y: 700, size: 12, font });
  return Buffer.from(await pdf.save());
}

function readAttachment(
  documentId: string,
  attachmentId = '',
): Promise<{ header: OpenAttachmentResponse['attachment']; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const stream: ClientReadableStream<OpenAttachmentResponse> = client.openAttachment({ documentId, attachmentId });
    let header: OpenAttachmentResponse['attachment'];
    const chunks: Buffer[] = [];
    stream.on('data', (m: OpenAttachmentResponse) => (m.attachment ? (header = m.attachment) : chunks.push(m.data!)));
    stream.on('error', reject);
    stream.on('end', () => resolve({ header, bytes: Buffer.concat(chunks) }));
  });
}

describe('default corpus', () => {
  it('loads sources, dockets, filings with entities and a run per source; only the products of code', async () => {
    // Counters follow the writes within about a second.
    const sources = await waitFor(
      async () => {
        const listed = (await grpcCall(client, 'listSources', {})).sources;
        return listed.reduce((sum, s) => sum + Number(s.documentCount), 0) === SEED_FILINGS ? listed : undefined;
      },
      { description: 'every seeded filing counted' },
    );
    const generated = sources.filter((s) => Number(s.documentCount) > 0);
    expect(generated.length).toBeGreaterThan(5);
    const busiest = [...generated].sort((a, b) => Number(b.documentCount) - Number(a.documentCount))[0]!;
    expect(busiest.filingTypes.length).toBeGreaterThan(0);
    expect(busiest.firstFiledAt!.getTime()).toBeLessThanOrEqual(busiest.lastFiledAt!.getTime());
    expect(Number(busiest.docketCount)).toBeGreaterThan(0);

    const { dataProducts: listed } = await grpcCall(client, 'listDataProducts', {});
    // No product with made-up counts: only those defined in code, their releases computed or published later.
    expect(listed.map((product) => product.id).sort()).toEqual(BUILT_IN_PRODUCTS.map((product) => product.id).sort());
    expect(listed.every((product) => product.releases.length === 0)).toBe(true);

    await waitFor(() => ingested.length >= SEED_FILINGS, {
      description: 'an ingested event per filing',
      timeoutMs: 60_000,
    });
    const status = await grpcCall(client, 'getCatalogStatus', {});
    const busy = status.sources.find((s) => s.source!.id === busiest.id)!;
    // Healthy unless its newest filing is more than three days old (a small corpus may leave a gap).
    expect(busy.status).toBe(Number(busy.lagSeconds) > 3 * 24 * 3600 ? 'lagging' : 'healthy');
    expect(busy.recentRuns[0]).toMatchObject({
      connector: 'corpus',
      status: 'succeeded',
      new: busiest.documentCount,
      failed: '0',
    });
    expect(busy.history).toHaveLength(30);
    expect(status.sources.find((s) => s.source!.id === 'uploads')?.status).toBe('idle');
  });

  it('shows a document a page range at a time, with its docket, parties, entities (profiles link back)', async () => {
    const event = ingested.find((e) => e.docketNumber)!;
    const whole = await grpcCall(client, 'getDocument', { id: event.documentId, textPage: 1, textPages: 50 });
    const document = whole.document!;
    expect(document.pages.length).toBeGreaterThan(0);
    expect(whole.docket?.number).toBe(event.docketNumber);
    expect(whole.docket?.parties.length).toBeGreaterThan(0);
    expect(whole.source?.id).toBe(event.sourceId);
    expect(document.filingCategory).toBeTruthy();

    const second = await grpcCall(client, 'getDocument', { id: event.documentId, textPage: 2, textPages: 1 });
    if (document.pages.length > 1) {
      const page = document.pages[1]!;
      expect(second.document!.textOffset).toBe(page.start);
      expect(second.document!.text).toBe(document.text.slice(page.start, page.end));
    }

    // Its entities and mentions are found in the background, within seconds of the corpus's filings.
    const analysed = await waitFor(
      async () => {
        const found = await grpcCall(client, 'getDocument', { id: event.documentId, textPage: 1, textPages: 50 });
        return found.mentions.length > 0 ? found : undefined;
      },
      { timeoutMs: 60_000, description: "the filing's entities" },
    );
    const org = analysed.entities.find((e) => e.kind === 'organisation' || e.kind === 'agency')!;
    const mention = analysed.mentions.find((m) => m.entityId === org.id)!;
    expect(document.text.slice(mention.start, mention.end).length).toBeGreaterThan(0);
    const profile = await waitFor(
      async () => {
        const p = await grpcCall(client, 'getEntity', { id: org.id });
        return p.documents.some((d) => d.documentId === event.documentId) ? p : undefined;
      },
      { description: 'the entity profile listing the document' },
    );
    expect(Number(profile.entity!.documentCount)).toBeGreaterThan(0);
    expect(profile.mentionsByMonth.length).toBeGreaterThan(0);
    expect(profile.documents.find((d) => d.documentId === event.documentId)?.excerpt).toBeTruthy();
  });

  it('streams a generated PDF attachment byte for byte', async () => {
    const withPdf = await waitFor(
      async () => {
        const record = await connection.collection('documents').findOne({ 'attachments.0': { $exists: true } });
        return record ?? undefined;
      },
      { description: 'a document with a PDF' },
    );
    const { header, bytes } = await readAttachment(String(withPdf._id));
    expect(header?.contentType).toBe('application/pdf');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(header?.size)).toBe(bytes.length);
  });
});

describe('files connector', () => {
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'import-'));
    mkdirSync(path.join(root, 'nested', 'deeper'), { recursive: true });
    writeFileSync(
      path.join(root, 'order.txt'),
      'ORDER on rehearing. Pacific Gas and Electric Company shall file a compliance tariff within 30 days.',
    );
    writeFileSync(
      path.join(root, 'order.txt.json'),
      JSON.stringify({
        title: 'Order on rehearing',
        docketNumber: 'ER24-2001',
        filingType: 'Order',
        filedAt: '2026-11-20',
      }),
    );
    writeFileSync(
      path.join(root, 'nested', 'comment.html'),
      '<html><head><title>Comment of the Sierra Club</title></head><body>' +
        '<p>The Sierra Club opposes the rate increase.</p></body></html>',
    );
    writeFileSync(
      path.join(root, 'nested', 'deeper', 'testimony.pdf'),
      await pdfOf(['Direct testimony of Jane Ortiz', 'Page two of the testimony']),
    );
    writeFileSync(path.join(root, 'nested', 'broken.pdf'), Buffer.from('%PDF-1.7\nthis is not really a pdf'));
    writeFileSync(path.join(root, 'empty.txt'), '');
    writeFileSync(path.join(root, 'huge.txt'), 'x'.repeat(70 * 1024));
  });

  async function importAndWait(): Promise<string> {
    const { processId, runId } = await grpcCall(client, 'startImport', {
      path: root,
      sourceId: 'uploads',
      requestedBy: 'user-1',
    });
    await waitFor(
      () => processes.some((p) => p.processId === processId && p.state === ProcessState.PROCESS_STATE_SUCCEEDED),
      {
        description: 'the import process to succeed',
        timeoutMs: 60_000,
      },
    );
    return runId;
  }

  it('imports a folder tree as a process: texts, HTML, PDF, sidecars; unreadable ones kept with reasons', async () => {
    const runId = await importAndWait();
    const run = await connection.collection('ingestion_runs').findOne({ _id: new mongoose.Types.ObjectId(runId) });
    expect(run).toMatchObject({ status: 'succeeded', seen: 6, new: 3, failed: 3 });
    expect(run!.errors.map((e: { item: string; reason: string }) => [e.item, e.reason]).sort()).toEqual([
      ['empty.txt', 'empty'],
      ['huge.txt', 'too_large'],
      ['nested/broken.pdf', 'corrupt'],
    ]);
    const order = await connection.collection('documents').findOne({ 'provenance.sourceDocumentId': 'order.txt' });
    expect(order).toMatchObject({
      title: 'Order on rehearing',
      docketNumber: 'ER24-2001',
      filingType: 'Order',
      filingCategory: 'Order',
    });
    const pdf = await connection
      .collection('documents')
      .findOne({ 'provenance.sourceDocumentId': 'nested/deeper/testimony.pdf' });
    expect(pdf!.pages).toHaveLength(2);
    expect(pdf!.text).toContain('Page two');
    const broken = await connection
      .collection('documents')
      .findOne({ 'provenance.sourceDocumentId': 'nested/broken.pdf' });
    expect(broken).toMatchObject({ failureReason: 'corrupt', text: '' });
    // Kept for the run's report, never served: nobody vouches for what an unreadable file is.
    await expect(readAttachment(String(broken!._id))).rejects.toThrow(
      'broken.pdf could not be imported (corrupt); it is kept for the import report and not served',
    );
    const empty = await connection.collection('documents').findOne({ 'provenance.sourceDocumentId': 'empty.txt' });
    await expect(readAttachment(String(empty!._id))).rejects.toThrow(/could not be imported \(empty\)/);
    await expect(readAttachment(String(order!._id))).resolves.toMatchObject({ header: { fileName: 'order.txt' } });
    const final = processes.filter((p) => p.processId === run!.processId).at(-1)!;
    expect(final).toMatchObject({ done: '6', total: '6' });
    // The process itself says which files failed and why: it succeeded with failures.
    expect(final.failed).toBe('3');
    expect(final.failures.map((f) => [f.item, f.reason]).sort()).toEqual([
      ['empty.txt', 'empty'],
      ['huge.txt', 'too_large'],
      ['nested/broken.pdf', 'corrupt'],
    ]);
    expect(final.processId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/); // a UUIDv7: it says when it was made
  });

  it('is idempotent, and a changed file becomes documents.updated.v1', async () => {
    const before = await connection.collection('documents').countDocuments();
    const again = await importAndWait();
    // The unreadable files are kept, so they are duplicates too.
    expect(
      await connection.collection('ingestion_runs').findOne({ _id: new mongoose.Types.ObjectId(again) }),
    ).toMatchObject({ new: 0, duplicate: 6, updated: 0, failed: 0 });
    expect(await connection.collection('documents').countDocuments()).toBe(before);

    writeFileSync(
      path.join(root, 'order.txt'),
      'ORDER on rehearing, corrected. The compliance tariff is due within 45 days.',
    );
    const third = await importAndWait();
    expect(
      await connection.collection('ingestion_runs').findOne({ _id: new mongoose.Types.ObjectId(third) }),
    ).toMatchObject({ updated: 1, new: 0 });
    const order = await connection.collection('documents').findOne({ 'provenance.sourceDocumentId': 'order.txt' });
    await waitFor(() => updated.some((e) => e.documentId === String(order!._id) && e.text.includes('45 days')), {
      description: 'the updated event',
    });
  });

  it('rejects a path that is not a directory with a clear error', async () => {
    const error = await grpcCall(client, 'startImport', {
      path: path.join(root, 'nope'),
      sourceId: '',
      requestedBy: 'u',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toContain('is not a directory');
  });
});

describe('upload and delete', () => {
  it('streams an upload in, then deletes it with documents.deleted.v1', async () => {
    const response = await new Promise<UploadFileResponse>((resolve, reject) => {
      const call = client.uploadFile((error, value) => (error ? reject(error) : resolve(value!)));
      call.write({
        header: {
          fileName: 'motion.txt',
          contentType: 'text/plain',
          sourceId: '',
          uploadedBy: 'user-2',
          sidecarJson: JSON.stringify({ title: 'Motion to intervene' }),
        },
      });
      const parts = [
        Buffer.from('MOTION TO INTERVENE of the City of Boston. '),
        Buffer.from('The City requests party status.'),
      ];
      for (const data of parts) call.write({ data });
      const whole = Buffer.concat(parts);
      call.write({ end: { size: String(whole.length), sha256: createHash('sha256').update(whole).digest('hex') } });
      call.end();
    });
    expect(response.outcome).toBe('new');
    expect(response.document).toMatchObject({
      title: 'Motion to intervene',
      sourceId: 'uploads',
      filingCategory: 'Motion',
    });
    const id = response.document!.id;
    const { bytes } = await readAttachment(id);
    expect(bytes.toString()).toBe('MOTION TO INTERVENE of the City of Boston. The City requests party status.');

    await grpcCall(client, 'deleteDocument', { id, reason: 'uploaded by mistake', deletedBy: 'admin' });
    await waitFor(() => deleted.some((e) => e.documentId === id && e.reason === 'uploaded by mistake'), {
      description: 'the deleted event',
    });
    await expect(grpcCall(client, 'getDocument', { id, textPage: 0, textPages: 0 })).rejects.toThrow(/not found/);
  });

  it('stores nothing from an upload cut short (no end marker) or damaged (size or hash differ)', async () => {
    const before = await connection.collection('documents').countDocuments();
    const send = (finish: (call: ReturnType<typeof client.uploadFile>) => void) =>
      new Promise<unknown>((resolve) => {
        const call = client.uploadFile((error) => resolve(error));
        call.write({
          header: {
            fileName: 'partial.txt',
            contentType: 'text/plain',
            sourceId: '',
            uploadedBy: 'user-2',
            sidecarJson: '',
          },
        });
        call.write({ data: Buffer.from('The first half of a filing') });
        finish(call);
      });
    const cut = await send((call) => call.end());
    expect((cut as Error).message).toMatch(/cut short/);
    const damaged = await send((call) => {
      call.write({ end: { size: '9999', sha256: 'ab'.repeat(32) } });
      call.end();
    });
    expect((damaged as Error).message).toMatch(/damaged/);
    expect(await connection.collection('documents').countDocuments()).toBe(before);
  });
});
