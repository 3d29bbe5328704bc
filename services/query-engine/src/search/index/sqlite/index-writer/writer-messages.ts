import type { IndexedDocument } from '../../../../domain/indexed-document';
import type { UpsertOutcome, WriteCost } from '../../search-backend';
import type { SerializedError } from '../search-threads/thread-messages';
import type { FacetChange } from '../sqlite-index-file';

/** What the writer thread is started with. */
export interface WriterData {
  indexPath: string;
  /** Linux nice value of the thread (0-19): writes yield the cores to searches and questions. */
  nice: number;
  /** Documents per transaction in upsertMany. */
  chunk: number;
}

/** The writes the writer thread runs, with their arguments and results. */
export interface WriterCalls {
  upsert: { args: [document: IndexedDocument]; result: UpsertOutcome };
  upsertMany: { args: [documents: IndexedDocument[]]; result: null };
  remove: { args: [documentId: string]; result: boolean };
  /** Adds the word pairs of up to `limit` documents written without them (the background pass); how many. */
  addWordPairs: { args: [limit: number]; result: number };
  /** Close the file (before it is replaced; writes asked meanwhile wait for it to open again) or open it again. */
  close: { args: []; result: null };
  open: { args: []; result: null };
}
export type WriterMethod = keyof WriterCalls;

export interface ToWriter {
  id: number;
  method: WriterMethod;
  args: unknown[];
}

/**
 * `facets`: what the committed transactions changed, for the search threads' copies; `cost`: documents
 * written and the thread's CPU time for them since it started (the word-pair pass left out);
 * `pairsPendingSince`: since when the oldest document without its word pairs has waited (ms), or null.
 * `opened` comes once the thread has opened the file.
 */
export type FromWriter =
  | {
      type: 'done';
      id: number;
      result: unknown;
      facets: FacetChange[];
      cost: WriteCost;
      pairsPendingSince: number | null;
    }
  | {
      type: 'failed';
      id: number;
      error: SerializedError;
      facets: FacetChange[];
      cost: WriteCost;
      pairsPendingSince: number | null;
    }
  | { type: 'opened'; pairsPendingSince: number | null }
  | { type: 'fatal'; error: SerializedError };
