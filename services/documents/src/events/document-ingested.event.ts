import { newEventFields, pendingEvent, topics, type PendingEvent, type TopicDef } from '@docket/events';
import type { DocumentIngested } from '@docket/proto/src/gen/research/documents/events/v1/documents';
import type { StoredDocument } from '../domain/document';

/** The documents.ingested.v1 event for a new document, ready to sit in its outbox. */
export function documentIngestedEvent(
  document: Omit<StoredDocument, 'createdAt' | 'createdBy'>,
  topic: TopicDef<DocumentIngested> = topics.documentIngested,
): PendingEvent {
  return pendingEvent(topic, {
    ...newEventFields(),
    documentId: document.id,
    title: document.title,
    text: document.text,
    sourceId: document.sourceId,
    docketNumber: document.docketNumber,
    filingType: document.filingType,
    filedAt: document.filedAt,
    sha256: document.sha256,
  });
}
