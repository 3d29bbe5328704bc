import { DEFAULT_PDF_THREADS, PDF_THREAD_IDLE_MS, PdfThreads } from './pdf-threads/pdf-threads';
import type { ExtractedContent, ExtractorContext } from './extraction.types';

let threads: PdfThreads | undefined;

/** The service's PDF threads, started with the first PDF. */
function pdfThreads(): PdfThreads {
  threads ??= new PdfThreads({ size: DEFAULT_PDF_THREADS, idleMs: PDF_THREAD_IDLE_MS });
  return threads;
}

/** Text of every page of a PDF, in reading order, read by PDFium in a PDF thread. */
export function extractPdf(bytes: Buffer, context: ExtractorContext): Promise<ExtractedContent> {
  // A copy of its own, which is handed (transferred) to the thread.
  return pdfThreads().read(new Uint8Array(bytes), context.limits.maxPages, context.signal);
}
