import { PassThrough, type Readable } from 'node:stream';
import { status, type ChannelCredentials, type ClientReadableStream, type ServiceError } from '@grpc/grpc-js';
import { fromGrpcError, UnavailableError } from '@docket/errors';
import { DocumentsServiceClient, type OpenAttachmentResponse } from '@docket/proto/src/documents';
import { QueryServiceClient } from '@docket/proto/src/queries';
import { SearchServiceClient, SearchSort, type SearchFilters, type SearchHit } from '@docket/proto/src/search';
import {
  RequestKind,
  WorkspaceRole,
  WorkspaceServiceClient,
  type WorkspaceRequest,
} from '@docket/proto/src/workspaces';
import { GRPC_CLIENT_OPTIONS, grpcCall } from '@docket/service-kit';
import type { SearchFiltersSpec, SearchSortOrder } from '../domain/export';
import type {
  DocumentContent,
  ExportHit,
  ExportSources,
  HitBatch,
  QueryView,
  RequestView,
  SearchSpec,
} from '../domain/export-sources';
import { queryViewOf } from './query-view.mapper';

const DEADLINE_MS = 30_000;
const LOG_PAGE = 100;

/**
 * Reads exports' data from the query-engine (search stream, workspaces, queries) and the documents service
 * (texts, files).
 */
export class GrpcExportSources implements ExportSources {
  private readonly search: SearchServiceClient;
  private readonly workspaces: WorkspaceServiceClient;
  private readonly queries: QueryServiceClient;
  private readonly documentsClient: DocumentsServiceClient;

  constructor(targets: { queryEngine: string; documents: string }, credentials: ChannelCredentials) {
    this.search = new SearchServiceClient(targets.queryEngine, credentials, GRPC_CLIENT_OPTIONS);
    this.workspaces = new WorkspaceServiceClient(targets.queryEngine, credentials, GRPC_CLIENT_OPTIONS);
    this.queries = new QueryServiceClient(targets.queryEngine, credentials, GRPC_CLIENT_OPTIONS);
    this.documentsClient = new DocumentsServiceClient(targets.documents, credentials, GRPC_CLIENT_OPTIONS);
  }

  close(): void {
    for (const client of [this.search, this.workspaces, this.queries, this.documentsClient]) client.close();
  }

  async request(userId: string, workspaceId: string, requestId: string): Promise<RequestView> {
    const response = await grpcCall(
      this.workspaces,
      'getRequest',
      { workspaceId, requestId, userId, asAdmin: false },
      { deadlineMs: DEADLINE_MS },
    );
    return requestViewOf(response.request!);
  }

  async workspace(userId: string, workspaceId: string): Promise<{ name: string; mayRun: boolean }> {
    const response = await grpcCall(
      this.workspaces,
      'getWorkspace',
      { workspaceId, userId, asAdmin: false, recentRequests: 0 },
      { deadlineMs: DEADLINE_MS },
    );
    const mayRun =
      response.role === WorkspaceRole.WORKSPACE_ROLE_OWNER || response.role === WorkspaceRole.WORKSPACE_ROLE_EDITOR;
    return { name: response.workspace?.name ?? workspaceId, mayRun };
  }

  async *requests(userId: string, workspaceId: string): AsyncIterable<RequestView> {
    const newestFirst: RequestView[] = [];
    let cursor = '';
    do {
      const page = await grpcCall(
        this.workspaces,
        'listRequests',
        { workspaceId, userId, limit: LOG_PAGE, cursor, asAdmin: false },
        { deadlineMs: DEADLINE_MS },
      );
      newestFirst.push(
        ...page.requests
          .filter((r) => r.kind === RequestKind.REQUEST_KIND_SEARCH || r.kind === RequestKind.REQUEST_KIND_QUERY)
          .map(requestViewOf),
      );
      cursor = page.nextCursor;
    } while (cursor);
    yield* newestFirst.reverse();
  }

  async *searchHits(spec: SearchSpec, signal: AbortSignal): AsyncIterable<HitBatch> {
    const call = this.search.streamSearch({
      query: spec.text,
      filters: spec.filters,
      sort: sortOf(spec.sort),
      cursor: spec.cursor,
      batchSize: spec.batchSize ?? 0,
      maxHits: String(spec.maxHits),
      userId: spec.userId,
      workspaceId: spec.workspaceId,
    });
    for await (const message of readStream(call, signal)) {
      yield {
        hits: message.hits.map(hitOf),
        nextCursor: message.nextCursor,
        total: Number(message.total),
        totalIsLowerBound: message.totalIsLowerBound,
      };
    }
  }

  async query(userId: string, queryId: string): Promise<QueryView> {
    const response = await grpcCall(
      this.queries,
      'getQuery',
      { queryId, userId, asAdmin: false },
      { deadlineMs: DEADLINE_MS },
    );
    return queryViewOf(response.query!);
  }

  async *documents(ids: string[], includeText: boolean, signal: AbortSignal): AsyncIterable<DocumentContent> {
    if (ids.length === 0) return;
    const call = this.documentsClient.streamDocuments({ ids, includeText });
    for await (const message of readStream(call, signal)) {
      const document = message.document!;
      yield {
        documentId: document.id,
        text: document.text,
        files: document.attachments.map((a) => ({
          attachmentId: a.id,
          fileName: a.fileName,
          contentType: a.contentType,
          size: Number(a.size),
        })),
      };
    }
  }

  /** The file's bytes as a stream (the first message, the attachment's description, is skipped). */
  async openFile(documentId: string, attachmentId: string, signal: AbortSignal): Promise<Readable> {
    const call = this.documentsClient.openAttachment({ documentId, attachmentId });
    const out = new PassThrough();
    const cancel = () => call.cancel();
    signal.addEventListener('abort', cancel, { once: true });
    call.on('data', (message: OpenAttachmentResponse) => {
      if (message.data && !out.write(message.data)) {
        call.pause();
        out.once('drain', () => call.resume());
      }
    });
    call.on('end', () => {
      signal.removeEventListener('abort', cancel);
      out.end();
    });
    call.on('error', (error) => {
      signal.removeEventListener('abort', cancel);
      out.destroy(fromGrpcError(error));
    });
    return out;
  }
}

/**
 * Iterates a server stream (pulling, so gRPC's flow control holds the server back),
 * cancelling it on abort or an early stop.
 */
async function* readStream<T>(call: ClientReadableStream<T>, signal: AbortSignal): AsyncGenerator<T> {
  const cancel = () => call.cancel();
  signal.addEventListener('abort', cancel, { once: true });
  try {
    for await (const message of call) yield message as T;
  } catch (error) {
    throw streamErrorOf(error, signal);
  } finally {
    signal.removeEventListener('abort', cancel);
    call.cancel();
  }
}

/**
 * A stream the peer dropped (killed, restarting) is a service not answering, to be tried again, not a
 * fault of the export: grpc-js reports it as CANCELLED when we did not cancel, or as an INTERNAL reset.
 */
function streamErrorOf(error: unknown, signal: AbortSignal): Error {
  const { code, details } = error as Partial<ServiceError>;
  const dropped =
    (code === status.CANCELLED && !signal.aborted) ||
    (code === status.INTERNAL && /RST_STREAM|ECONNRESET|Connection dropped/i.test(details ?? ''));
  return dropped
    ? new UnavailableError(`the connection to a service was lost: ${details ?? ''}`)
    : fromGrpcError(error);
}

function requestViewOf(request: WorkspaceRequest): RequestView {
  const base = { requestId: request.requestId, createdAt: request.createdAt, resultCount: Number(request.resultCount) };
  if (request.kind === RequestKind.REQUEST_KIND_QUERY)
    return { ...base, source: { kind: 'query', text: request.text, queryId: request.queryId } };
  return {
    ...base,
    source: {
      kind: 'search',
      text: request.text,
      filters: filtersOf(request.filters),
      sort: sortOrderOf(request.sort),
    },
  };
}

function filtersOf(filters: SearchFilters | undefined): SearchFiltersSpec {
  return {
    agencies: filters?.agencies ?? [],
    filingTypes: filters?.filingTypes ?? [],
    dockets: filters?.dockets ?? [],
    parties: filters?.parties ?? [],
    filedFrom: filters?.filedFrom ?? '',
    filedTo: filters?.filedTo ?? '',
  };
}

function sortOrderOf(sort: SearchSort): SearchSortOrder {
  if (sort === SearchSort.SEARCH_SORT_FILED_NEWEST) return 'filed_newest';
  if (sort === SearchSort.SEARCH_SORT_FILED_OLDEST) return 'filed_oldest';
  return 'relevance';
}

function sortOf(sort: SearchSortOrder): SearchSort {
  if (sort === 'filed_newest') return SearchSort.SEARCH_SORT_FILED_NEWEST;
  if (sort === 'filed_oldest') return SearchSort.SEARCH_SORT_FILED_OLDEST;
  return SearchSort.SEARCH_SORT_RELEVANCE;
}

function hitOf(hit: SearchHit): ExportHit {
  return {
    documentId: hit.documentId,
    title: hit.title,
    snippet: hit.snippet,
    score: hit.score,
    filedAt: hit.filedAt,
    sourceId: hit.sourceId,
    sourceName: hit.sourceName,
    docketNumber: hit.docketNumber,
    filingType: hit.filingType,
    filingCategory: hit.filingCategory,
    parties: hit.parties,
  };
}
