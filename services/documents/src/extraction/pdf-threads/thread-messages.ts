import type { ExtractedContent, ExtractionFailureReason } from '../extraction.types';

/** One PDF to read: its bytes (transferred, not copied) and the page limit. */
export interface PdfRequest {
  bytes: Uint8Array;
  maxPages: number;
}

/** What a PDF thread answers: the content, or why the file cannot be used. */
export type PdfReply =
  | { type: 'ready' }
  | { type: 'read'; content: ExtractedContent }
  | { type: 'refused'; reason: ExtractionFailureReason; message: string };
