/**
 * The contract every remote-source connector honours. Connectors are pure: they read a source and
 * yield normalised records; storing, deduplicating (by sourceDocumentId) and publishing happen elsewhere.
 */
export interface ConnectorParty {
  name: string;
  role: string;
}

export interface ConnectorRecord {
  sourceId: string;
  /** Stable id of the document at the source; the downstream idempotency key. */
  sourceDocumentId: string;
  sourceUrl: string;
  title: string;
  filingTypeNative: string;
  docketNumbers: string[];
  agencies: string[];
  parties?: ConnectorParty[];
  /** ISO date (YYYY-MM-DD) or timestamp. */
  filedAt: string;
  abstract?: string;
  fullTextUrl?: string;
  pdfUrl?: string;
  raw: unknown;
}

export interface FetchOptions {
  signal?: AbortSignal;
  pageSize?: number;
}

export interface ConnectorItem {
  record: ConnectorRecord;
  /** Persist this after handling `record`: fetchSince(cursor) then yields only what came after it. */
  cursor: string;
}

export interface SourceConnector {
  readonly id: string;
  fetchSince(cursor: string | undefined, options?: FetchOptions): AsyncGenerator<ConnectorItem>;
}
