import { InputError } from '@docket/errors';
import type { Analysis, AnalysisModeName, Citation } from './analysis';
import type { Figures } from './figures';
import type { SearchFilters } from './search-filters';

export const MAX_QUESTION_LENGTH = 1_000;
/** How many fused results form the question's result set (the documents view and the figures describe these). */
export const RESULT_SET_SIZE = 200;
/** How many of the best results the analysis reads. */
export const ANALYSED_DOCUMENTS = 10;
/** How many documents the documents view lists. */
export const LISTED_DOCUMENTS = 20;

/** A document the answer used, ranked after fusion, with the passages cited from it. */
export interface QueryDocument {
  documentId: string;
  title: string;
  sourceId: string;
  sourceName: string;
  docketNumber: string;
  filingCategory: string;
  filedAt?: Date | undefined;
  /** 1-based, after fusion; 0 for a cited document the retrieval did not return (read from the proceeding's record). */
  rank: number;
  score: number;
  passages: Citation[];
}

export interface QueryTimings {
  retrievalMs: number;
  analysisMs: number;
  figuresMs: number;
  totalMs: number;
}

/** Where a stored query came from: a question asked, or a workspace search (its analysis is built on first open). */
export type QueryOrigin = 'question' | 'search';

export interface StoredQuery {
  id: string;
  origin: QueryOrigin;
  question: string;
  filters: SearchFilters;
  userId: string;
  workspaceId: string;
  requestId: string;
  createdAt: Date;
  timings: QueryTimings;
  mode: AnalysisModeName;
  resultIds: string[];
  /** Absent for a search whose analysis has not been opened yet. */
  analysis?: Analysis | undefined;
  documents: QueryDocument[];
  figures?: Figures | undefined;
}

/** Trims and bounds a question; an empty or oversized one is the caller's mistake. */
export function validateQuestion(question: string): string {
  const trimmed = question.trim();
  if (trimmed.length === 0)
    throw new InputError('the question is empty', [{ path: 'question', message: 'must not be empty' }]);
  if (trimmed.length > MAX_QUESTION_LENGTH) {
    throw new InputError('the question is too long', [
      { path: 'question', message: `must be at most ${MAX_QUESTION_LENGTH} characters` },
    ]);
  }
  return trimmed;
}
