import { status, type ClientReadableStream, type ServiceError } from '@grpc/grpc-js';
import { fromGrpcError, NotFoundError } from '@docket/errors';
import * as queriesV1 from '@docket/proto/src/queries';
import { grpcCall } from '@docket/service-kit';
import type { AnalysisModeName, AskUpdate, QueryFiltersView, QuerySummaryView, QueryView } from './query-view';
import { fromFiltersView, fromModeName, toAskUpdate, toModeName, toQueryView, toSummaryView } from './query.mapper';

export interface AskInput {
  question: string;
  filters?: Partial<QueryFiltersView> | undefined;
  userId: string;
  workspaceId: string;
  mode?: AnalysisModeName | undefined;
}

export interface AskHandlers {
  onUpdate(update: AskUpdate): void;
  /** The stream ended: normally (error undefined) or with an error (an AppError where possible). */
  onEnd(error?: Error): void;
}

export interface AskCall {
  /** Stops the gRPC call (the browser went away); onEnd is not called after this. */
  cancel(): void;
}

export interface ListQueriesInput {
  userId?: string | undefined;
  workspaceId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  minTotalMs?: number | undefined;
  mode?: AnalysisModeName | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** The BFF's view of the query-engine's QueryService. */
export class QueriesGateway {
  constructor(private readonly client: queriesV1.QueryServiceClient) {}

  /** Starts Ask and relays its updates; no deadline: the answer is built while it streams. */
  ask(input: AskInput, handlers: AskHandlers): AskCall {
    const stream = this.client.ask(
      queriesV1.AskRequest.fromPartial({
        question: input.question,
        filters: fromFiltersView(input.filters),
        userId: input.userId,
        workspaceId: input.workspaceId,
        mode: fromModeName(input.mode),
      }),
    );
    return relayAnswer(stream, handlers);
  }

  /**
   * Follows one answer by id (WatchQuery): one being written from its start, or a stored one at once;
   * NOT_FOUND at once for an id that names neither. No deadline, as for Ask.
   */
  watch(queryId: string, userId: string, asAdmin: boolean, handlers: AskHandlers): AskCall {
    return relayAnswer(this.client.watchQuery({ queryId, userId, asAdmin }), handlers);
  }

  async get(queryId: string, userId: string, asAdmin: boolean): Promise<QueryView> {
    const response = await grpcCall(this.client, 'getQuery', { queryId, userId, asAdmin });
    if (!response.query) throw new NotFoundError(`no query ${queryId}`);
    return toQueryView(response.query);
  }

  /** The modes users may choose from (generative only with a language model) and the default one. */
  async answerModes(): Promise<{ modes: AnalysisModeName[]; defaultMode: AnalysisModeName }> {
    const response = await grpcCall(this.client, 'getAnswerModes', {});
    const modes = response.modes.map(toModeName).filter((mode): mode is AnalysisModeName => mode !== null);
    return { modes, defaultMode: toModeName(response.defaultMode) ?? 'extractive' };
  }

  async list(input: ListQueriesInput): Promise<{ queries: QuerySummaryView[]; nextCursor: string | null }> {
    const response = await grpcCall(
      this.client,
      'listQueries',
      queriesV1.ListQueriesRequest.fromPartial({
        userId: input.userId ?? '',
        workspaceId: input.workspaceId ?? '',
        from: input.from,
        to: input.to,
        minTotalMs: input.minTotalMs ?? 0,
        mode: fromModeName(input.mode),
        limit: input.limit,
        cursor: input.cursor ?? '',
      }),
    );
    return { queries: response.queries.map(toSummaryView), nextCursor: response.nextCursor || null };
  }
}

/** Each update of an answer's stream to `onUpdate`, then `onEnd` once (not after `cancel()`). */
function relayAnswer(
  stream: ClientReadableStream<queriesV1.AskResponse | queriesV1.WatchQueryResponse>,
  handlers: AskHandlers,
): AskCall {
  let cancelled = false;
  let ended = false;
  const finish = (error?: Error) => {
    if (ended || cancelled) return;
    ended = true;
    handlers.onEnd(error);
  };
  stream.on('data', (message: queriesV1.AskResponse | queriesV1.WatchQueryResponse) => {
    if (ended || cancelled) return;
    const update = toAskUpdate(message);
    if (update) handlers.onUpdate(update);
  });
  stream.on('end', () => finish());
  stream.on('error', (error: ServiceError) => {
    if (cancelled && error.code === status.CANCELLED) return;
    finish(fromGrpcError(error));
  });
  return {
    cancel: () => {
      if (ended || cancelled) return;
      cancelled = true;
      stream.cancel();
    },
  };
}
