import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { testInfraEnv, uniqueName } from '@docket/testkit';
import { LocalDirectoryBlobStore } from '../../../src/blob/local-directory.blob-store';
import { DEFAULT_DOCUMENTS_TOPICS } from '../../../src/documents/document-changes.event';
import { IngestService } from '../../../src/documents/ingest.service';
import { StatsProjector } from '../../../src/documents/stats.projector';
import type { IngestionRun } from '../../../src/domain/ingestion-run.types';
import { FileImportService } from '../../../src/imports/file-import.service';
import { ActivityRepository } from '../../../src/store/activity.repository';
import { DocketRepository } from '../../../src/store/docket.repository';
import { DocumentRepository } from '../../../src/store/document.repository';
import { EntityRepository } from '../../../src/store/entity.repository';
import { IngestionRunRepository } from '../../../src/store/ingestion-run.repository';
import { SourceRepository } from '../../../src/store/source.repository';

/** The file importer on its own database of the test MongoDB, with the outbox left for the test to read. */
export interface FileImportHarness {
  connection: Connection;
  runs: IngestionRunRepository;
  documents: DocumentRepository;
  dockets: DocketRepository;
  sources: SourceRepository;
  ingest: IngestService;
  importer: FileImportService;
  /** Writes the files into a new directory and imports it as a run into `sourceId`; the run as it ended. */
  importFiles(files: Record<string, string | Buffer>, sourceId?: string): Promise<IngestionRun>;
  close(): Promise<void>;
}

export async function fileImportHarness(
  name: string,
  options: { catalogAware?: boolean } = {},
): Promise<FileImportHarness> {
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const connection = await mongoose
    .createConnection(testInfraEnv().mongoUrl, { dbName: uniqueName(name).replace(/-/g, '_') })
    .asPromise();
  const runs = new IngestionRunRepository(connection);
  const documents = new DocumentRepository(connection);
  const dockets = new DocketRepository(connection);
  const sources = new SourceRepository(connection);
  await Promise.all([documents.init(), dockets.init()]);
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
    projector,
    analysis: { add: () => undefined, caughtUp: async () => undefined }, // entities are not what these tests look at
    logger,
    blobs: new LocalDirectoryBlobStore(mkdtempSync(path.join(os.tmpdir(), `${name}-blobs-`))),
    outbox: { kick: async () => undefined, kickWritten: async () => undefined },
    topics: DEFAULT_DOCUMENTS_TOPICS,
    limits: { maxBytes: 1024 * 1024, maxPages: 100, timeoutMs: 10_000 },
    docketPatterns: () => [],
  });
  // Given the catalog, the importer reads agency PDFs with their source's docket pattern.
  const importer = new FileImportService({ ingest, runs, logger, ...(options.catalogAware ? { sources } : {}) });
  return {
    connection,
    runs,
    documents,
    dockets,
    sources,
    ingest,
    importer,
    importFiles: async (files, sourceId = 'uploads') => {
      const root = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
      for (const [file, content] of Object.entries(files)) writeFileSync(path.join(root, file), content);
      const { id: runId } = await runs.start({ sourceId, connector: 'files', target: root });
      await importer.run({ runId, root, sourceId, requestedBy: 'tester' });
      return (await runs.find(runId))!;
    },
    close: async () => {
      await connection.dropDatabase();
      await connection.close();
    },
  };
}
