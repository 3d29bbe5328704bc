import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Types } from 'mongoose';
import pino from 'pino';
import type { PendingEvent } from '@docket/events';
import { LocalDirectoryBlobStore } from '../../src/blob/local-directory.blob-store';
import { DocumentAnalyser } from '../../src/documents/document-analyser';
import { DEFAULT_DOCUMENTS_TOPICS, documentDeletedEvent } from '../../src/documents/document-changes.event';
import { documentToProto } from '../../src/documents/documents.mapper';
import { IngestService } from '../../src/documents/ingest.service';
import { StatsProjector } from '../../src/documents/stats.projector';
import { UPLOADS_SOURCE } from '../../src/domain/known-sources';
import { ActivityRepository } from '../../src/store/activity.repository';
import { DocketRepository } from '../../src/store/docket.repository';
import { EntityRepository } from '../../src/store/entity.repository';
import { SourceRepository } from '../../src/store/source.repository';
import { useDocumentsDatabase } from './support/documents-database';

// A new document is stored at once and searchable by its words; its entities, mentions and values
// are found in the background (DocumentAnalyser), stored, counted once on their profiles, and the
// document republished with them.

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const database = useDocumentsDatabase('document_analyser');
const TEXT =
  'Pacific Gas and Electric Company asks the Federal Energy Regulatory Commission to approve a rate ' +
  'increase of $12.5 million, effective January 1, 2025. Jane Alvarez testified for the Sierra Club.';

let dockets: DocketRepository;
let entities: EntityRepository;
let published: Array<{ id: string; events: PendingEvent[] }>;
/** What the analyser's batches would wait for: nothing, so that a test decides when one runs. */
const NOW = { quietMs: 0, maxWaitMs: 0, batch: 32, maxBatch: 512 };

beforeAll(async () => {
  dockets = new DocketRepository(database.connection);
  entities = new EntityRepository(database.connection);
  await dockets.init();
});

const projectors: StatsProjector[] = [];
afterEach(async () => {
  await Promise.all(projectors.splice(0).map((projector) => projector.flush())); // and their timers go
});

/** The counters, waiting a minute before they count (so a test can find its documents uncounted). */
function statsProjector(): StatsProjector {
  const { connection, documents } = database;
  const deps = {
    documents,
    sources: new SourceRepository(connection),
    dockets,
    entities,
    activity: new ActivityRepository(connection),
    logger,
  };
  const projector = new StatsProjector(deps, 1_000, 60_000, 60_000);
  projectors.push(projector);
  return projector;
}

beforeEach(() => {
  published = [];
});

function services(timing = NOW) {
  const { connection, documents } = database;
  const sources = new SourceRepository(connection);
  const outbox = {
    kick: async () => undefined,
    kickWritten: async (written: Array<{ id: string; events: PendingEvent[] }>) => {
      published.push(...written);
    },
  };
  const analyser = new DocumentAnalyser(
    {
      documents,
      dockets,
      entities,
      outbox,
      topics: DEFAULT_DOCUMENTS_TOPICS,
      docketPatterns: () => [],
      sourceName: (id): Promise<string> => ingest.requireSource(id),
      logger,
    },
    timing,
  );
  const ingest: IngestService = new IngestService({
    documents,
    dockets,
    sources,
    blobs: new LocalDirectoryBlobStore(mkdtempSync(path.join(os.tmpdir(), 'analyser-blobs-'))),
    projector: statsProjector(),
    analysis: analyser,
    outbox,
    topics: DEFAULT_DOCUMENTS_TOPICS,
    limits: { maxBytes: 1 << 20, maxPages: 100, timeoutMs: 10_000 },
    docketPatterns: () => [],
    logger,
  });
  return { analyser, ingest };
}

async function upload(
  ingest: IngestService,
  name: string,
  text = TEXT,
  docketNumber = 'ER25-100-000',
): Promise<string> {
  const outcome = await ingest.ingest({
    sourceId: UPLOADS_SOURCE.id,
    connector: 'manual',
    sourceDocumentId: name,
    title: `Rate filing ${name}`,
    docketNumber,
    pages: [text],
  });
  expect(outcome.outcome).toBe('new');
  return outcome.documentId;
}

/** Resolves once the analyser has no document left (its batches run on timers). */
async function analysed(analyser: DocumentAnalyser): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (analyser.pending() > 0) {
    if (Date.now() > deadline) throw new Error(`${analyser.pending()} documents still wait for their analysis`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await analyser.stop(); // resolves once the last batch has written
}

function kindsOf(list: Array<{ kind: string }>): string[] {
  return [...new Set(list.map((item) => item.kind))].sort();
}

it('stores a new document without its entities, then finds, stores and publishes them', async () => {
  const { analyser, ingest } = services({ ...NOW, quietMs: 60_000, maxWaitMs: 60_000 });
  const id = await upload(ingest, 'first.txt');

  const stored = await database.documents.findById(id);
  // Stored with its docket only (a link to the docket's page at once), the rest found later.
  expect(stored).toMatchObject({ analysisPending: true, mentions: [], values: [] });
  expect(stored!.entities.map((entity) => [entity.kind, entity.name])).toEqual([['docket', 'ER25-100-000']]);
  expect(documentToProto(stored!).entitiesPending).toBe(true); // the page says they are being found
  // The ingested event carries the document without entities.
  const ingested = published.find((p) => p.id === id)!.events[0]!;
  expect(ingested.topic).toBe(DEFAULT_DOCUMENTS_TOPICS.ingested.name);
  expect(DEFAULT_DOCUMENTS_TOPICS.ingested.decode(ingested.payload).entities.map((entity) => entity.kind)).toEqual([
    'docket',
  ]);
  await analyser.stop();

  const now = services();
  await now.analyser.recover(); // what the stopped one left, as a restarted service finds it
  await analysed(now.analyser);

  const done = await database.documents.findById(id);
  expect(done?.analysisPending).toBeUndefined();
  expect(done?.analysedAt).toBeInstanceOf(Date);
  expect(documentToProto(done!).entitiesPending).toBe(false);
  expect(kindsOf(done!.entities)).toEqual(['agency', 'docket', 'organisation', 'person']);
  expect(done!.mentions.length).toBeGreaterThan(3);
  expect(kindsOf(done!.values)).toEqual(['date', 'money']);
  const updated = published.filter((p) => p.id === id).flatMap((p) => p.events);
  expect(updated.map((event) => event.topic)).toEqual([
    DEFAULT_DOCUMENTS_TOPICS.ingested.name,
    DEFAULT_DOCUMENTS_TOPICS.updated.name,
  ]);
  const payload = DEFAULT_DOCUMENTS_TOPICS.updated.decode(updated[1]!.payload);
  expect(payload.text).toBe(TEXT);
  expect(payload.entities.map((entity) => entity.name)).toEqual(
    expect.arrayContaining(['Pacific Gas and Electric Company', 'ER25-100-000']),
  );
  // Its write holds the event in the document's outbox until the relay publishes it.
  const record = await database.documents.model.collection.findOne({ _id: new Types.ObjectId(id) });
  expect((record?.pendingEvents as PendingEvent[]).map((event) => event.topic)).toContain(
    DEFAULT_DOCUMENTS_TOPICS.updated.name,
  );
});

it('counts each entity once on its profile, though the counters flag the document too', async () => {
  const { analyser, ingest } = services();
  const id = await upload(ingest, 'counted.txt', `${TEXT} Filed by Bluewater Hydro Partners LLC.`, 'ER25-200-000');
  await analysed(analyser);
  // The counters' recovery (after a crash) reads the document as stored, entities and all, before its
  // counted flag: it leaves the entities to the analyser, which counted them.
  expect(await statsProjector().recover(new Date(Date.now() + 1_000))).toBeGreaterThan(0);
  const done = await database.documents.findById(id);
  const bluewater = done!.entities.find((entity) => entity.name.startsWith('Bluewater'))!;
  const profile = await entities.find(bluewater.id);
  expect(profile?.documentCount).toBe(1);
  // Its docket, stored with it, is counted by the counters alone.
  const docket = done!.entities.find((entity) => entity.kind === 'docket')!;
  expect((await entities.find(docket.id))?.documentCount).toBe(1);
});

it('leaves a document changed or deleted before its analysis to what was written since', async () => {
  const { analyser, ingest } = services({ ...NOW, quietMs: 60_000, maxWaitMs: 60_000 });
  const changedId = await upload(ingest, 'changed.txt');
  const deletedId = await upload(ingest, 'deleted.txt', `${TEXT} A second filing.`);
  // The same source id with new text: analysed as it is written.
  const again = await ingest.ingest({
    sourceId: UPLOADS_SOURCE.id,
    connector: 'manual',
    sourceDocumentId: 'changed.txt',
    title: 'Rate filing changed.txt',
    pages: ['Revised: Pelican Power Cooperative withdraws the application.'],
  });
  expect(again).toEqual({ outcome: 'updated', documentId: changedId });
  await database.documents.markDeleted(
    deletedId,
    documentDeletedEvent(deletedId, 'withdrawn', DEFAULT_DOCUMENTS_TOPICS.deleted),
  );
  await analyser.stop();
  published = [];

  const next = services();
  expect(await next.analyser.recover()).toBe(0);
  await analysed(next.analyser);
  const changed = await database.documents.findById(changedId);
  expect(changed?.entities.map((entity) => entity.name)).toContain('Pelican Power Cooperative');
  expect(changed?.entities.map((entity) => entity.name)).not.toContain('Pacific Gas and Electric Company');
  expect(published).toEqual([]);
  expect(next.analyser.analysed()).toBe(0);
});

it('holds an import back while documents wait beyond the longest they should, until those are analysed', async () => {
  // Every document overdue at once (maxWaitMs 0), one a batch, and no pause long enough for a batch on time.
  const { analyser, ingest } = services({ quietMs: 60_000, maxWaitMs: 0, batch: 1, maxBatch: 1 });
  const first = await upload(ingest, 'held-1.txt');
  const second = await upload(ingest, 'held-2.txt', `${TEXT} The second of two.`);
  // The second upload went ahead only once the first had its entities.
  expect((await database.documents.findById(first))?.analysisPending).toBeUndefined();
  await analyser.caughtUp();
  expect((await database.documents.findById(second))?.analysisPending).toBeUndefined();
  await analyser.stop();
});
