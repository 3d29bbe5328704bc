import type { CourtRecord } from '../../domain/court-records';
import type { ExtractedContent, ExtractionFailureReason, ExtractionLimits } from '../extraction.types';

/** Formats whose parsers take real CPU (a large file, seconds): they run in extraction threads. */
export type ThreadedFormat = 'pdf' | 'docx' | 'html';

/** One file to read: its bytes (transferred, not copied) and the limits that apply. */
export interface ExtractionRequest {
  format: ThreadedFormat;
  bytes: Uint8Array;
  limits: Pick<ExtractionLimits, 'maxBytes' | 'maxPages'>;
}

/**
 * A file that may be a court's record (a docket report, an opinion page): what a recogniser reads in it
 * (a page of tables takes real CPU too).
 */
export interface CourtRecordRequest {
  format: 'court-record';
  bytes: Uint8Array;
  fileName: string;
}

export type ThreadRequest = ExtractionRequest | CourtRecordRequest;

/**
 * What an extraction thread answers: the content (or the court record, none when no recogniser claims the file),
 * why the file cannot be used, or the parser's own error.
 */
export type ExtractionReply =
  | { type: 'ready' }
  | { type: 'read'; content: ExtractedContent }
  | { type: 'recognised'; record: CourtRecord | null }
  | { type: 'refused'; reason: ExtractionFailureReason; message: string }
  | { type: 'failed'; message: string };
