/**
 * A PDF thread: loads PDFium once, then reads one PDF per message. It answers every request, with
 * the content or with why the file cannot be used; a file that crashes it (PDFium aborting) ends the
 * thread, and the pool reports that file as corrupt.
 */
import { parentPort } from 'node:worker_threads';
import { ExtractionError } from '../extraction.types';
import { loadPdfium, readPdf } from './pdfium-reader';
import type { PdfReply, PdfRequest } from './thread-messages';

const port = parentPort;
if (!port) throw new Error('pdf-thread.worker.ts runs as a worker thread');

void loadPdfium().then((lib) => {
  port.on('message', ({ bytes, maxPages }: PdfRequest) => {
    let reply: PdfReply;
    try {
      reply = { type: 'read', content: readPdf(lib, bytes, maxPages) };
    } catch (error) {
      if (!(error instanceof ExtractionError)) throw error;
      reply = { type: 'refused', reason: error.reason, message: error.message };
    }
    port.postMessage(reply);
  });
  port.postMessage({ type: 'ready' } satisfies PdfReply);
});
