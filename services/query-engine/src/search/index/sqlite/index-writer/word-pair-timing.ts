import type { BacklogTiming } from '@docket/service-kit';

/**
 * When the writer thread adds the word pairs of documents written without them (fts-query.ts says
 * why they wait; BacklogSchedule how the timing works): a document becomes searchable by its words at
 * once, and phrase-fast within about half a minute.
 *
 * About 3 ms a document on the writer thread: a batch of 32 holds a write back for about 100 ms, one
 * of 512 for about 1.5 s. While the 20,000 default filings loaded (about 130 a second), batches of 32
 * between writes fell behind: the oldest waited 60 s.
 */
export const WORD_PAIR_TIMING: BacklogTiming = { quietMs: 2_000, maxWaitMs: 30_000, batch: 32, maxBatch: 512 };
