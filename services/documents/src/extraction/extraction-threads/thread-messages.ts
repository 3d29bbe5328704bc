import type { ExtractedContent, ExtractionFailureReason, ExtractionLimits } from '../extraction.types';

/** Formats whose parsers take real CPU (a large file, seconds): they run in extraction threads. */
export type ThreadedFormat = 'pdf' | 'docx' | 'html';

/** One file to read: its bytes (transferred, not copied) and the limits that apply. */
export interface ExtractionRequest {
  format: ThreadedFormat;
  bytes: Uint8Array;
  limits: Pick<ExtractionLimits, 'maxBytes' | 'maxPages'>;
}

/** What an extraction thread answers: the content, why the file cannot be used, or the parser's own error. */
export type ExtractionReply =
  | { type: 'ready' }
  | { type: 'read'; content: ExtractedContent }
  | { type: 'refused'; reason: ExtractionFailureReason; message: string }
  | { type: 'failed'; message: string };
