import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { credentials, status, type ServiceError } from '@grpc/grpc-js';
import type { Connection } from 'mongoose';
import { InputError, NotFoundError } from '@docket/errors';
import { createKafka, ensureTopics, EventConsumer, EventPublisher, newEventFields } from '@docket/events';
import { createLogger } from '@docket/observability';
import {
  AnalysisMode,
  QueryServiceClient,
  type AskRequest,
  type AskResponse,
  type Query,
} from '@docket/proto/src/queries';
import type { QueryCompleted } from '@docket/proto/src/query-events';
import { SearchRequest, SearchServiceClient } from '@docket/proto/src/search';
import { RequestKind, WorkspaceRole, WorkspaceServiceClient } from '@docket/proto/src/workspaces';
import { connectMongo, grpcCall } from '@docket/service-kit';
import { uniqueName, waitFor } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import { queryEngineTestConfig, queryEngineTopics } from '../support/query-engine-app';
import { allFilings, type FixtureDocument } from '../unit/analysis/fixtures/filings';

jest.setTimeout(180_000);

const logger = createLogger('query-engine-ask-test', process.env.TEST_LOG_LEVEL ?? 'silent');
const NO_FILTERS = { agencies: [], filingTypes: [], dockets: [], parties: [], filedFrom: '', filedTo: '' };

/** Asks through the real gRPC stream and collects every update in arrival order. */
function ask(client: QueryServiceClient, request: Partial<AskRequest>): Promise<AskResponse[]> {
  return new Promise((resolve, reject) => {
    const updates: AskResponse[] = [];
    const call = client.ask({
      question: '',
      filters: NO_FILTERS,
      userId: '',
      workspaceId: '',
      mode: AnalysisMode.ANALYSIS_MODE_UNSPECIFIED,
      ...request,
    });
    call.on('data', (update: AskResponse) => updates.push(update));
    call.on('error', reject);
    call.on('end', () => resolve(updates));
  });
}

const kindOf = (update: AskResponse) =>
  Object.keys(update).find((key) => update[key as keyof AskResponse] !== undefined);

/** The whole query-engine (as app.ts wires it, vectors on) fed through Kafka, asked through gRPC. */
describe("QueryService: ask, stored queries, the admins' list (real Kafka, MongoDB stand-in, Redis)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'qe-ask-'));
  const config = queryEngineTestConfig('qe-ask', {
    DOCUMENTS_GRPC: '127.0.0.1:1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    OUTBOX_INTERVAL_MS: '500',
  });
  const { documents: documentTopics, queryCompleted: queryCompletedTopic } = queryEngineTopics(config);
  const kafka = createKafka({ clientId: 'query-engine-ask-test', brokers: config.KAFKA_BROKERS, logger });
  const publisher = new EventPublisher(kafka, logger);
  const completedEvents: QueryCompleted[] = [];
  let app: RunningApp;
  let queries: QueryServiceClient;
  let workspaces: WorkspaceServiceClient;
  let search: SearchServiceClient;
  let watcherConnection: Connection;
  let watcher: EventConsumer;
  const owner = uniqueName('owner');
  const outsider = uniqueName('outsider');
  let workspaceId: string;

  function ingested(document: FixtureDocument) {
    return {
      ...newEventFields(),
      documentId: document.id,
      title: document.title,
      text: document.text,
      sourceId: document.sourceId,
      sourceName: document.sourceName,
      docketNumber: document.docketNumber,
      filingType: document.filingCategory,
      filingCategory: document.filingCategory,
      filedAt: document.filedAt,
      sha256: `sha-${document.id}`,
      filers: document.filers,
      parties: document.parties,
      description: '',
      language: 'en',
      docketId: '',
      entities: [],
      pages: document.pages,
    };
  }

  beforeAll(async () => {
    await ensureTopics(kafka, [...Object.values(documentTopics), queryCompletedTopic]);
    await publisher.connect();
    watcherConnection = await connectMongo(config.MONGO_URL, uniqueName('qa_watch'));
    watcher = new EventConsumer({
      kafka,
      groupId: uniqueName('qa-test.watch'),
      connection: watcherConnection,
      logger,
    }).on(queryCompletedTopic, async (event) => {
      completedEvents.push(event);
    });
    await watcher.start();

    app = await startApp(config, logger);
    const target = `127.0.0.1:${app.grpcPort}`;
    queries = new QueryServiceClient(target, credentials.createInsecure());
    workspaces = new WorkspaceServiceClient(target, credentials.createInsecure());
    search = new SearchServiceClient(target, credentials.createInsecure());

    for (const filing of allFilings) await publisher.publish(documentTopics.ingested, ingested(filing));
    await waitFor(async () => (await app.index.count()) === allFilings.length, {
      description: 'the fixture filings to be indexed',
      timeoutMs: 60_000,
    });

    const created = await grpcCall(workspaces, 'createWorkspace', {
      userId: owner,
      name: 'PG&E proceedings',
      description: 'California utility',
      defaultFilters: { ...NO_FILTERS, agencies: ['cpuc', 'ferc'] },
    });
    workspaceId = created.workspace!.workspaceId;
  });

  afterAll(async () => {
    queries?.close();
    workspaces?.close();
    search?.close();
    await app?.stop();
    await watcher?.stop();
    await watcherConnection?.close();
    await publisher.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let answered: Query;

  it('streams started, documents, the analysis section by section, figures, then the stored query', async () => {
    const updates = await ask(queries, {
      question: 'What rate increase did the commission approve for Pacific Gas and Electric?',
      userId: owner,
      workspaceId,
    });
    const kinds = updates.map(kindOf);
    expect(kinds[0]).toBe('started');
    expect(kinds[1]).toBe('documents');
    expect(kinds.at(-2)).toBe('figures');
    expect(kinds.at(-1)).toBe('completed');
    expect(kinds.filter((kind) => kind === 'section').length).toBeGreaterThan(0);

    answered = updates.at(-1)!.completed!;
    expect(answered.queryId).toBe(updates[0]!.started!.queryId);
    expect(answered.mode).toBe(AnalysisMode.ANALYSIS_MODE_EXTRACTIVE);
    // The workspace's default filters (cpuc, ferc) apply: the court's opinion is out of scope.
    expect(answered.resultIds).toContain('doc-cpuc-d2311069');
    expect(answered.resultIds).not.toContain('doc-dcc-23-1185');
    expect(answered.documents[0]!.documentId).toBe('doc-cpuc-d2311069');
  });

  it('cites every sentence with offsets whose text is the quote, in a document of the result', async () => {
    const byId = new Map(allFilings.map((filing) => [filing.id, filing]));
    const sentences = answered.analysis!.sections.flatMap((section) => section.sentences);
    expect(sentences.length).toBeGreaterThan(0);
    for (const sentence of sentences) {
      expect(sentence.citations.length).toBeGreaterThan(0);
      for (const citation of sentence.citations) {
        expect(answered.resultIds).toContain(citation.documentId);
        expect(byId.get(citation.documentId)!.text.slice(citation.start, citation.end)).toBe(citation.quote);
        expect(citation.page).toBeGreaterThanOrEqual(1);
      }
    }
    expect(sentences.map((s) => s.text).join(' ')).toMatch(/\$1\.1 billion|billion/);
    // The documents view lists the passages cited from each document.
    const cited = answered.documents.find((d) => d.documentId === 'doc-cpuc-d2311069')!;
    expect(cited.passages.length).toBeGreaterThan(0);
    // The figures describe the proceeding the answer is about, everything retrieved beside them.
    expect(answered.figures!.scopeDocketNumber).toBe(answered.analysis!.scope!.docketNumber);
    expect(Number(answered.figures!.retrieved!.resultCount)).toBe(answered.resultIds.length);
  });

  it('logs the query in the workspace and emits queries.completed.v1 through the outbox', async () => {
    expect(answered.requestId).not.toBe('');
    const { request } = await grpcCall(workspaces, 'getRequest', {
      workspaceId,
      requestId: answered.requestId,
      userId: owner,
      asAdmin: false,
    });
    expect(request).toMatchObject({ kind: RequestKind.REQUEST_KIND_QUERY, queryId: answered.queryId, userId: owner });
    await waitFor(() => completedEvents.some((event) => event.queryId === answered.queryId), {
      description: 'queries.completed.v1 for the query',
    });
    const event = completedEvents.find((e) => e.queryId === answered.queryId)!;
    expect(event).toMatchObject({
      workspaceId,
      userId: owner,
      requestId: answered.requestId,
      mode: 'extractive',
      documentIds: answered.resultIds,
    });
  });

  it("shows a stored query to its author, the workspace's members and administrators only", async () => {
    const read = (userId: string, asAdmin = false) =>
      grpcCall(queries, 'getQuery', { queryId: answered.queryId, userId, asAdmin });
    expect((await read(owner)).query!.question).toBe(answered.question);
    expect((await read('', true)).query!.queryId).toBe(answered.queryId);
    await expect(read(outsider)).rejects.toBeInstanceOf(NotFoundError);
    await grpcCall(workspaces, 'setMember', {
      workspaceId,
      userId: owner,
      memberUserId: outsider,
      role: WorkspaceRole.WORKSPACE_ROLE_VIEWER,
    });
    expect((await read(outsider)).query!.queryId).toBe(answered.queryId);
  });

  it('follows an answer by id from its start (WatchQuery); NOT_FOUND at once for an id that names none', async () => {
    const watch = (queryId: string, userId: string) =>
      new Promise<AskResponse[]>((resolve, reject) => {
        const updates: AskResponse[] = [];
        const call = queries.watchQuery({ queryId, userId, asAdmin: false });
        call.on('data', (update: AskResponse) => updates.push(update));
        call.on('error', reject);
        call.on('end', () => resolve(updates));
      });
    // Watched as soon as it starts (a reload while it is written), the answer comes whole, ending stored.
    // (Asked outside the workspace, by someone else, so the administrators' list below is unchanged.)
    const question = 'Which rate increase did the commission approve?';
    const reader = uniqueName('reader');
    const watched = new Promise<AskResponse[]>((resolve, reject) => {
      const call = queries.ask({
        question,
        filters: NO_FILTERS,
        userId: reader,
        workspaceId: '',
        mode: AnalysisMode.ANALYSIS_MODE_UNSPECIFIED,
      });
      call.once('data', (update: AskResponse) => resolve(watch(update.started!.queryId, reader)));
      call.on('error', reject);
    });
    const updates = await watched;
    expect(updates[0]!.started).toMatchObject({ question });
    expect(updates.at(-1)!.completed).toMatchObject({ queryId: updates[0]!.started!.queryId, question });
    // Stored: at once, as started and completed.
    const again = await watch(updates[0]!.started!.queryId, reader);
    expect(again.map(kindOf)).toEqual(['started', 'completed']);

    for (const unknown of ['65f0c0ffee0000000000dead', 'not an id']) {
      const started = Date.now();
      await expect(watch(unknown, owner)).rejects.toMatchObject({ code: status.NOT_FOUND });
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    await expect(watch(answered.queryId, uniqueName('stranger'))).rejects.toMatchObject({ code: status.NOT_FOUND });
  });

  it("refuses a bad question with the field that is wrong, and a non-member's question as not found", async () => {
    const empty = await ask(queries, { question: '   ', userId: owner, workspaceId }).catch(
      (error: ServiceError) => error,
    );
    expect(empty).toMatchObject({ code: status.INVALID_ARGUMENT });
    expect((empty as ServiceError).details).toMatch(/question/);
    const badDate = await ask(queries, {
      question: 'rates',
      userId: owner,
      workspaceId,
      filters: { ...NO_FILTERS, filedFrom: '2024-13-01' },
    }).catch((error: ServiceError) => error);
    expect(badDate).toMatchObject({ code: status.INVALID_ARGUMENT });
    expect((badDate as ServiceError).details).toMatch(/filed_from/);
    const stranger = await ask(queries, { question: 'rates', userId: uniqueName('stranger'), workspaceId }).catch(
      (error: ServiceError) => error,
    );
    expect(stranger).toMatchObject({ code: status.NOT_FOUND });
  });

  it('refuses a mode not offered (generative without a language model), naming mode and what is offered', async () => {
    const offered = await grpcCall(queries, 'getAnswerModes', {});
    expect(offered.modes).toEqual([AnalysisMode.ANALYSIS_MODE_EXTRACTIVE]);
    const refused = await ask(queries, {
      question: 'rates',
      userId: owner,
      workspaceId,
      mode: AnalysisMode.ANALYSIS_MODE_GENERATIVE,
    }).catch((error: ServiceError) => error);
    expect(refused).toMatchObject({ code: status.INVALID_ARGUMENT });
    expect((refused as ServiceError).details).toBe('generative answers are not offered here');
    const issues = JSON.parse(String((refused as ServiceError).metadata.get('x-field-issues-bin')[0]));
    expect(issues).toEqual([{ path: 'mode', message: 'is not offered here; choose one of: extractive' }]);
  });

  it('lists queries for administrators, newest first, filtered by user, workspace, latency and mode', async () => {
    const second = (
      await ask(queries, { question: 'When are comments due on the ER25-1234 filing?', userId: owner, workspaceId })
    ).at(-1)!.completed!;
    const list = await grpcCall(queries, 'listQueries', {
      userId: owner,
      workspaceId,
      minTotalMs: 0,
      mode: AnalysisMode.ANALYSIS_MODE_UNSPECIFIED,
      limit: 1,
      cursor: '',
    });
    expect(list.queries.map((q) => q.queryId)).toEqual([second.queryId]);
    const next = await grpcCall(queries, 'listQueries', {
      userId: owner,
      workspaceId,
      minTotalMs: 0,
      mode: AnalysisMode.ANALYSIS_MODE_UNSPECIFIED,
      limit: 1,
      cursor: list.nextCursor,
    });
    expect(next.queries.map((q) => q.queryId)).toEqual([answered.queryId]);
    const generative = await grpcCall(queries, 'listQueries', {
      userId: owner,
      workspaceId: '',
      minTotalMs: 0,
      mode: AnalysisMode.ANALYSIS_MODE_GENERATIVE,
      limit: 10,
      cursor: '',
    });
    expect(generative.queries).toEqual([]);
    const slow = await grpcCall(queries, 'listQueries', {
      userId: '',
      workspaceId,
      minTotalMs: 3_600_000,
      mode: AnalysisMode.ANALYSIS_MODE_UNSPECIFIED,
      limit: 10,
      cursor: '',
    });
    expect(slow.queries).toEqual([]);
    await expect(
      grpcCall(queries, 'listQueries', {
        userId: '',
        workspaceId: '',
        minTotalMs: 0,
        mode: 0,
        limit: 10,
        cursor: 'not-a-cursor',
      }),
    ).rejects.toBeInstanceOf(InputError);
  });

  it('logs a workspace search with a stored query whose analysis is written when first opened', async () => {
    const result = await grpcCall(
      search,
      'search',
      SearchRequest.fromPartial({ query: 'rate increase', userId: owner, workspaceId, limit: 10, record: true }),
    );
    expect(result.requestId).not.toBe('');
    const { request } = await grpcCall(workspaces, 'getRequest', {
      workspaceId,
      requestId: result.requestId,
      userId: owner,
      asAdmin: false,
    });
    expect(request).toMatchObject({ kind: RequestKind.REQUEST_KIND_SEARCH, text: 'rate increase' });
    expect(request!.queryId).not.toBe('');
    const { query } = await grpcCall(queries, 'getQuery', { queryId: request!.queryId, userId: owner, asAdmin: false });
    expect(query!.requestId).toBe(result.requestId);
    expect(query!.resultIds).toEqual(result.hits.map((hit) => hit.documentId));
    expect(query!.analysis!.sections.length).toBeGreaterThan(0);
    expect(query!.figures!.byAgency.map((bucket) => bucket.key).sort()).toEqual(
      [...new Set(result.hits.map((hit) => hit.sourceId))].sort(),
    );
  });
});
