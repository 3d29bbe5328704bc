import { once } from 'node:events';
import { NotFoundError, UnavailableError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import { DocumentsServiceService } from '@docket/proto/src/documents';
import { QueryServiceService, type Query } from '@docket/proto/src/queries';
import { SearchServiceService, SearchSort, type SearchHit } from '@docket/proto/src/search';
import {
  RequestKind,
  WorkspaceRole,
  WorkspaceServiceService,
  type WorkspaceRequest,
} from '@docket/proto/src/workspaces';
import { serverStream, startGrpcServer, unary, type RunningGrpcServer } from '@docket/service-kit';

/**
 * The query-engine and documents services as the export service sees them, faked at the wire (real
 * gRPC, server streaming with backpressure) over a generated corpus, so exports of any size can be
 * built without indexing it. A search's text says what it matches:
 *   "rows:N"       N documents doc-000000 … (filed one day apart);
 *   "slow:N"       the same, waiting `slowMs` before each batch (to cancel or kill mid-export);
 *   "fail-first:K:N" fails its first K streams with UNAVAILABLE, then behaves as rows:N;
 *   "fail"         always fails.
 */
export class FakeUpstream {
  readonly workspaces = new Map<
    string,
    { name: string; members: Set<string>; viewers: Set<string>; requests: WorkspaceRequest[] }
  >();
  readonly queries = new Map<string, Query>();
  slowMs = 50;
  /** Size of each document's original file; 0 keeps the short one fileOf() makes. */
  fileBytes = 0;
  streamCalls = 0;
  private failures = new Map<string, number>();
  private server: RunningGrpcServer | undefined;

  async start(logger: Logger): Promise<string> {
    this.server = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      logger,
      services: [
        { definition: WorkspaceServiceService, implementation: this.workspaceImpl(logger) },
        { definition: SearchServiceService, implementation: this.searchImpl(logger) },
        { definition: QueryServiceService, implementation: this.queryImpl(logger) },
        { definition: DocumentsServiceService, implementation: this.documentsImpl(logger) },
      ],
    });
    this.server.setServing(true);
    return `127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.shutdown(500);
  }

  /** `members` may run its searches and questions (editors); `viewers` may only read them. */
  addWorkspace(workspaceId: string, name: string, members: string[], viewers: string[] = []): void {
    this.workspaces.set(workspaceId, {
      name,
      members: new Set([...members, ...viewers]),
      viewers: new Set(viewers),
      requests: [],
    });
  }

  addSearch(workspaceId: string, requestId: string, text: string, resultCount = 0): void {
    this.workspaces.get(workspaceId)!.requests.push({
      requestId,
      workspaceId,
      userId: 'u',
      kind: RequestKind.REQUEST_KIND_SEARCH,
      text,
      filters: undefined,
      createdAt: new Date('2026-11-01T10:00:00Z'),
      tookMs: 1,
      resultCount: String(resultCount),
      queryId: '',
      sort: SearchSort.SEARCH_SORT_FILED_OLDEST,
      resultCountIsLowerBound: false,
      facets: [],
    });
  }

  addQuery(workspaceId: string, requestId: string, query: Query): void {
    this.queries.set(query.queryId, query);
    this.workspaces.get(workspaceId)!.requests.push({
      requestId,
      workspaceId,
      userId: 'u',
      kind: RequestKind.REQUEST_KIND_QUERY,
      text: query.question,
      filters: undefined,
      createdAt: new Date('2026-11-02T10:00:00Z'),
      tookMs: 1,
      resultCount: String(query.documents.length),
      queryId: query.queryId,
      sort: SearchSort.SEARCH_SORT_UNSPECIFIED,
      resultCountIsLowerBound: false,
      facets: [],
    });
  }

  private member(userId: string, workspaceId: string) {
    const workspace = this.workspaces.get(workspaceId);
    if (!workspace || !workspace.members.has(userId)) throw new NotFoundError(`workspace ${workspaceId} not found`);
    return workspace;
  }

  private workspaceImpl(logger: Logger) {
    return {
      getRequest: unary(logger, async (req: { workspaceId: string; requestId: string; userId: string }) => {
        const request = this.member(req.userId, req.workspaceId).requests.find((r) => r.requestId === req.requestId);
        if (!request) throw new NotFoundError(`request ${req.requestId} not found`);
        return { request };
      }),
      getWorkspace: unary(logger, async (req: { workspaceId: string; userId: string }) => {
        const workspace = this.member(req.userId, req.workspaceId);
        const role = workspace.viewers.has(req.userId)
          ? WorkspaceRole.WORKSPACE_ROLE_VIEWER
          : WorkspaceRole.WORKSPACE_ROLE_EDITOR;
        return {
          workspace: {
            workspaceId: req.workspaceId,
            name: workspace.name,
            description: '',
            members: [],
            createdBy: '',
            requestCount: '0',
          },
          recentRequests: [],
          role,
        };
      }),
      listRequests: unary(logger, async (req: { workspaceId: string; userId: string }) => ({
        requests: [...this.member(req.userId, req.workspaceId).requests].reverse(),
        nextCursor: '',
      })),
    };
  }

  private searchImpl(logger: Logger) {
    return {
      streamSearch: serverStream(logger, async (call) => {
        const req = call.request as {
          query: string;
          cursor: string;
          batchSize: number;
          maxHits: string;
          userId: string;
          workspaceId: string;
        };
        this.streamCalls++;
        if (req.workspaceId) this.member(req.userId, req.workspaceId);
        const match = /^(rows|slow|fail-first:(\d+)|fail):?(\d*)$/.exec(req.query);
        if (!match)
          throw new NotFoundError(`the fake matches rows:N, slow:N, fail-first:K:N or fail, not "${req.query}"`);
        const [, kind, failFirst, count] = match;
        if (kind === 'fail') throw new UnavailableError('the index is being swapped');
        const failed = this.failures.get(req.query) ?? 0;
        if (failFirst && failed < Number(failFirst)) {
          this.failures.set(req.query, failed + 1);
          throw new UnavailableError('the index is being swapped');
        }
        const total = Number(count);
        const limit = Number(req.maxHits) > 0 ? Math.min(total, Number(req.maxHits)) : total;
        const batch = req.batchSize || 500;
        let position = req.cursor ? Number(req.cursor) : 0;
        let first = true;
        while (position < limit && !call.cancelled) {
          if (kind === 'slow') await new Promise((resolve) => setTimeout(resolve, this.slowMs));
          const end = Math.min(position + batch, limit);
          const hits: SearchHit[] = [];
          for (let i = position; i < end; i++) hits.push(hitOf(i));
          position = end;
          const flowing = call.write({
            hits,
            nextCursor: position < limit ? String(position) : '',
            total: first ? String(total) : '0',
            totalIsLowerBound: false,
          });
          first = false;
          if (!flowing) await once(call, 'drain');
        }
      }),
    };
  }

  private queryImpl(logger: Logger) {
    return {
      getQuery: unary(logger, async (req: { queryId: string; userId: string }) => {
        const query = this.queries.get(req.queryId);
        if (!query) throw new NotFoundError(`query ${req.queryId} not found`);
        if (query.workspaceId) this.member(req.userId, query.workspaceId);
        return { query };
      }),
    };
  }

  private documentsImpl(logger: Logger) {
    return {
      streamDocuments: serverStream(logger, async (call) => {
        const req = call.request as { ids: string[]; includeText: boolean };
        for (const id of req.ids) {
          const document = {
            id,
            title: `Document ${id}`,
            text: req.includeText ? textOf(id) : '',
            sourceId: 'icc',
            docketNumber: '23-0456',
            filingType: 'Order',
            sha256: '',
            createdBy: '',
            filingCategory: 'Order',
            filers: [],
            description: '',
            language: 'en',
            docketId: '',
            pages: [],
            attachments: [
              {
                id: `${id}-a1`,
                fileName: `${id}.pdf`,
                contentType: 'application/pdf',
                size: String(this.fileBytes || fileOf(id).length),
                sha256: '',
                pageCount: 1,
                failureReason: '',
                failureMessage: '',
                primary: true,
              },
            ],
            textOffset: 0,
            textLength: 0,
            failureReason: '',
          };
          if (!call.write({ document })) await once(call, 'drain');
        }
      }),
      openAttachment: serverStream(logger, async (call) => {
        const req = call.request as { documentId: string };
        call.write({
          attachment: {
            id: `${req.documentId}-a1`,
            fileName: `${req.documentId}.pdf`,
            contentType: 'application/pdf',
            size: '0',
            sha256: '',
            pageCount: 1,
            failureReason: '',
            failureMessage: '',
            primary: true,
          },
        });
        if (!this.fileBytes) {
          call.write({ data: fileOf(req.documentId) });
          return;
        }
        // A larger file in 64 KiB chunks: a compressible header, then bytes that do not compress.
        for (let sent = 0; sent < this.fileBytes && !call.cancelled; sent += CHUNK) {
          const size = Math.min(CHUNK, this.fileBytes - sent);
          if (
            !call.write({
              data: sent === 0 ? Buffer.concat([fileOf(req.documentId), noise(size)]).subarray(0, size) : noise(size),
            })
          )
            await once(call, 'drain');
        }
      }),
    };
  }
}

const CHUNK = 64 * 1024;
/** Incompressible bytes (xorshift32), as in a real PDF's compressed streams. */
const NOISE = (() => {
  const bytes = Buffer.alloc(CHUNK);
  let x = 2463534242;
  for (let i = 0; i < CHUNK; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    bytes[i] = x & 0xff;
  }
  return bytes;
})();

function noise(size: number): Buffer {
  return NOISE.subarray(0, size);
}

export function documentIdOf(i: number): string {
  return `doc-${String(i).padStart(6, '0')}`;
}

export function textOf(id: string): string {
  return `Full text of ${id}, with "quotes", commas, and a line\nbreak.`;
}

export function fileOf(id: string): Buffer {
  return Buffer.from(`%PDF-1.4 original file of ${id}\n`);
}

function hitOf(i: number): SearchHit {
  const id = documentIdOf(i);
  return {
    documentId: id,
    title: `Order ${i} on the rate case`,
    snippet: `the <mark>rate</mark> case &amp; order ${i}`,
    score: 1 / (i + 1),
    filedAt: new Date(Date.UTC(2020, 0, 1) + i * 86_400_000),
    sourceId: 'icc',
    docketNumber: '23-0456',
    filingType: 'Order',
    sourceName: 'Illinois Commerce Commission',
    filingCategory: 'Order',
    parties: ['Ameren Illinois', 'Staff'],
    titleHtml: '',
  };
}
