/**
 * An extraction thread: reads one file per message (PDF with PDFium, loaded with the first PDF;
 * DOCX with mammoth; HTML with cheerio; a court's docket or opinion page with the recognisers)
 * and answers every request: the content, why the file cannot be used, or the parser's error.
 * After PDFium itself failed (a WebAssembly trap leaves its memory in doubt) the thread answers
 * and then ends; the pool starts another.
 */
import { parentPort } from 'node:worker_threads';
import type { WrappedPdfiumModule } from '@embedpdf/pdfium';
import { recogniseCourtRecord } from '../../domain/court-records';
import { extractDocx } from '../docx.extractor';
import { ExtractionError, type ExtractedContent } from '../extraction.types';
import { extractHtml } from '../html.extractor';
import { loadPdfium, readPdf } from './pdfium-reader';
import type { ExtractionReply, ExtractionRequest, ThreadRequest } from './thread-messages';

const port = parentPort;
if (!port) throw new Error('extraction-thread.worker.ts runs as a worker thread');

let pdfium: Promise<WrappedPdfiumModule> | undefined;
/** The thread ends only by the pool's hand; this signal is for the extractors that take one. */
const NEVER_ABORTED = new AbortController().signal;

async function extract({ format, bytes, limits }: ExtractionRequest): Promise<ExtractedContent> {
  switch (format) {
    case 'pdf':
      return readPdf(await (pdfium ??= loadPdfium()), bytes, limits.maxPages);
    case 'docx':
      return extractDocx(asBuffer(bytes), { limits: { ...limits, timeoutMs: Infinity }, signal: NEVER_ABORTED });
    case 'html':
      return extractHtml(asBuffer(bytes));
  }
}

/** The transferred bytes as a Buffer, without a copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

port.on('message', (request: ThreadRequest) => {
  if (request.format === 'court-record') {
    let reply: ExtractionReply;
    try {
      reply = {
        type: 'recognised',
        record: recogniseCourtRecord({ fileName: request.fileName, bytes: asBuffer(request.bytes) }) ?? null,
      };
    } catch (error) {
      reply = { type: 'failed', message: (error as Error)?.message ?? String(error) };
    }
    port.postMessage(reply);
    return;
  }
  void extract(request).then(
    (content) => port.postMessage({ type: 'read', content } satisfies ExtractionReply),
    (error: unknown) => {
      if (error instanceof ExtractionError) {
        port.postMessage({ type: 'refused', reason: error.reason, message: error.message } satisfies ExtractionReply);
        return;
      }
      port.postMessage({
        type: 'failed',
        message: (error as Error)?.message ?? String(error),
      } satisfies ExtractionReply);
      if (request.format === 'pdf') process.exit(1);
    },
  );
});
port.postMessage({ type: 'ready' } satisfies ExtractionReply);
