import type { CourtRecord } from '../domain/court-records';
import {
  DEFAULT_EXTRACTION_THREADS,
  EXTRACTION_THREAD_IDLE_MS,
  ExtractionThreads,
} from './extraction-threads/extraction-threads';
import type { ThreadedFormat } from './extraction-threads/thread-messages';
import type { ExtractedContent, ExtractorContext } from './extraction.types';

let threads: ExtractionThreads | undefined;

/** The service's extraction threads, started with the first file that needs one. */
function extractionThreads(): ExtractionThreads {
  threads ??= new ExtractionThreads({ size: DEFAULT_EXTRACTION_THREADS, idleMs: EXTRACTION_THREAD_IDLE_MS });
  return threads;
}

/** A PDF (PDFium), DOCX (mammoth) or HTML file (cheerio) read in an extraction thread, off the event loop. */
export function extractInThread(
  format: ThreadedFormat,
  bytes: Buffer,
  context: ExtractorContext,
): Promise<ExtractedContent> {
  // A copy of its own, which is handed (transferred) to the thread.
  return extractionThreads().read(format, new Uint8Array(bytes), context.limits, context.signal);
}

/**
 * What a court's file holds (a docket, listed opinions), read in an extraction thread, off the event loop;
 * undefined when no recogniser claims it.
 */
export function recogniseInThread(
  bytes: Buffer,
  fileName: string,
  signal: AbortSignal,
): Promise<CourtRecord | undefined> {
  return extractionThreads().recognise(new Uint8Array(bytes), fileName, signal);
}
