import { newEventFields, pendingEvent, topics, type PendingEvent, type TopicDef } from '@docket/events';
import type { ExportCompleted } from '@docket/proto/src/process-events';
import type { ExportRecord, StoredFile } from '../domain/export';

export type ExportCompletedTopic = TopicDef<ExportCompleted>;

/** exports.completed.v1 for an export's end (succeeded with its file, or failed with why), as an outbox entry. */
export function exportCompletedEvent(
  record: ExportRecord,
  outcome: { file: StoredFile; expiresAt: Date } | { error: string },
  topic: TopicDef<ExportCompleted> = topics.exportCompleted,
): PendingEvent {
  const succeeded = 'file' in outcome;
  return pendingEvent(topic, {
    ...newEventFields(),
    exportId: record.id,
    workspaceId: record.workspaceId,
    userId: record.userId,
    userEmail: record.userEmail,
    processId: record.processId,
    requestId: record.requestId,
    succeeded,
    title: record.title,
    fileName: record.fileName,
    fileKey: succeeded ? outcome.file.key : '',
    size: succeeded ? String(outcome.file.size) : '0',
    expiresAt: succeeded ? outcome.expiresAt : undefined,
    error: succeeded ? '' : outcome.error,
  });
}
