import type { ServerWritableStream } from '@grpc/grpc-js';
import { InputError, NotFoundError, UnavailableError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import * as queriesV1 from '@docket/proto/src/queries';
import type * as searchV1 from '@docket/proto/src/search';
import * as workspacesV1 from '@docket/proto/src/workspaces';
import { serverStream, unary } from '@docket/service-kit';

const { AnalysisMode } = queriesV1;
type AskCall = ServerWritableStream<queriesV1.AskRequest, queriesV1.AskResponse>;
type WatchCall = ServerWritableStream<queriesV1.WatchQueryRequest, queriesV1.WatchQueryResponse>;

/** An answer being written: its updates so far, and the watchers following it (undefined: it ended). */
interface Writing {
  userId: string;
  workspaceId: string;
  updates: queriesV1.AskResponse[];
  followers: Set<(update: queriesV1.AskResponse | undefined) => void>;
}

/**
 * A small QueryService at the gRPC boundary: Ask streams started → documents → two sections →
 * figures → completed and stores the query; GetQuery and ListQueries read what was stored, with the
 * real service's visibility rules (author, workspace members, administrators). Questions steer it:
 *  - "unavailable …": UNAVAILABLE before anything is sent;
 *  - "fail midway …": INTERNAL after the documents;
 *  - "hold …": sends started, then waits until the client cancels;
 *  - "pause …": sends started and the documents, then waits for `release()` (the answer goes on if
 *    its asker leaves, as the real one does).
 * WatchQuery follows an answer being written (its updates so far, then the rest) or sends a stored
 * one as started + completed; NOT_FOUND at once otherwise.
 * Workspaces (for membership, names and the log that Ask writes to) live in `workspaces` and `requests`.
 */
export class FakeQueryService {
  readonly queries = new Map<string, queriesV1.Query>();
  readonly workspaces = new Map<string, workspacesV1.Workspace>();
  /** Every workspace's log, oldest first (Ask appends its question). */
  readonly requests: workspacesV1.WorkspaceRequest[] = [];
  readonly askRequests: queriesV1.AskRequest[] = [];
  readonly listRequests: queriesV1.ListQueriesRequest[] = [];
  readonly getWorkspaceRequests: workspacesV1.GetWorkspaceRequest[] = [];
  readonly watchRequests: queriesV1.WatchQueryRequest[] = [];
  private readonly writing = new Map<string, Writing>();
  private paused: Array<() => void> = [];
  /** Ask calls the client cancelled. */
  cancelledAsks = 0;
  private sequence = 0;

  addWorkspace(id: string, name: string, memberIds: string[]): void {
    this.workspaces.set(id, workspaceFixture(id, name, memberIds));
  }

  isMember(workspaceId: string, userId: string): boolean {
    return this.workspaces.get(workspaceId)?.members.some((m) => m.userId === userId) ?? false;
  }

  /** Stores a finished query directly (as if asked earlier). */
  store(overrides: Partial<queriesV1.Query> & { queryId: string; userId: string }): queriesV1.Query {
    const query = queryFixture({ question: 'What did the commission decide?', workspaceId: '', ...overrides });
    this.queries.set(query.queryId, query);
    return query;
  }

  /** Lets every paused answer go on. */
  release(): void {
    const paused = this.paused;
    this.paused = [];
    for (const go of paused) go();
  }

  private visible(query: { userId: string; workspaceId: string }, userId: string, asAdmin: boolean): boolean {
    return asAdmin || query.userId === userId || (query.workspaceId !== '' && this.isMember(query.workspaceId, userId));
  }

  queryImpl(logger: Logger): queriesV1.QueryServiceServer {
    return {
      ask: serverStream(logger, async (call: AskCall) => {
        const req = call.request;
        this.askRequests.push(req);
        let cancelled = false;
        call.on('cancelled', () => {
          cancelled = true;
          this.cancelledAsks += 1;
        });
        if (!req.question.trim())
          throw new InputError('the question is required', [{ path: 'question', message: 'must not be empty' }]);
        if (req.workspaceId && !this.isMember(req.workspaceId, req.userId))
          throw new NotFoundError(`no workspace ${req.workspaceId}`);
        if (req.question.startsWith('unavailable')) throw new UnavailableError('the index is being swapped');

        this.sequence += 1;
        const queryId = `q-${this.sequence}`;
        const requestId = req.workspaceId ? `req-${this.sequence}` : '';
        const query = queryFixture({
          queryId,
          question: req.question,
          userId: req.userId,
          workspaceId: req.workspaceId,
          requestId,
          filters: req.filters,
        });
        const writing: Writing = {
          userId: req.userId,
          workspaceId: req.workspaceId,
          updates: [],
          followers: new Set(),
        };
        this.writing.set(queryId, writing);
        const send = (update: queriesV1.AskResponse) => {
          writing.updates.push(update);
          for (const follow of writing.followers) follow(update);
          if (!cancelled) call.write(update);
        };
        try {
          send({ started: { queryId, requestId, question: req.question } });
          if (req.question.startsWith('hold')) {
            await new Promise<void>((resolve) => call.on('cancelled', () => resolve()));
            return;
          }
          send({ documents: { documents: query.documents } });
          if (req.question.startsWith('fail midway')) throw new Error('the analysis blew up');
          if (req.question.startsWith('pause')) await new Promise<void>((resolve) => this.paused.push(resolve));
          for (const section of query.analysis!.sections) send({ section });
          send({ figures: query.figures });
          this.queries.set(queryId, query);
          if (requestId) {
            this.requests.push({
              requestId,
              workspaceId: req.workspaceId,
              userId: req.userId,
              kind: workspacesV1.RequestKind.REQUEST_KIND_QUERY,
              text: req.question,
              filters: req.filters,
              createdAt: new Date(),
              tookMs: query.timings!.totalMs,
              resultCount: String(query.resultIds.length),
              resultCountIsLowerBound: false,
              queryId,
              sort: 0,
              facets: [],
            });
          }
          send({ completed: query });
        } finally {
          this.writing.delete(queryId);
          for (const follow of writing.followers) follow(undefined);
        }
      }),
      watchQuery: serverStream(logger, async (call: WatchCall) => {
        const req = call.request;
        this.watchRequests.push(req);
        const writing = this.writing.get(req.queryId);
        if (!writing) {
          const query = this.queries.get(req.queryId);
          if (!query || !this.visible(query, req.userId, req.asAdmin))
            throw new NotFoundError(`no query ${req.queryId}`);
          call.write({ started: { queryId: query.queryId, requestId: query.requestId, question: query.question } });
          call.write({ completed: query });
          return;
        }
        if (!this.visible(writing, req.userId, req.asAdmin)) throw new NotFoundError(`no query ${req.queryId}`);
        for (const update of writing.updates) call.write(update);
        await new Promise<void>((resolve) => {
          const follow = (update: queriesV1.AskResponse | undefined) => {
            if (update && !call.cancelled) call.write(update);
            if (!update || update.completed) {
              writing.followers.delete(follow);
              resolve();
            }
          };
          writing.followers.add(follow);
          call.on('cancelled', () => follow(undefined));
        });
      }),
      getQuery: unary(logger, async (req: queriesV1.GetQueryRequest) => {
        const query = this.queries.get(req.queryId);
        const visible =
          query &&
          (req.asAdmin ||
            query.userId === req.userId ||
            (query.workspaceId && this.isMember(query.workspaceId, req.userId)));
        if (!query || !visible) throw new NotFoundError(`no query ${req.queryId}`);
        return { query };
      }),
      // As a query-engine without a language model answers.
      getAnswerModes: unary(logger, async () => ({
        modes: [AnalysisMode.ANALYSIS_MODE_EXTRACTIVE],
        defaultMode: AnalysisMode.ANALYSIS_MODE_EXTRACTIVE,
      })),
      // Digests' answers (the alerts service calls it; the BFF never does).
      answerOverDocuments: unary(logger, async () => {
        throw new UnavailableError('not used by the BFF');
      }),
      listQueries: unary(logger, async (req: queriesV1.ListQueriesRequest) => {
        this.listRequests.push(req);
        if (req.cursor && !/^\d+$/.test(req.cursor))
          throw new InputError('bad cursor', [
            { path: 'cursor', message: 'must be the next_cursor of a previous page' },
          ]);
        const matching = [...this.queries.values()]
          .filter((q) => !req.userId || q.userId === req.userId)
          .filter((q) => !req.workspaceId || q.workspaceId === req.workspaceId)
          .filter((q) => !req.from || q.createdAt! >= req.from)
          .filter((q) => !req.to || q.createdAt! <= req.to)
          .filter((q) => q.timings!.totalMs >= req.minTotalMs)
          .filter((q) => req.mode === AnalysisMode.ANALYSIS_MODE_UNSPECIFIED || q.mode === req.mode)
          .sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime());
        const start = Number(req.cursor || '0');
        const limit = req.limit || 50;
        const page = matching.slice(start, start + limit);
        return {
          queries: page.map((q) => ({
            queryId: q.queryId,
            question: q.question,
            userId: q.userId,
            workspaceId: q.workspaceId,
            createdAt: q.createdAt,
            totalMs: q.timings!.totalMs,
            mode: q.mode,
            documentCount: q.resultIds.length,
          })),
          nextCursor: start + limit < matching.length ? String(start + limit) : '',
        };
      }),
    };
  }

  /** What the query pages read (a workspace, its log); changes to workspaces are not part of this fake. */
  workspaceImpl(logger: Logger): workspacesV1.WorkspaceServiceServer {
    const unsupported = unary(logger, async () => {
      throw new UnavailableError('not part of the query fake');
    });
    return {
      getWorkspace: unary(logger, async (req: workspacesV1.GetWorkspaceRequest) => {
        this.getWorkspaceRequests.push(req);
        const workspace = this.workspaces.get(req.workspaceId);
        if (!workspace || !(req.asAdmin || this.isMember(req.workspaceId, req.userId)))
          throw new NotFoundError(`no workspace ${req.workspaceId}`);
        const role =
          workspace.members.find((m) => m.userId === req.userId)?.role ??
          workspacesV1.WorkspaceRole.WORKSPACE_ROLE_UNSPECIFIED;
        return { workspace, recentRequests: [], role };
      }),
      listRequests: unary(logger, async (req: workspacesV1.ListRequestsRequest) => {
        if (!this.workspaces.has(req.workspaceId) || !(req.asAdmin || this.isMember(req.workspaceId, req.userId)))
          throw new NotFoundError(`no workspace ${req.workspaceId}`);
        const newestFirst = this.requests.filter((r) => r.workspaceId === req.workspaceId).reverse();
        const start = Number(req.cursor || '0');
        const limit = req.limit || 20;
        return {
          requests: newestFirst.slice(start, start + limit),
          nextCursor: start + limit < newestFirst.length ? String(start + limit) : '',
        };
      }),
      getRequest: unary(logger, async (req: workspacesV1.GetRequestRequest) => {
        const request = this.requests.find((r) => r.workspaceId === req.workspaceId && r.requestId === req.requestId);
        if (!request || !(req.asAdmin || this.isMember(req.workspaceId, req.userId)))
          throw new NotFoundError(`no request ${req.requestId}`);
        return { request };
      }),
      createWorkspace: unsupported,
      listWorkspaces: unsupported,
      updateWorkspace: unsupported,
      setMember: unsupported,
      removeMember: unsupported,
    } as workspacesV1.WorkspaceServiceServer;
  }
}

function workspaceFixture(id: string, name: string, memberIds: string[]): workspacesV1.Workspace {
  return {
    workspaceId: id,
    name,
    description: '',
    defaultFilters: undefined,
    members: memberIds.map((userId, i) => ({
      userId,
      role:
        i === 0 ? workspacesV1.WorkspaceRole.WORKSPACE_ROLE_OWNER : workspacesV1.WorkspaceRole.WORKSPACE_ROLE_EDITOR,
      addedAt: new Date('2024-05-01T10:00:00Z'),
    })),
    createdBy: memberIds[0] ?? '',
    createdAt: new Date('2024-05-01T10:00:00Z'),
    updatedAt: new Date('2024-05-01T10:00:00Z'),
    lastUsedAt: undefined,
    requestCount: '0',
  };
}

const citation = (documentId: string, start: number, quote: string, page = 2): queriesV1.Citation => ({
  documentId,
  start,
  end: start + quote.length,
  page,
  quote,
  documentTitle: documentId === 'doc-order' ? 'Order on rate increase' : 'Direct testimony of Jane Roe',
});

/** A complete stored query: two documents, two sections with cited sentences, key facts and figures. */
export function queryFixture(
  overrides: Partial<queriesV1.Query> & { queryId: string; userId: string },
): queriesV1.Query {
  const approved = citation('doc-order', 120, 'The Commission approves an increase of $4.2 million.');
  const effective = citation('doc-order', 200, 'The new rates take effect on March 3, 2025.', 3);
  const requested = citation('doc-testimony', 40, 'Acme Power Co. asks for a rate increase of 12.5%.', 1);
  const filters: searchV1.SearchFilters = {
    agencies: [],
    filingTypes: [],
    dockets: [],
    parties: [],
    filedFrom: '',
    filedTo: '',
  };
  return {
    question: 'What rate increase was approved?',
    filters,
    workspaceId: '',
    requestId: '',
    createdAt: new Date('2024-05-02T09:00:00Z'),
    timings: { retrievalMs: 12.5, analysisMs: 40, figuresMs: 3.5, totalMs: 56 },
    mode: AnalysisMode.ANALYSIS_MODE_EXTRACTIVE,
    resultIds: ['doc-order', 'doc-testimony'],
    analysis: {
      mode: AnalysisMode.ANALYSIS_MODE_EXTRACTIVE,
      sections: [
        {
          heading: 'Decision',
          sentences: [
            { text: approved.quote, citations: [approved] },
            { text: effective.quote, citations: [effective] },
          ],
        },
        { heading: 'Request', sentences: [{ text: requested.quote, citations: [requested] }] },
      ],
      keyFacts: [
        {
          kind: 'amount',
          text: '$4.2 million',
          normalized: '4200000',
          citation: approved,
          slot: 'approved_amount',
          label: 'Authorized increase',
          subject: 'Public Utility Commission',
          status: '',
          filingCategory: 'Order',
          filedAt: '2024-05-01',
        },
        {
          kind: 'date',
          text: 'March 3, 2025',
          normalized: '2025-03-03',
          citation: effective,
          slot: '',
          label: '',
          subject: '',
          status: '',
          filingCategory: 'Order',
          filedAt: '2024-05-01',
        },
      ],
      model: '',
      droppedSentences: 0,
      notice: '',
      questionKind: 'amount',
      scope: {
        kind: 'proceeding',
        docketNumber: '24-0101',
        sourceId: 'puc',
        sourceName: 'Public Utility Commission',
        title: 'Application for a rate increase',
        party: '',
        statement: 'About docket 24-0101 (Public Utility Commission): Application for a rate increase.',
      },
      refinements: [
        {
          docketNumber: '24-0202',
          sourceId: 'puc',
          title: '',
          documents: 2,
          firstFiled: '2023-02-01',
          lastFiled: '2023-09-12',
          status: 'open',
        },
      ],
    },
    documents: [
      {
        documentId: 'doc-order',
        title: 'Order on rate increase',
        sourceId: 'src-ferc',
        sourceName: 'FERC',
        docketNumber: 'ER24-1-000',
        filingCategory: 'Order',
        filedAt: new Date('2024-04-30T00:00:00Z'),
        rank: 1,
        score: 0.032,
        passages: [approved, effective],
      },
      {
        documentId: 'doc-testimony',
        title: 'Direct testimony of Jane Roe',
        sourceId: 'src-ferc',
        sourceName: 'FERC',
        docketNumber: 'ER24-1-000',
        filingCategory: 'Testimony',
        filedAt: new Date('2024-03-05T00:00:00Z'),
        rank: 2,
        score: 0.016,
        passages: [requested],
      },
    ],
    figures: {
      resultCount: '2',
      filingsByMonth: [
        { key: '2024-03', label: '2024-03', count: '1' },
        { key: '2024-04', label: '2024-04', count: '1' },
      ],
      byAgency: [{ key: 'src-ferc', label: 'FERC', count: '2' }],
      byFilingType: [
        { key: 'Order', label: 'Order', count: '1' },
        { key: 'Testimony', label: 'Testimony', count: '1' },
      ],
      byParty: [{ key: 'Acme Power Co.', label: 'Acme Power Co.', count: '2' }],
      byDocket: [{ key: 'ER24-1-000', label: 'ER24-1-000', count: '2' }],
      numbers: [
        { kind: 'amount', text: '$4.2 million', value: 4_200_000, unit: 'USD', citation: approved },
        { kind: 'percentage', text: '12.5%', value: 12.5, unit: '%', citation: requested },
      ],
      // The answer is about ER24-1-000; everything retrieved also held a filing of another docket.
      scopeDocketNumber: 'ER24-1-000',
      retrieved: {
        resultCount: '3',
        filingsByMonth: [
          { key: '2024-03', label: '2024-03', count: '2' },
          { key: '2024-04', label: '2024-04', count: '1' },
        ],
        byAgency: [{ key: 'src-ferc', label: 'FERC', count: '3' }],
        byFilingType: [
          { key: 'Order', label: 'Order', count: '2' },
          { key: 'Testimony', label: 'Testimony', count: '1' },
        ],
        byParty: [{ key: 'Acme Power Co.', label: 'Acme Power Co.', count: '2' }],
        byDocket: [
          { key: 'ER24-1-000', label: 'ER24-1-000', count: '2' },
          { key: 'ER24-9-000', label: 'ER24-9-000', count: '1' },
        ],
        numbers: [],
        scopeDocketNumber: '',
        retrieved: undefined,
      },
    },
    ...overrides,
  };
}
