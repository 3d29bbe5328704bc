import {
  ConflictError,
  InputError,
  isAppError,
  NotAllowedError,
  NotFoundError,
  UnavailableError,
  type FieldIssue,
} from '@docket/errors';
import type { QueryNode } from '@docket/query-language';
import type { FetchOptions, SearchQuery } from '../../search-backend';
import type { FacetChange } from '../sqlite-index-file';
import type { SearchTuning } from '../sqlite-searcher';

/** What a search thread is started with. */
export interface ThreadData {
  indexPath: string;
  /** Its slot in the query_budget extension: the main thread interrupts its SQL through it. */
  slot: number;
  tuning: Partial<SearchTuning>;
}

/** The reads a search thread runs, with their arguments. */
export interface ThreadCalls {
  search: [query: SearchQuery];
  rankForQuestion: [words: string[], scope: QueryNode | null, k: number];
  fetch: [documentIds: string[], options?: FetchOptions];
  countByDay: [query: QueryNode];
}
export type ThreadMethod = keyof ThreadCalls;

export type ToThread =
  | { type: 'call'; id: number; method: ThreadMethod; args: unknown[] }
  /** Committed writes: facet values to apply; cached IDFs are stale. */
  | { type: 'changes'; facets: FacetChange[] }
  /** Close the index file (before it is replaced) or open it again. */
  | { type: 'close' | 'open'; id: number };

export type FromThread =
  | { type: 'done'; id: number; result: unknown }
  | { type: 'failed'; id: number; error: SerializedError }
  /** The index file is open and the facets loaded: calls are answered without delay from now on. */
  | { type: 'ready' }
  /** The index file could not be opened: the thread is of no use. */
  | { type: 'fatal'; error: SerializedError };

/** An error as it crosses between threads: the house errors keep their kind and issues. */
export interface SerializedError {
  kind?: string;
  message: string;
  issues?: FieldIssue[];
  unauthenticated?: boolean;
  /** SQLite interrupted the work (query_budget): the budget was spent or the caller cancelled. */
  interrupted?: boolean;
  stack?: string;
}

export function serializeError(error: unknown): SerializedError {
  const code = (error as { code?: unknown })?.code;
  if (code === 'SQLITE_INTERRUPT') return { message: 'interrupted', interrupted: true };
  if (isAppError(error)) {
    return {
      kind: error.kind,
      message: error.message,
      ...(error instanceof InputError ? { issues: error.issues } : {}),
      ...(error instanceof NotAllowedError ? { unauthenticated: error.unauthenticated } : {}),
    };
  }
  const plain = error instanceof Error ? error : new Error(String(error));
  return { message: plain.message, stack: plain.stack };
}

export function deserializeError(error: SerializedError): Error {
  switch (error.kind) {
    case 'input':
      return new InputError(error.message, error.issues ?? []);
    case 'not_found':
      return new NotFoundError(error.message);
    case 'conflict':
      return new ConflictError(error.message);
    case 'not_allowed':
      return new NotAllowedError(error.message, error.unauthenticated ?? false);
    case 'unavailable':
      return new UnavailableError(error.message);
    default: {
      const plain = new Error(`search thread: ${error.message}`);
      if (error.stack) plain.stack = `search thread: ${error.stack}`;
      return plain;
    }
  }
}
