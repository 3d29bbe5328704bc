/** What the documents feature offers the rest of the service. */
export type { SourceView } from './document-view';
export type { DocumentsGateway } from './documents.gateway';
export { toEntityRefView, toSourceView } from './documents.mapper';
export type { UploadLimits } from './multipart-upload';
