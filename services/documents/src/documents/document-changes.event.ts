import { newEventFields, pendingEvent, topics, type PendingEvent, type TopicDef } from '@docket/events';
import type {
  DocumentDeleted,
  DocumentIngested,
  DocumentUpdated,
  ReleasePublished,
} from '@docket/proto/src/document-events';
import type { Document } from '../domain/document.types';

export interface DocumentsTopics {
  ingested: TopicDef<DocumentIngested>;
  updated: TopicDef<DocumentUpdated>;
  deleted: TopicDef<DocumentDeleted>;
  releasePublished: TopicDef<ReleasePublished>;
}

export const DEFAULT_DOCUMENTS_TOPICS: DocumentsTopics = {
  ingested: topics.documentIngested,
  updated: topics.documentUpdated,
  deleted: topics.documentDeleted,
  releasePublished: topics.releasePublished,
};

export type EventDocument = Pick<
  Document,
  | 'id'
  | 'title'
  | 'text'
  | 'sourceId'
  | 'docketNumber'
  | 'docketId'
  | 'filingType'
  | 'filingCategory'
  | 'filedAt'
  | 'sha256'
  | 'filers'
  | 'description'
  | 'language'
  | 'entities'
  | 'pages'
> & { parties: string[]; sourceName: string };

function body(document: EventDocument) {
  return {
    ...newEventFields(),
    documentId: document.id,
    title: document.title,
    text: document.text,
    sourceId: document.sourceId,
    docketNumber: document.docketNumber,
    filingType: document.filingType,
    filedAt: document.filedAt,
    sha256: document.sha256,
    filingCategory: document.filingCategory,
    filers: document.filers,
    parties: document.parties,
    description: document.description,
    language: document.language,
    docketId: document.docketId,
    sourceName: document.sourceName,
    // Mentions stay in the documents service; the index needs each entity once.
    entities: document.entities.map((entity) => ({ entityId: entity.id, kind: entity.kind, name: entity.name })),
    pages: document.pages.map((page) => ({ number: page.number, start: page.start, end: page.end })),
  };
}

/** documents.ingested.v1 for a new document, ready to sit in its outbox. */
export function documentIngestedEvent(document: EventDocument, topic: TopicDef<DocumentIngested>): PendingEvent {
  return pendingEvent(topic, body(document));
}

/** documents.updated.v1: the document as it now is. */
export function documentUpdatedEvent(document: EventDocument, topic: TopicDef<DocumentUpdated>): PendingEvent {
  return pendingEvent(topic, body(document));
}

export function documentDeletedEvent(
  documentId: string,
  reason: string,
  topic: TopicDef<DocumentDeleted>,
): PendingEvent {
  return pendingEvent(topic, { ...newEventFields(), documentId, reason });
}

export function releasePublishedEvent(
  dataProductId: string,
  releaseId: string,
  version: string,
  topic: TopicDef<ReleasePublished>,
): PendingEvent {
  return pendingEvent(topic, { ...newEventFields(), dataProductId, releaseId, version });
}
