import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { testInfraEnv, uniqueName } from '@docket/testkit';
import { LocalDirectoryBlobStore } from '../../src/blob/local-directory.blob-store';
import { FederalRegisterConnector, HttpClient } from '../../src/connectors';
import { ConnectorRunService } from '../../src/connectors/connector-run.service';
import { DEFAULT_DOCUMENTS_TOPICS } from '../../src/documents/document-changes.event';
import { IngestService } from '../../src/documents/ingest.service';
import { StatsProjector } from '../../src/documents/stats.projector';
import { BUILT_IN_SOURCES } from '../../src/seed/corpus.seeder';
import { ActivityRepository } from '../../src/store/activity.repository';
import { ConnectorCursorRepository } from '../../src/store/connector-cursor.repository';
import { DocketRepository } from '../../src/store/docket.repository';
import { DocumentRepository } from '../../src/store/document.repository';
import { EntityRepository } from '../../src/store/entity.repository';
import { IngestionRunRepository } from '../../src/store/ingestion-run.repository';
import { SourceRepository } from '../../src/store/source.repository';
import { startFixtureServer, type FixtureServer } from '../fixtures/connectors/fixture-server';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
let connection: Connection;
let server: FixtureServer;
let documents: DocumentRepository;
let runs: IngestionRunRepository;
let service: ConnectorRunService;
let connector: FederalRegisterConnector;

beforeAll(async () => {
  connection = await mongoose
    .createConnection(testInfraEnv().mongoUrl, { dbName: uniqueName('connector_run').replace(/-/g, '_') })
    .asPromise();
  server = await startFixtureServer();
  // The fixtures name the real hosts; serve each document's file from the fixture server instead.
  server.data.federalRegister = server.data.federalRegister.map((doc) => ({
    ...doc,
    pdf_url: null,
    body_html_url: `{{BASE}}/files/${String(doc.document_number)}.html`,
    full_text_xml_url: null,
  }));
  server.respondAlways('/files/', {
    status: 200,
    headers: { 'content-type': 'text/html' },
    body: '<html><body><p>Full text of the rule issued by the Federal Energy Regulatory Commission.</p></body></html>',
  });

  documents = new DocumentRepository(connection);
  const dockets = new DocketRepository(connection);
  const sources = new SourceRepository(connection);
  runs = new IngestionRunRepository(connection);
  await Promise.all([documents.init(), dockets.init()]);
  await sources.upsertDefinitions(BUILT_IN_SOURCES); // as the app does at start: the connector's source exists
  const projector = new StatsProjector({
    documents,
    sources,
    dockets,
    entities: new EntityRepository(connection),
    activity: new ActivityRepository(connection),
    logger,
  });
  const ingest = new IngestService({
    documents,
    dockets,
    sources,
    blobs: new LocalDirectoryBlobStore(mkdtempSync(path.join(os.tmpdir(), 'blobs-'))),
    projector,
    analysis: { add: () => undefined, caughtUp: async () => undefined }, // entities are not what these tests look at
    outbox: { kick: async () => undefined, kickWritten: async () => undefined },
    topics: DEFAULT_DOCUMENTS_TOPICS,
    limits: { maxBytes: 1 << 20, maxPages: 100, timeoutMs: 10_000 },
    docketPatterns: () => [],
    logger,
  });
  const http = new HttpClient({ maxRetries: 0 });
  service = new ConnectorRunService({ ingest, runs, cursors: new ConnectorCursorRepository(connection), http, logger });
  connector = new FederalRegisterConnector({ http, baseUrl: server.baseUrl, initialSince: '2024-01-01' });
});

afterAll(async () => {
  await server?.close();
  await connection?.dropDatabase();
  await connection?.close();
});

describe('Federal Register connector run', () => {
  it('ingests each document and file, stops at a source failure in place, then resumes with no duplicate', async () => {
    // The third page fails: the run fails but keeps the cursor of the last document it finished.
    const failingAfter = 2;
    let calls = 0;
    const realFetch = connector.fetchSince.bind(connector);
    const flaky = {
      id: connector.id,
      async *fetchSince(cursor: string | undefined) {
        for await (const item of realFetch(cursor, { pageSize: 2 })) {
          if (++calls > failingAfter) throw new Error('source unavailable (HTTP 503)');
          yield item;
        }
      },
    };
    const firstRun = await runs.find(await service.runOnce(flaky, 'federal-register'));
    expect(firstRun).toMatchObject({ status: 'failed', seen: 2, new: 2 });
    expect(firstRun!.errors[0]!.message).toContain('503');

    const secondRun = await runs.find(await service.runOnce(connector, 'federal-register'));
    expect(secondRun).toMatchObject({ status: 'succeeded', seen: 4, new: 4, duplicate: 0 });
    const all = await connection.collection('documents').find({ sourceId: 'federal-register' }).toArray();
    expect(all).toHaveLength(6);
    expect(new Set(all.map((d) => d.provenance.sourceDocumentId)).size).toBe(6);
    const rule = all.find((d) => d.provenance.sourceDocumentId === '2024-00098')!;
    expect(rule).toMatchObject({
      title: 'Improvements to Generator Interconnection Procedures and Agreements',
      filingType: 'Rule',
      docketNumber: 'RM22-14-001',
    });
    expect(rule.text).toContain('Full text of the rule');
    expect(rule.attachments[0]).toMatchObject({ fileName: '2024-00098.html', primary: true });

    const thirdRun = await runs.find(await service.runOnce(connector, 'federal-register'));
    expect(thirdRun).toMatchObject({ status: 'succeeded', seen: 0 });
  });
});
