import { newEventFields, pendingEvent, topics, type PendingEvent, type TopicDef } from '@docket/events';
import type { QueryCompleted } from '@docket/proto/src/query-events';
import type { StoredQuery } from '../domain/query';

export const DEFAULT_QUERY_COMPLETED_TOPIC: TopicDef<QueryCompleted> = topics.queryCompleted;

/** queries.completed.v1 for a stored query, to sit in its outbox. */
export function queryCompletedEvent(
  query: StoredQuery,
  topic: TopicDef<QueryCompleted> = DEFAULT_QUERY_COMPLETED_TOPIC,
): PendingEvent {
  return pendingEvent(topic, {
    ...newEventFields(),
    queryId: query.id,
    workspaceId: query.workspaceId,
    userId: query.userId,
    question: query.question,
    tookMs: query.timings.totalMs,
    documentIds: query.resultIds,
    requestId: query.requestId,
    mode: query.mode,
  });
}
