import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { credentials } from '@grpc/grpc-js';
import Database from 'better-sqlite3';
import type { Connection } from 'mongoose';
import { InputError, UnavailableError } from '@docket/errors';
import { createKafka, ensureTopics, EventConsumer, EventPublisher, newEventFields } from '@docket/events';
import { createLogger } from '@docket/observability';
import type { DocumentIngested } from '@docket/proto/src/document-events';
import {
  DocumentsServiceService,
  Source,
  type Document,
  type ListDocumentsRequest,
  type ListDocumentsResponse,
  type ListSourcesRequest,
  type ListSourcesResponse,
} from '@docket/proto/src/documents';
import { ProcessState, type ProcessUpdated } from '@docket/proto/src/process-events';
import { SearchRequest, SearchServiceClient, SearchSort, type DeepPartial } from '@docket/proto/src/search';
import { connectMongo, grpcCall, startGrpcServer, unary, type RunningGrpcServer } from '@docket/service-kit';
import { testInfraEnv, uniqueName, waitFor } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import { indexPathOf, type Config } from '../../src/config';
import { queryEngineTestConfig, queryEngineTopics } from '../support/query-engine-app';

jest.setTimeout(120_000);

// Quiet by default: some tests fail on purpose and would fill the output with expected errors.
const logger = createLogger('query-engine-test', process.env.TEST_LOG_LEVEL ?? 'silent');
const FIXTURE_COUNT = 1_234; // three pages of 500

/**
 * A stand-in for the documents service at the gRPC boundary (that service is someone else's code):
 * serves fixture documents through the real DocumentsService protocol, paged by offset tokens.
 */
class FakeDocumentsService {
  failing = false;
  pagesServed = 0;
  /** Runs before a page is served; lets a test hold the rebuild at a known point. */
  beforePage: (offset: number) => Promise<void> = async () => undefined;
  readonly documents: Document[] = Array.from({ length: FIXTURE_COUNT }, (_, i) => ({
    id: `fixture-${String(i).padStart(5, '0')}`,
    title: `Fixture filing ${i}`,
    text: `Rebuilt from the source of truth. Serial ${i}. ${i === 7 ? 'The unique word is zanzibar.' : ''}`,
    sourceId: 'ferc',
    docketNumber: `ER24-${i}`,
    filingType: 'order',
    filedAt: new Date(Date.UTC(2024, 0, 1 + (i % 300))),
    createdAt: new Date(),
    sha256: `sha-fixture-${i}`,
    createdBy: 'seed',
    filingCategory: 'Order',
    filers: [],
    description: '',
    language: 'en',
    docketId: '',
    pages: [],
    attachments: [],
    provenance: undefined,
    textOffset: 0,
    textLength: 0,
    failureReason: '',
    entitiesPending: false,
  }));
  private server: RunningGrpcServer | undefined;

  async start(): Promise<number> {
    const notUsed = unary(logger, async () => {
      throw new Error('not used by query-engine');
    });
    this.server = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      logger,
      services: [
        {
          definition: DocumentsServiceService,
          implementation: {
            createDocument: notUsed,
            getDocument: notUsed,
            // The rebuild names agencies from here (ListDocuments' documents carry only the source id).
            listSources: unary<ListSourcesRequest, ListSourcesResponse>(logger, async () => ({
              sources: [Source.fromPartial({ id: 'ferc', name: 'Federal Energy Regulatory Commission' })],
            })),
            listDocuments: unary<ListDocumentsRequest, ListDocumentsResponse>(logger, async (request) => {
              if (this.failing) throw new UnavailableError('documents database is down');
              const offset = Number(request.pageToken || '0');
              await this.beforePage(offset);
              this.pagesServed += 1;
              const page = this.documents.slice(offset, offset + request.pageSize);
              const next = offset + page.length;
              return {
                documents: page,
                nextPageToken: next < this.documents.length ? String(next) : '',
                totalSize: String(this.documents.length),
              };
            }),
          },
        },
      ],
    });
    return this.server.port;
  }

  stop(): Promise<void> {
    return this.server?.shutdown(1000) ?? Promise.resolve();
  }
}

describe('query-engine (real Kafka, MongoDB stand-in, Redis)', () => {
  const infra = testInfraEnv();
  let config: Config;
  let documentTopics: ReturnType<typeof queryEngineTopics>['documents'];
  let processTopic: ReturnType<typeof queryEngineTopics>['processUpdated'];
  const kafka = createKafka({ clientId: 'query-engine-test', brokers: infra.kafkaBrokers, logger });
  const publisher = new EventPublisher(kafka, logger);
  const processEvents: ProcessUpdated[] = [];
  const documents = new FakeDocumentsService();
  let dataDir: string;
  let app: RunningApp;
  let client: SearchServiceClient;
  let watcherConnection: Connection;
  let watcher: EventConsumer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'qe-it-'));
    const documentsPort = await documents.start();
    config = queryEngineTestConfig('qe', {
      DOCUMENTS_GRPC: `127.0.0.1:${documentsPort}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    ({ documents: documentTopics, processUpdated: processTopic } = queryEngineTopics(config));
    await ensureTopics(kafka, [...Object.values(documentTopics), processTopic]);
    await publisher.connect();

    // Watches processes.updated.v1 the way the export service does: its own consumer group.
    watcherConnection = await connectMongo(infra.mongoUrl, uniqueName('qe_watch'));
    watcher = new EventConsumer({
      kafka,
      groupId: uniqueName('qe-test.watch'),
      connection: watcherConnection,
      logger,
    }).on(processTopic, async (event) => {
      processEvents.push(event);
    });
    await watcher.start();

    await startQueryEngine();
  });

  async function startQueryEngine(): Promise<void> {
    app = await startApp(config, logger);
    client = new SearchServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
  }

  afterAll(async () => {
    client?.close();
    await app?.stop();
    await watcher?.stop();
    await watcherConnection?.close();
    await publisher.disconnect();
    await documents.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const search = (query: string) => grpcCall(client, 'search', SearchRequest.fromPartial({ query, limit: 10 }));
  const indexedCount = async () => Number((await grpcCall(client, 'getIndexStats', {})).documents);

  function ingested(
    documentId: string,
    title: string,
    text: string,
    extra: Partial<DocumentIngested> = {},
  ): DocumentIngested {
    return {
      ...newEventFields(),
      documentId,
      title,
      text,
      sourceId: 'puc-ca',
      docketNumber: 'A.24-01-001',
      filingType: 'motion',
      filedAt: new Date('2024-05-02T00:00:00Z'),
      sha256: `sha-${documentId}-${title}-${text}`,
      filingCategory: '',
      filers: [],
      parties: [],
      description: '',
      language: '',
      docketId: '',
      sourceName: '',
      entities: [],
      pages: [],
      ...extra,
    };
  }

  it('makes a document searchable when documents.ingested.v1 arrives', async () => {
    const documentId = uniqueName('doc');
    await publisher.publish(
      documentTopics.ingested,
      ingested(
        documentId,
        'Motion to compel <discovery>',
        'The intervenor moves to compel responses on wildfire mitigation costs.',
      ),
    );
    const result = await waitFor(
      async () => {
        const r = await search('wildfire mitigation');
        return r.hits.length > 0 ? r : undefined;
      },
      { description: 'the ingested document to be searchable', timeoutMs: 20_000 },
    );
    expect(result.total).toBe('1');
    expect(result.hits[0]).toMatchObject({
      documentId,
      title: 'Motion to compel <discovery>',
      sourceId: 'puc-ca',
      docketNumber: 'A.24-01-001',
      filingType: 'motion',
    });
    expect(result.hits[0]!.snippet).toContain('<mark>wildfire</mark> <mark>mitigation</mark>');
    expect(result.hits[0]!.filedAt).toEqual(new Date('2024-05-02T00:00:00Z'));
    expect(result.tookMs).toBeGreaterThan(0);
  });

  it('applies documents.updated.v1 and removes a document on documents.deleted.v1', async () => {
    const documentId = uniqueName('doc');
    await publisher.publish(
      documentTopics.ingested,
      ingested(documentId, 'Tariff sheet', 'Original tariff for pelican county.'),
    );
    await waitFor(async () => (await search('pelican')).hits.length === 1, {
      description: 'ingested document indexed',
      timeoutMs: 20_000,
    });

    await publisher.publish(documentTopics.updated, {
      ...ingested(documentId, 'Tariff sheet', 'Revised tariff for flamingo county.'),
      ...newEventFields(),
    });
    await waitFor(async () => (await search('flamingo')).hits.length === 1, {
      description: 'updated text indexed',
      timeoutMs: 20_000,
    });
    expect((await search('pelican')).total).toBe('0');

    await publisher.publish(documentTopics.deleted, { ...newEventFields(), documentId, reason: 'withdrawn' });
    await waitFor(async () => (await search('flamingo')).hits.length === 0, {
      description: 'deleted document gone',
      timeoutMs: 20_000,
    });
  });

  it('processes the same event once, even when it arrives twice', async () => {
    const before = await indexedCount();
    const documentId = uniqueName('doc');
    const event = ingested(documentId, 'Duplicate delivery', 'The albatross appears once.');
    await publisher.publish(documentTopics.ingested, event);
    await publisher.publish(documentTopics.ingested, event);
    // A redelivery with the same event_id but a different body must be ignored too (dedup is on event_id).
    await publisher.publish(documentTopics.ingested, { ...event, text: 'The albatross was replaced by a cormorant.' });
    // A marker for the same document id (same key → same partition → handled after the three above).
    await publisher.publish(documentTopics.updated, { ...event, ...newEventFields(), docketNumber: 'MARKER-1' });
    await waitFor(async () => (await search('albatross')).hits[0]?.docketNumber === 'MARKER-1', {
      description: 'marker update applied',
      timeoutMs: 20_000,
    });
    expect((await search('cormorant')).total).toBe('0');
    expect((await search('albatross')).total).toBe('1');
    expect(await indexedCount()).toBe(before + 1);
  });

  it('rejects empty and malformed queries (naming column and expectation), bad filters: INVALID_ARGUMENT', async () => {
    await expect(search('   ')).rejects.toBeInstanceOf(InputError);
    await expect(search('   ')).rejects.toMatchObject({
      issues: [{ path: 'query', message: 'must not be empty unless filters are given' }],
    });
    await expect(search('rate AND (case')).rejects.toMatchObject({
      issues: [{ path: 'query', message: 'expected ")" at column 15' }],
    });
    await expect(search('filed:[2024-05-01 TO 2024-13-01]')).rejects.toMatchObject({
      issues: [{ path: 'query', message: expect.stringMatching(/invalid date "2024-13-01" at column 22/) }],
    });
    await expect(
      grpcCall(
        client,
        'search',
        SearchRequest.fromPartial({ query: 'rate', filters: { filedFrom: '2024/01/01', parties: ['--'] } }),
      ),
    ).rejects.toMatchObject({
      name: 'InputError',
      issues: [
        { path: 'filters.parties[0]', message: 'must contain a letter or digit, got "--"' },
        { path: 'filters.filed_from', message: 'must be a date written YYYY-MM-DD, got "2024/01/01"' },
      ],
    });
    await expect(
      grpcCall(client, 'search', SearchRequest.fromPartial({ query: 'rate', cursor: 'not-a-cursor' })),
    ).rejects.toMatchObject({ issues: [{ path: 'cursor' }] });
    await expect(grpcCall(client, 'startReindex', { requestedBy: '' })).rejects.toMatchObject({
      name: 'InputError',
      issues: [{ path: 'requested_by' }],
    });
  });

  it('searches with query language, filters, facets, date sort and cursors over documents from events', async () => {
    const marker = uniqueName('heron').replace(/[^a-z0-9]/giu, '');
    const events = [
      ingested(`${marker}-1`, 'Order on the heron tariff', `The ${marker} tariff is approved.`, {
        sourceId: 'ferc',
        sourceName: 'Federal Energy Regulatory Commission',
        docketNumber: 'ER24-9-000',
        filingType: 'Order',
        filingCategory: 'Order',
        filedAt: new Date('2024-03-01T12:00:00Z'),
        parties: ['Pacific Gas and Electric Company'],
        entities: [{ entityId: 'e1', kind: 'place', name: 'Diablo Canyon' }],
        pages: [{ number: 1, start: 0, end: 10 }],
      }),
      ingested(`${marker}-2`, 'Comments on the heron tariff', `Comments about ${marker} from Sierra Club.`, {
        sourceId: 'ferc',
        sourceName: 'Federal Energy Regulatory Commission',
        docketNumber: 'er24 9 000',
        filingType: 'Comments',
        filingCategory: 'Comment',
        filedAt: new Date('2024-04-01T12:00:00Z'),
        parties: ['Sierra Club'],
        filers: ['Sierra Club'],
      }),
      ingested(`${marker}-3`, 'State decision', `A ${marker} decision of the state.`, {
        sourceId: 'puc-ca',
        sourceName: 'California Public Utilities Commission',
        filingType: 'Proposed Decision',
        filingCategory: 'Decision',
        filedAt: new Date('2023-11-15T12:00:00Z'),
        parties: ['Pacific Gas and Electric Company'],
      }),
    ];
    for (const event of events) await publisher.publish(documentTopics.ingested, event);
    await waitFor(async () => (await search(marker)).total === '3', {
      description: 'the three filings indexed',
      timeoutMs: 20_000,
    });

    const run = (partial: DeepPartial<SearchRequest>) =>
      grpcCall(client, 'search', SearchRequest.fromPartial({ limit: 10, ...partial }));
    const ids = (response: { hits: { documentId: string }[] }) => response.hits.map((hit) => hit.documentId);

    const filtered = await run({
      query: `${marker} NOT type:decision`,
      filters: { agencies: ['Federal Energy Regulatory Commission'], dockets: ['ER24-9-000'] },
      includeFacets: true,
    });
    expect(ids(filtered).sort()).toEqual([`${marker}-1`, `${marker}-2`]);
    expect(filtered.normalizedQuery).toBe(`${marker} AND NOT type:decision`);
    const facet = (name: string) => filtered.facets.find((f) => f.field === name)?.buckets;
    expect(facet('agency')).toEqual([{ value: 'ferc', label: 'Federal Energy Regulatory Commission', count: '2' }]);
    expect(facet('filing_type')).toEqual(
      expect.arrayContaining([
        { value: 'Order', label: 'Order', count: '1' },
        { value: 'Comment', label: 'Comment', count: '1' },
      ]),
    );
    expect(facet('docket')).toHaveLength(1);
    expect(facet('docket')![0]!.count).toBe('2');
    expect(facet('year')).toEqual([{ value: '2024', label: '2024', count: '2' }]);
    expect(facet('party')!.map((b) => [b.value, b.count])).toEqual(
      expect.arrayContaining([
        ['Pacific Gas and Electric Company', '1'],
        ['Sierra Club', '1'],
      ]),
    );

    const hit = (await run({ query: `party:"Pacific Gas" AND entity:diablo AND ${marker}` })).hits;
    expect(hit.map((h) => h.documentId)).toEqual([`${marker}-1`]);
    expect(hit[0]).toMatchObject({
      sourceName: 'Federal Energy Regulatory Commission',
      filingCategory: 'Order',
      parties: ['Pacific Gas and Electric Company'],
    });
    expect(hit[0]!.snippet).toContain(`<mark>${marker}</mark>`);

    const dated = await run({ query: `${marker} filed:[2024-01-01 TO *]`, sort: SearchSort.SEARCH_SORT_FILED_OLDEST });
    expect(ids(dated)).toEqual([`${marker}-1`, `${marker}-2`]);

    const first = await run({ query: marker, sort: SearchSort.SEARCH_SORT_FILED_NEWEST, limit: 2 });
    expect(ids(first)).toEqual([`${marker}-2`, `${marker}-1`]);
    expect(first.nextCursor).not.toBe('');
    const second = await run({
      query: marker,
      sort: SearchSort.SEARCH_SORT_FILED_NEWEST,
      limit: 2,
      cursor: first.nextCursor,
    });
    expect(ids(second)).toEqual([`${marker}-3`]);
    expect(second.nextCursor).toBe('');
    await expect(
      run({ query: marker, sort: SearchSort.SEARCH_SORT_RELEVANCE, limit: 2, cursor: first.nextCursor }),
    ).rejects.toMatchObject({ issues: [{ path: 'cursor' }] });

    // One hit a page: each cursor continues after the last, the total stays, the last page has no cursor.
    const walked: string[] = [];
    let cursor = '';
    do {
      const page = await run({ query: marker, sort: SearchSort.SEARCH_SORT_FILED_NEWEST, limit: 1, cursor });
      expect(page.total).toBe('3');
      walked.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor !== '' && walked.length < 4);
    expect(walked).toEqual([`${marker}-2`, `${marker}-1`, `${marker}-3`]);

    // Only filters: listed newest first.
    const listed = await run({
      query: '',
      filters: { agencies: ['puc-ca'], filingTypes: ['decision'], filedFrom: '2023-11-15', filedTo: '2023-11-15' },
    });
    expect(ids(listed)).toEqual([`${marker}-3`]);
  });

  const eventsOf = (processId: string) => processEvents.filter((e) => e.processId === processId);
  function expectStrictlyIncreasing(events: ProcessUpdated[]): void {
    const sequences = events.map((e) => Number(e.sequence));
    sequences.slice(1).forEach((sequence, i) => expect(sequence).toBeGreaterThan(sequences[i]!));
  }
  const isFinal = (e: ProcessUpdated) =>
    e.state === ProcessState.PROCESS_STATE_SUCCEEDED || e.state === ProcessState.PROCESS_STATE_FAILED;

  it('a re-index from the documents service: queued → running with progress → succeeded, done = total', async () => {
    let processId = '';
    const duringId = uniqueName('doc');
    // Hold the rebuild before its second page until progress for the first page has been published,
    // and a document arrives by event meanwhile: it must survive the swap.
    documents.beforePage = async (offset) => {
      if (offset !== 500) return;
      await waitFor(
        () =>
          eventsOf(processId).some(
            (e) =>
              e.state === ProcessState.PROCESS_STATE_RUNNING && e.done === '500' && e.total === String(FIXTURE_COUNT),
          ),
        { description: 'progress 500/total to be published', timeoutMs: 20_000 },
      );
      await publisher.publish(
        documentTopics.ingested,
        ingested(duringId, 'During the rebuild', 'Filed while re-indexing: ocelot.'),
      );
      await waitFor(async () => (await search('ocelot')).hits.length === 1, {
        description: 'live event indexed during the rebuild',
        timeoutMs: 20_000,
      });
      // The live index lacks the source's fixtures, which the swap brings: they are pending, with no
      // event left unapplied once the consumer has committed the one above.
      await waitFor(
        async () => {
          const stats = await grpcCall(client, 'getIndexStats', {});
          return Number(stats.pending) === FIXTURE_COUNT - Number(stats.documents);
        },
        { description: 'the fixtures still to come counted as pending', timeoutMs: 20_000 },
      );
    };
    try {
      ({ processId } = await grpcCall(client, 'startReindex', { requestedBy: 'user-admin-1' }));
      expect(processId).toMatch(/^[0-9a-f-]{36}$/);

      const final = await waitFor(() => eventsOf(processId).find(isFinal), {
        description: 'the re-index to finish',
        timeoutMs: 60_000,
      });
      const events = eventsOf(processId);
      expect(events[0]).toMatchObject({
        state: ProcessState.PROCESS_STATE_QUEUED,
        sequence: '1',
        kind: 'reindex',
        title: 'Re-index all documents',
        ownerId: 'user-admin-1',
      });
      expectStrictlyIncreasing(events);
      expect(final).toMatchObject({
        state: ProcessState.PROCESS_STATE_SUCCEEDED,
        done: String(FIXTURE_COUNT),
        total: String(FIXTURE_COUNT),
      });
      expect(events.at(-1)).toBe(final);
      for (const e of events) expect(Number(e.done)).toBeLessThanOrEqual(Number(e.total));
    } finally {
      documents.beforePage = async () => undefined;
    }

    // The rebuilt index is the source of truth plus what arrived by event during the rebuild.
    expect(await indexedCount()).toBe(FIXTURE_COUNT + 1);
    expect((await grpcCall(client, 'getIndexStats', {})).pending).toBe('0');
    expect((await search('zanzibar')).hits.map((h) => h.documentId)).toEqual(['fixture-00007']);
    // Rebuilt documents are named after their agency by ListSources.
    expect((await search('zanzibar agency:"federal energy regulatory commission"')).hits[0]).toMatchObject({
      sourceName: 'Federal Energy Regulatory Commission',
    });
    expect((await search('ocelot')).hits.map((h) => h.documentId)).toEqual([duringId]);
    expect((await search('albatross')).total).toBe('0'); // event-only documents from before are gone

    // The index keeps following events after the swap.
    const documentId = uniqueName('doc');
    await publisher.publish(
      documentTopics.ingested,
      ingested(documentId, 'After the swap', 'Filed after the rebuild: quetzal.'),
    );
    await waitFor(async () => (await search('quetzal')).hits.length === 1, {
      description: 'post-swap event indexed',
      timeoutMs: 20_000,
    });
  });

  it('restarts an interrupted re-index from scratch after a service restart', async () => {
    let processId = '';
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    documents.beforePage = async (offset) => {
      if (offset === 500) await released;
    };
    try {
      ({ processId } = await grpcCall(client, 'startReindex', { requestedBy: 'user-admin-2' }));
      await waitFor(() => eventsOf(processId).some((e) => e.done === '500'), {
        description: 'first page done',
        timeoutMs: 20_000,
      });
      client.close();
      const stopping = app.stop(); // SIGTERM path: drains gRPC, interrupts the worker between pages
      release();
      await stopping;
      expect(eventsOf(processId).find(isFinal)).toBeUndefined();
    } finally {
      documents.beforePage = async () => undefined;
    }
    await waitFor(
      () =>
        eventsOf(processId).some(
          (e) => e.state === ProcessState.PROCESS_STATE_QUEUED && /interrupted/i.test(e.message),
        ),
      { description: 'the interruption to be reported', timeoutMs: 20_000 },
    );

    await startQueryEngine();
    const final = await waitFor(() => eventsOf(processId).find(isFinal), {
      description: 'the restarted re-index to finish',
      timeoutMs: 60_000,
    });
    expect(final).toMatchObject({
      state: ProcessState.PROCESS_STATE_SUCCEEDED,
      done: String(FIXTURE_COUNT),
      total: String(FIXTURE_COUNT),
    });
    expectStrictlyIncreasing(eventsOf(processId));
    // Exactly the source of truth again (the fake source never learnt of the event-only documents).
    expect(await indexedCount()).toBe(FIXTURE_COUNT);
  });

  it('reports a re-index that keeps failing: retried, then failed with the reason', async () => {
    documents.failing = true;
    try {
      const before = await indexedCount();
      const { processId } = await grpcCall(client, 'startReindex', { requestedBy: 'user-admin-1' });
      const final = await waitFor(() => eventsOf(processId).find(isFinal), {
        description: 'the re-index to fail',
        timeoutMs: 60_000,
      });
      expect(final).toMatchObject({ state: ProcessState.PROCESS_STATE_FAILED });
      expect(final.message).toContain('documents database is down');
      const events = eventsOf(processId);
      expect(events.filter((e) => e.state === ProcessState.PROCESS_STATE_RUNNING)).toHaveLength(3); // attempts 3
      expectStrictlyIncreasing(events);
      expect(await indexedCount()).toBe(before); // the live index is untouched by a failed build
    } finally {
      documents.failing = false;
    }
  });

  it('refills by itself an index that a schema change left empty: a re-index process at start', async () => {
    client.close();
    await app.stop();
    // An index file from an older release: its schema version is behind this code's.
    const file = new Database(indexPathOf(config));
    file.pragma('user_version = 1');
    file.close();
    const startedAt = processEvents.length;
    await startQueryEngine();

    const started = await waitFor(
      () =>
        processEvents
          .slice(startedAt)
          .find((e) => e.kind === 'reindex' && e.state === ProcessState.PROCESS_STATE_QUEUED),
      { description: 'a re-index queued at start', timeoutMs: 20_000 },
    );
    expect(started.ownerId).toBe(''); // started by the service itself: administrators see it
    const final = await waitFor(() => eventsOf(started.processId).find(isFinal), {
      description: 'the re-index to finish',
      timeoutMs: 60_000,
    });
    expect(final).toMatchObject({ state: ProcessState.PROCESS_STATE_SUCCEEDED, done: String(FIXTURE_COUNT) });
    expect(await indexedCount()).toBe(FIXTURE_COUNT);
    expect((await search('zanzibar')).hits.map((h) => h.documentId)).toEqual(['fixture-00007']);
  });

  it('refills a lost index itself: created empty though the indexer group has offsets, documents exist', async () => {
    client.close();
    await app.stop();
    // The pod comes back on an empty volume: no index file, no vectors; Kafka offsets are past every event.
    rmSync(dirname(indexPathOf(config)), { recursive: true, force: true });
    const startedAt = processEvents.length;
    await startQueryEngine();

    const started = await waitFor(
      () =>
        processEvents
          .slice(startedAt)
          .find((e) => e.kind === 'reindex' && e.state === ProcessState.PROCESS_STATE_QUEUED),
      { description: 'a re-index queued at start', timeoutMs: 20_000 },
    );
    expect(started.ownerId).toBe('');
    const final = await waitFor(() => eventsOf(started.processId).find(isFinal), {
      description: 'the re-index to finish',
      timeoutMs: 60_000,
    });
    expect(final).toMatchObject({ state: ProcessState.PROCESS_STATE_SUCCEEDED, done: String(FIXTURE_COUNT) });
    expect(await indexedCount()).toBe(FIXTURE_COUNT);
    expect((await search('zanzibar')).hits.map((h) => h.documentId)).toEqual(['fixture-00007']);
  });
});
