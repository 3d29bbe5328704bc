import { InputError, UnavailableError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import {
  AnalysisMode,
  QueryServiceService,
  type AnswerOverDocumentsRequest,
  type AnswerOverDocumentsResponse,
  type AskRequest,
  type AskResponse,
  type GetAnswerModesRequest,
  type GetAnswerModesResponse,
  type GetQueryRequest,
  type GetQueryResponse,
  type ListQueriesRequest,
  type ListQueriesResponse,
  type Query,
  type QuerySummary,
  type WatchQueryRequest,
  type WatchQueryResponse,
} from '@docket/proto/src/queries';
import { serverStream, unary, type GrpcServiceBinding } from '@docket/service-kit';
import { emptyAnalysis, type AnalysisModeName } from '../domain/analysis';
import type { StoredQuery } from '../domain/query';
import { decodeListCursor, encodeListCursor } from '../domain/query-list-cursor';
import type { AskService, AskUpdate } from './ask.service';
import type { DocumentAnswerService } from './document-answer.service';
import { LiveAnswers } from './live-answers.service';
import type { AnswerModes } from './llm/answer-modes';
import {
  analysisToProto,
  figuresToProto,
  filtersFromProto,
  filtersToProto,
  queryDocumentToProto,
} from './query.mapper';
import type { QueryRepository } from './query.repository';

const DEFAULT_LIST_LIMIT = 50;
const MAX_LIST_LIMIT = 200;

/** research.query_engine.v1.QueryService */
export function queryServiceBinding(deps: {
  asker: AskService;
  queries: QueryRepository;
  answerModes: AnswerModes;
  logger: Logger;
  /** Absent: AnswerOverDocuments answers UNAVAILABLE. */
  documentAnswers?: DocumentAnswerService | undefined;
  /** The answers being written, for WatchQuery; absent, only their authors and administrators may watch them. */
  live?: LiveAnswers | undefined;
}): GrpcServiceBinding {
  const { asker, documentAnswers, queries, answerModes, logger } = deps;
  const live = deps.live ?? new LiveAnswers({ asker });
  return {
    definition: QueryServiceService,
    implementation: {
      ask: serverStream<AskRequest, AskResponse>(logger, async (call) => {
        const request = call.request;
        const mode = modeFromProto(request.mode);
        if (mode && !answerModes.modes.includes(mode)) {
          throw new InputError(`${mode} answers are not offered here`, [
            { path: 'mode', message: `is not offered here; choose one of: ${answerModes.modes.join(', ')}` },
          ]);
        }
        // A client that went away stops receiving; the query still completes and is stored.
        const send = (update: AskUpdate) => {
          if (!call.cancelled) call.write(updateToProto(update));
        };
        await live.ask(
          {
            question: request.question,
            filters: filtersFromProto(request.filters),
            userId: request.userId,
            workspaceId: request.workspaceId,
            mode,
          },
          send,
        );
      }),

      watchQuery: serverStream<WatchQueryRequest, WatchQueryResponse>(logger, async (call) => {
        const request = call.request;
        if (!request.queryId.trim())
          throw new InputError('the query id is required', [{ path: 'query_id', message: 'must not be empty' }]);
        const gone = new AbortController();
        if (call.cancelled) gone.abort();
        else call.on('cancelled', () => gone.abort());
        await live.watch(
          request.queryId,
          request.userId,
          request.asAdmin,
          (update) => {
            if (!call.cancelled) call.write(updateToProto(update));
          },
          gone.signal,
        );
      }),

      getQuery: unary<GetQueryRequest, GetQueryResponse>(logger, async (request) => {
        if (!request.queryId.trim())
          throw new InputError('the query id is required', [{ path: 'query_id', message: 'must not be empty' }]);
        const query = await asker.get(request.queryId, request.userId, request.asAdmin);
        return { query: queryToProto(query) };
      }),

      listQueries: unary<ListQueriesRequest, ListQueriesResponse>(logger, async (request) => {
        const limit = request.limit === 0 ? DEFAULT_LIST_LIMIT : request.limit;
        if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) {
          throw new InputError('invalid query list request', [
            { path: 'limit', message: `must be between 1 and ${MAX_LIST_LIMIT}` },
          ]);
        }
        if (request.minTotalMs < 0)
          throw new InputError('invalid query list request', [
            { path: 'min_total_ms', message: 'must not be negative' },
          ]);
        const page = await queries.list(
          {
            origin: 'question',
            userId: request.userId || undefined,
            workspaceId: request.workspaceId || undefined,
            from: request.from,
            to: request.to,
            minTotalMs: request.minTotalMs > 0 ? request.minTotalMs : undefined,
            mode: modeFromProto(request.mode),
          },
          limit,
          request.cursor ? decodeListCursor(request.cursor) : undefined,
        );
        return { queries: page.queries.map(summaryToProto), nextCursor: page.next ? encodeListCursor(page.next) : '' };
      }),

      getAnswerModes: unary<GetAnswerModesRequest, GetAnswerModesResponse>(logger, async () => ({
        modes: answerModes.modes.map(modeToProto),
        defaultMode: modeToProto(answerModes.defaultMode),
      })),

      answerOverDocuments: unary<AnswerOverDocumentsRequest, AnswerOverDocumentsResponse>(logger, async (request) => {
        if (!documentAnswers)
          throw new UnavailableError('answering over given documents is not wired into this query-engine');
        const { analysis, missingDocumentIds } = await documentAnswers.answer(request.question, request.documentIds);
        return { analysis: analysisToProto(analysis), missingDocumentIds };
      }),
    },
  };
}

function updateToProto(update: AskUpdate): AskResponse {
  switch (update.kind) {
    case 'started':
      return { started: { queryId: update.queryId, requestId: '', question: update.question } };
    case 'documents':
      return { documents: { documents: update.documents.map(queryDocumentToProto) } };
    case 'section':
      return { section: analysisToProto({ ...emptyAnalysis('extractive'), sections: [update.section] }).sections[0]! };
    case 'figures':
      return { figures: figuresToProto(update.figures) };
    case 'completed':
      return { completed: queryToProto(update.query) };
  }
}

export function queryToProto(query: StoredQuery): Query {
  return {
    queryId: query.id,
    question: query.question,
    filters: filtersToProto(query.filters),
    userId: query.userId,
    workspaceId: query.workspaceId,
    requestId: query.requestId,
    createdAt: query.createdAt,
    timings: query.timings,
    mode: modeToProto(query.mode),
    resultIds: query.resultIds,
    analysis: query.analysis ? analysisToProto(query.analysis) : undefined,
    documents: query.documents.map(queryDocumentToProto),
    figures: query.figures ? figuresToProto(query.figures) : undefined,
  };
}

function summaryToProto(query: StoredQuery): QuerySummary {
  return {
    queryId: query.id,
    question: query.question,
    userId: query.userId,
    workspaceId: query.workspaceId,
    createdAt: query.createdAt,
    totalMs: query.timings.totalMs,
    mode: modeToProto(query.mode),
    documentCount: query.resultIds.length,
  };
}

export function modeToProto(mode: AnalysisModeName): AnalysisMode {
  return mode === 'generative' ? AnalysisMode.ANALYSIS_MODE_GENERATIVE : AnalysisMode.ANALYSIS_MODE_EXTRACTIVE;
}

function modeFromProto(mode: AnalysisMode): AnalysisModeName | undefined {
  if (mode === AnalysisMode.ANALYSIS_MODE_GENERATIVE) return 'generative';
  if (mode === AnalysisMode.ANALYSIS_MODE_EXTRACTIVE) return 'extractive';
  return undefined;
}
