import type { IndexedDocument } from './indexed-document';

export interface DocumentPage {
  documents: IndexedDocument[];
  /** Empty on the last page. */
  nextPageToken: string;
  /** How many documents the source holds right now (it may change while we page). */
  totalSize: number;
}

/** The source of truth the index is rebuilt from (the documents service, over gRPC). */
export interface DocumentSource {
  listDocuments(request: { pageSize: number; pageToken: string }): Promise<DocumentPage>;
}
