/** What the documents feature offers the rest of the service. */
export { releasePublishedEvent } from './document-changes.event';
export type { DocumentsTopics } from './document-changes.event';
export type { DocumentService } from './document.service';
export { docketToProto, documentToProto, runToProto, sourceToProto } from './documents.mapper';
export type { IngestNote, IngestService, OutboxKicker } from './ingest.service';
